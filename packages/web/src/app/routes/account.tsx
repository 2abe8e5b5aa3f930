import { Navigate, useLocation } from 'react-router';
import { useHasSession } from '../../stores/session';
import { paths } from '../paths';
import { ScreenRoute } from './screen';

/** `/meupergamum`: protected; without a session, go to /login?redirect={path} (spec §2). */
export function AccountRoute() {
  const signedIn = useHasSession();
  const location = useLocation();
  if (!signedIn) return <Navigate replace to={paths.loginWithRedirect(`${location.pathname}${location.search}`)} />;
  return <ScreenRoute titleKey="screens.account" />;
}
