import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { commentsRoutes } from './comments.routes.js';
import { moderationRoutes } from './moderation.routes.js';

/** Patrons' comments on titles, published once the library approves them; the moderators' screen. */
export const commentsModule: ApiModule = async (app) => {
  await app.register(commentsRoutes, { db: app.db });
  await app.register(moderationRoutes, { db: app.db });
};

export default { plugin: commentsModule } satisfies ModuleDefinition;
