import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { oaiRoutes } from './oai.routes.js';

/**
 * The OAI-PMH 2.0 data provider (decision 0024): the catalogue's titles, and the tombstones of
 * those deleted, as oai_dc and marc21 at `/oai`, with sets per library and work type and
 * stateless resumption tokens. An open interface: registered at the root, outside the API base.
 */
export const oaiModule: ApiModule = async (app, { config }) => {
  await app.register(oaiRoutes, { db: app.readDb, config });
};

export default { plugin: oaiModule, at: 'root' } satisfies ModuleDefinition;
