import { isSitePath } from '@estante/contracts/kernel';
import { Alert, Anchor, Image, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { forgetSsoError, keptSsoError } from '../../features/auth/api/sso';
import { RecoveryForm } from '../../features/auth/components/recovery-form';
import { SignInPanel, useSignInSettings } from '../shell/sign-in-panel';
import { useInstitutionText } from '../../features/parameters/api/get-instituicao';
import { useHasSession } from '../../stores/session';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { useSiteName } from './use-site-name';

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeRedirect(value: string | null): string {
  return isSitePath(value) ? value : paths.home;
}

/** `/login?redirect=…`: the sign-in page; signed in, it goes straight to the destination. */
export function LoginRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const { instituicao, loginLabel: label, captcha } = useSignInSettings();
  const welcome = useInstitutionText('msg_login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const signedIn = useHasSession();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  const [done, setDone] = useState<string | null>(null);
  // Spec §2: the forgot-password link only when authentication mode 2 and crypto 4.
  const canRecover = instituicao.p.__md_aut === 2 && instituicao.p.__md_crypt === 4;
  // Spec §4: an external sign-in's error, shown once. Read as the page renders, forgotten once it
  // has mounted: a render React throws away (one that waits for code or data) must not lose it.
  const [ssoError] = useState(keptSsoError);
  useEffect(() => forgetSsoError(), []);
  if (signedIn) return <Navigate replace to={redirect} />;
  if (mode === 'forgot') {
    return (
      <>
        <PageTitle site={site}>{t('recovery.title')}</PageTitle>
        <RecoveryForm
          loginLabel={label}
          captcha={captcha}
          onCancel={() => setMode('login')}
          onDone={(message) => {
            setDone(message);
            setMode('login');
          }}
        />
      </>
    );
  }
  return (
    <>
      {instituicao.tema.logo && <Image src={instituicao.tema.logo} alt={t('login.logo', { name: instituicao.nome })} h={72} w="auto" fit="contain" mb="sm" />}
      <PageTitle site={site}>{t('screens.login')}</PageTitle>
      {done && (
        <Alert color="green" variant="light" role="status" mb="md" maw={360}>
          {done}
        </Alert>
      )}
      {ssoError && (
        <Alert color="yellow" variant="light" role="alert" mb="md" maw={360}>
          {ssoError}
        </Alert>
      )}
      {welcome && <Text mb="md">{welcome}</Text>}
      <Paper withBorder p="md" maw={420} component="section" aria-label={t('login.panel')}>
        <SignInPanel
          variant="page"
          redirect={redirect}
          onSignedIn={(destination) => navigate(destination === 'M' ? paths.account : redirect, { replace: true })}
          footer={
            canRecover && (
              <Anchor component="button" type="button" underline="always" onClick={() => setMode('forgot')}>
                {t('recovery.link')}
              </Anchor>
            )
          }
        />
      </Paper>
    </>
  );
}
