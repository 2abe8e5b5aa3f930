import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { unitsRoutes } from './units.routes.js';

/** Campuses and libraries, and what patrons send them (general comments, acquisition suggestions). */
export const unitsModule: ApiModule = async (app, { mailer }) => {
  await app.register(unitsRoutes, { db: app.db, mailer });
};

export default { plugin: unitsModule } satisfies ModuleDefinition;
