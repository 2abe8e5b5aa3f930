import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { collectionRoutes } from './collection.routes.js';

/**
 * Meu Pergamum's collection calls (issue 20): a professor's teaching plans with their
 * bibliography's copies, loans and coverage against the institution's targets (also as CSV and
 * PDF), the databases and e-resources the patron's category may use, and the titles and copies
 * acquired in a period.
 */
export const collectionModule: ApiModule = async (app, { config }) => {
  await app.register(collectionRoutes, { db: app.db, providerSecret: config.providerSecret });
};

export default { plugin: collectionModule } satisfies ModuleDefinition;
