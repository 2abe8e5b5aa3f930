import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { staffRoutes } from './staff.routes.js';

/** The staff accounts: who holds which roles, by screen (administração) and by `npm run staff -- staff`. */
export const staffModule: ApiModule = async (app) => {
  await app.register(staffRoutes, { db: app.db });
};

export default { plugin: staffModule } satisfies ModuleDefinition;
