import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { commentsRoutes } from './comments.routes.js';

/** Patrons' comments on titles, published once the library approves them. */
export const commentsModule: ApiModule = async (app) => {
  await app.register(commentsRoutes, { db: app.db });
};

export default { plugin: commentsModule } satisfies ModuleDefinition;
