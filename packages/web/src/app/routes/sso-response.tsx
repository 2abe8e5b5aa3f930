import { isSitePath } from '@estante/contracts/kernel';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api/client';
import { finishOidc, finishSaml, keepSsoError } from '../../features/auth/api/sso';
import { paths } from '../paths';
import { Group, Loader, Text } from '@mantine/core';
import { PageTitle } from '../../ui/page-title';
import { useSiteName } from './use-site-name';

/** Only same-site paths are followed after sign-in. */
const safe = (value: string | null) => (isSitePath(value) ? value : paths.home);

/**
 * The end of an external sign-in (spec §2 `/oauth-response`, `/saml-response`): the handle is
 * traded once for a session, then the browser goes where the sign-in started. A refusal
 * (permissions denied, token not valid, user not found …) goes back to the login page, which
 * shows the message once.
 */
function useFinish(finish: () => Promise<string | null>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finish()
      .then((redirect) => navigate(safe(redirect), { replace: true }))
      .catch((error: unknown) => {
        keepSsoError(messageOf(error, t('login.ssoFailed')));
        navigate(paths.login, { replace: true });
      });
  }, [finish, navigate, t]);
}

function SigningIn({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const site = useSiteName();
  return (
    <>
      <PageTitle site={site}>{t(titleKey)}</PageTitle>
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('login.signingIn')}</Text>
      </Group>
    </>
  );
}

export function OidcResponseRoute() {
  useFinish(finishOidc);
  return <SigningIn titleKey="screens.oauthResponse" />;
}

export function SamlResponseRoute() {
  const [params] = useSearchParams();
  const ticket = params.get('saml') ?? '';
  const finish = useCallback(() => (ticket ? finishSaml(ticket) : Promise.reject(new Error('no SAML ticket'))), [ticket]);
  useFinish(finish);
  return <SigningIn titleKey="screens.samlResponse" />;
}
