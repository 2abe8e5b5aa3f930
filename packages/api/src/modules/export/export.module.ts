import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { exportRoutes } from './export.routes.js';

/** What the library owns, exported: the administration's downloads and `npm run staff -- catalog export`, `people export-*` (decision 0056). */
export const exportModule: ApiModule = async (app) => {
  await app.register(exportRoutes, { db: app.db });
};

export default { plugin: exportModule } satisfies ModuleDefinition;
