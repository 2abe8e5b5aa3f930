import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { authorityRoutes } from './authority.routes.js';
import { lookupsRoutes } from './lookups.routes.js';
import { searchRoutes } from './search.routes.js';
import { titleRoutes } from './title.routes.js';

/** The catalogue: search and its options, look-ups, the title record and its tabs, authorities. */
export const catalogModule: ApiModule = async (app, { searchIndex, networkIndex, config }) => {
  // Everything here but a link's access record reads the catalogue: a replica may answer it.
  const { db, readDb } = app;
  await app.register(searchRoutes, { db: readDb, index: searchIndex, networkIndex });
  await app.register(lookupsRoutes, { db: readDb });
  await app.register(titleRoutes, { db, read: readDb, providerSecret: config.providerSecret });
  await app.register(authorityRoutes, { db: readDb });
};

export default { plugin: catalogModule } satisfies ModuleDefinition;
