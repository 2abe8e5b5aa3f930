import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { feedsRoutes } from './feeds.routes.js';

/**
 * Feeds (decision 0019): a patron's alerts as Atom and their due dates as iCalendar, each at a
 * secret address they can revoke, and any search followed as a public Atom feed.
 */
export const feedsModule: ApiModule = async (app, { config, searchIndex }) => {
  await app.register(feedsRoutes, { db: app.db, index: searchIndex, config });
};

export default { plugin: feedsModule } satisfies ModuleDefinition;
