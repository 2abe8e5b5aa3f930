import { useSessionUser } from '../../stores/session';
import { useFuncionalidades } from './api/get-funcionalidades';
import { type Permissions, permissionsOf } from './permissions';

export { ACTIVITY } from './permissions';

/**
 * What every screen asks before it shows a feature: the institution's features and, while a
 * patron is signed in, the patron's own permissions from GET /pessoas (spec §6).
 */
export function usePermissions(): Permissions {
  const user = useSessionUser();
  return permissionsOf(useFuncionalidades(), user?.permissoes);
}
