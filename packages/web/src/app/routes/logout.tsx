import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/client';
import { paths } from '../paths';
import { ScreenRoute } from './screen';

/** `/sair`: clears both session stores, then goes to the application's base URL (spec §2). */
export function LogoutRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    void signOut().then(() => navigate(paths.home, { replace: true }));
  }, [navigate]);
  return <ScreenRoute titleKey="screens.logout" />;
}
