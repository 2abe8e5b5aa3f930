import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { openSearchRoutes } from './opensearch.routes.js';

/**
 * OpenSearch (decision 0027): the description at the server's root, `/opensearch.xml`, with which
 * browsers offer the catalogue in their search box. An open interface: registered without the
 * API base path (app.ts OPEN_INTERFACES).
 */
export const opensearchModule: ApiModule = async (app, { config }) => {
  await app.register(openSearchRoutes, { db: app.readDb, config });
};

export default { plugin: opensearchModule, at: 'root' } satisfies ModuleDefinition;
