import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useInstituicao } from '../../features/parameters/api/get-instituicao';
import { LoginForm } from '../../features/auth/components/login-form';
import { useHasSession } from '../../stores/session';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { useSiteName } from './use-site-name';

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : paths.home;
}

/** `/login?redirect=…`: the sign-in page; signed in, it goes straight to the destination. */
export function LoginRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const instituicao = useInstituicao();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const signedIn = useHasSession();
  if (signedIn) return <Navigate replace to={redirect} />;
  return (
    <>
      <PageTitle site={site}>{t('screens.login')}</PageTitle>
      {instituicao.msg_login && <Text mb="md">{instituicao.msg_login}</Text>}
      <LoginForm loginLabel={instituicao.denominacao_login?.trim() || t('login.username')} onSignedIn={() => navigate(redirect, { replace: true })} />
    </>
  );
}
