import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { savedRoutes } from './saved.routes.js';

/** Saved searches (decision 0020): a patron keeps a results page's search under a name and runs it again from Meu Pergamum. */
export const savedModule: ApiModule = async (app) => {
  await app.register(savedRoutes, { db: app.db });
};

export default { plugin: savedModule } satisfies ModuleDefinition;
