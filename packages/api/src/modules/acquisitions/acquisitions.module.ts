import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { acquisitionsRoutes } from './acquisitions.routes.js';

/**
 * Acquisition suggestions' life (spec §7 "Acquisition", issue 20): the patron's list, statistics
 * and purchase orders; the library takes suggestions up, quotes, orders, receives or refuses them
 * (`npm run acquisitions`, or the staff API), the patron e-mailed at each step.
 */
export const acquisitionsModule: ApiModule = async (app, { mailer, config }) => {
  await app.register(acquisitionsRoutes, { db: app.db, mailer, config });
};

export default { plugin: acquisitionsModule } satisfies ModuleDefinition;
