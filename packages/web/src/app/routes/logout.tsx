import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/client';
import { externalLogout } from '../../features/auth/api/sso';
import { useInstituicao } from '../../features/parameters/api/get-instituicao';
import { paths } from '../paths';
import { ScreenRoute } from './screen';

/**
 * `/sair`: clears both session stores (revoking the refresh token), then goes to the
 * application's base URL — or, after an OIDC or SAML sign-in, to the institution's logout link
 * for it (spec §4 "Logout variants").
 */
export function LogoutRoute() {
  const navigate = useNavigate();
  const instituicao = useInstituicao();
  useEffect(() => {
    const external = externalLogout({ oidc: instituicao.link_logout_OIDC, saml: instituicao.link_logout_saml });
    void signOut().then(() => (external ? window.location.assign(external) : navigate(paths.home, { replace: true })));
  }, [navigate, instituicao]);
  return <ScreenRoute titleKey="screens.logout" />;
}
