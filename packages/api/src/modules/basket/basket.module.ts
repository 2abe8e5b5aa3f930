import type { ApiModule } from '../../lib/module.js';
import { basketRoutes } from './basket.routes.js';

/** The basket's export and e-mail, and the patron's permanent basket. */
export const basketModule: ApiModule = async (app, { mailer }) => {
  await app.register(basketRoutes, { db: app.db, mailer });
};
