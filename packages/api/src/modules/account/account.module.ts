import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { accountRoutes } from './account.routes.js';

/** The patron's own affairs: debts and the payment slip, deviations, the no-debts declaration, the loan token. */
export const accountModule: ApiModule = async (app, { mailer }) => {
  await app.register(accountRoutes, { db: app.db, mailer });
};

export default { plugin: accountModule } satisfies ModuleDefinition;
