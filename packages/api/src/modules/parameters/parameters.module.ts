import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { parametersRoutes } from './parameters.routes.js';

/** The institution's settings, activities, search guides and content (spec §7 "Parameters"). */
export const parametersModule: ApiModule = async (app) => {
  await app.register(parametersRoutes, { db: app.db });
};

export default { plugin: parametersModule } satisfies ModuleDefinition;
