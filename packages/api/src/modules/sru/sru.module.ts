import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { sruRoutes } from './sru.routes.js';

/**
 * The SRU server (issue 22, decision 0025): Search/Retrieve via URL at `/sru`, outside the API
 * base path, over the catalogue's own search, for reference managers and other library systems.
 */
export const sruModule: ApiModule = async (app, { config, searchIndex }) => {
  await app.register(sruRoutes, { db: app.readDb, index: searchIndex, config });
};

export default { plugin: sruModule, at: 'root' } satisfies ModuleDefinition;
