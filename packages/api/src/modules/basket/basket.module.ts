import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { ExportPool } from './basket.pool.js';
import { basketRoutes } from './basket.routes.js';

/** The basket's export and e-mail, and the patron's permanent basket. Exports are formatted in worker threads, stopped with the app. */
export const basketModule: ApiModule = async (app, { mailer }) => {
  const exports = new ExportPool();
  app.addHook('onClose', () => exports.close());
  await app.register(basketRoutes, { db: app.db, mailer, exports });
};

export default { plugin: basketModule } satisfies ModuleDefinition;
