import { useFuncionalidades } from './api/get-funcionalidades';
import { type Permissions, permissionsOf } from './permissions';

export { ACTIVITY } from './permissions';

/** The institution's features as permissions: what every screen asks before it shows a feature. */
export function usePermissions(): Permissions {
  return permissionsOf(useFuncionalidades());
}
