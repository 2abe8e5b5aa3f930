import { Button, Divider } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../../api/config';
import { type Destination, LoginForm, type LoginFlow } from '../../features/auth/components/login-form';
import { startOidc, startSaml } from '../../features/auth/api/sso';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { useInstitutionText, useInstituicao } from '../../features/parameters/api/get-instituicao';

const { sso } = readRuntimeConfig();

/** The institution's sign-in settings, for the login form wherever it appears. */
export function useSignInSettings() {
  const { t } = useTranslation();
  const instituicao = useInstituicao();
  const loginWord = useInstitutionText('denominacao_login');
  const permissions = usePermissions();
  const flow: LoginFlow = instituicao.codEmpresa === 571 ? 'two-step' : instituicao.codEmpresa === 87 ? 'category' : 'standard';
  return {
    flow,
    captcha: permissions.hasAll(ACTIVITY.captcha),
    accountArea: permissions.hasAll(ACTIVITY.accountArea),
    loginLabel: loginWord || t('login.username'),
    oidc: sso.oidc && instituicao.usaOIDC,
    saml: sso.saml,
    instituicao,
  };
}

/**
 * The login form with the institution's behaviours (spec §2, §4): the flow (571 two steps, 87
 * category), the captcha (activity 1120), the button to the institutional sign-in (OIDC or
 * SAML), and — only on the login page, with activity 8 — the destination selector. Embedded in
 * a screen or in a modal, signing in simply turns that screen into its signed-in form.
 */
export function SignInPanel({
  variant,
  redirect,
  onSignedIn,
  footer,
}: {
  variant: 'page' | 'embedded' | 'modal';
  redirect: string;
  onSignedIn: (destination: Destination | null) => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const settings = useSignInSettings();
  const [leaving, setLeaving] = useState(false);
  const institutional = async (go: () => Promise<void>) => {
    setLeaving(true);
    try {
      await go();
    } catch {
      setLeaving(false);
    }
  };
  const ssoButton = (settings.oidc || settings.saml) && (
    <>
      <Divider label={t('login.or')} labelPosition="center" />
      <Button
        variant="outline"
        color="blue.9"
        loading={leaving}
        onClick={() => void institutional(() => (settings.saml ? startSaml(redirect) : startOidc(undefined, redirect)))}
      >
        {t('login.institutional')}
      </Button>
    </>
  );
  return (
    <LoginForm
      loginLabel={settings.loginLabel}
      flow={settings.flow}
      captcha={settings.captcha}
      destination={variant === 'page' && settings.accountArea ? settings.instituicao.destino_padrao_login_catalogo : undefined}
      onInstitutional={settings.oidc ? (login) => void institutional(() => startOidc(login, redirect)) : undefined}
      onSignedIn={onSignedIn}
      footer={
        <>
          {ssoButton}
          {footer}
        </>
      }
    />
  );
}
