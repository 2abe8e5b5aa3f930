import { Group, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/client';
import { externalLogout } from '../../features/auth/api/sso';
import { useInstituicao } from '../../features/parameters/api/get-instituicao';
import { paths } from '../paths';

/**
 * `/sair`: clears both session stores (revoking the refresh token), then goes to the
 * application's base URL — or, after an OIDC or SAML sign-in, to the institution's logout link
 * for it (spec §4 "Logout variants"). Meanwhile it only says it is signing out (never the
 * placeholder of a screen still to be built, issue 55).
 */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const instituicao = useInstituicao();
  useEffect(() => {
    const external = externalLogout({ oidc: instituicao.link_logout_OIDC, saml: instituicao.link_logout_saml });
    void signOut().then(() => (external ? window.location.assign(external) : navigate(paths.home, { replace: true })));
  }, [navigate, instituicao]);
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{t('screens.logout')}</Text>
    </Group>
  );
}
