import type { ApiModule } from '../../lib/module.js';
import { authorityRoutes } from './authority.routes.js';
import { lookupsRoutes } from './lookups.routes.js';
import { searchRoutes } from './search.routes.js';
import { titleRoutes } from './title.routes.js';

/** The catalogue: search and its options, look-ups, the title record and its tabs, authorities. */
export const catalogModule: ApiModule = async (app, { searchIndex, networkIndex, config }) => {
  const { db } = app;
  await app.register(searchRoutes, { db, index: searchIndex, networkIndex });
  await app.register(lookupsRoutes, { db });
  await app.register(titleRoutes, { db, providerSecret: config.providerSecret });
  await app.register(authorityRoutes, { db });
};
