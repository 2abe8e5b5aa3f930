import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { authorityRoutes } from './authority.routes.js';
import { cataloguingRoutes } from './cataloguing.routes.js';
import { lookupsRoutes } from './lookups.routes.js';
import { recordEditorRoutes } from './record-editor.routes.js';
import { serialsStaffRoutes } from './serials.staff.routes.js';
import { titleRoutes } from './title.routes.js';
import { translationsRoutes } from './translations.routes.js';

/** The catalogue: look-ups, the title record and its tabs, authorities (search is modules/search). */
export const catalogModule: ApiModule = async (app, { config }) => {
  // Everything here but a link's access record reads the catalogue: a replica may answer it.
  const { db, readDb } = app;
  await app.register(lookupsRoutes, { db: readDb });
  await app.register(titleRoutes, { db, read: readDb, providerSecret: config.providerSecret });
  await app.register(authorityRoutes, { db: readDb });
  // The serials desk writes (and reads what it just wrote): the primary.
  await app.register(serialsStaffRoutes, { db });
  await app.register(translationsRoutes, { db });
  // The cataloguing screens write, and read what they wrote: the primary.
  await app.register(cataloguingRoutes, { db });
  // The MARC record editor writes titles and authorities: the primary.
  await app.register(recordEditorRoutes, { db });
};

export default { plugin: catalogModule } satisfies ModuleDefinition;
