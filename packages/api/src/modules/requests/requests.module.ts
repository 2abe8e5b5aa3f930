import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { requestsRoutes } from './requests.routes.js';

/**
 * The patron's requests to the library (spec §7 "Requests"): bibliographic switching, survey,
 * catalogue sheet (with its PDF), specialised search, inter-library loan — each stored, e-mailed
 * to the library and moved on by it (`npm run requests`, or the staff API), the patron e-mailed
 * at each step.
 */
export const requestsModule: ApiModule = async (app, { mailer }) => {
  await app.register(requestsRoutes, { db: app.db, mailer });
};

export default { plugin: requestsModule } satisfies ModuleDefinition;
