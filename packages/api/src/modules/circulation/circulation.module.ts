import type { ApiModule } from '../../lib/module.js';
import { closedStacksRoutes } from './closed-stacks.routes.js';
import { deskRoutes } from './desk.routes.js';
import { holdsRoutes } from './holds.routes.js';
import { loanRequestsRoutes } from './loan-requests.routes.js';
import { loansRoutes } from './loans.routes.js';

/** Circulation: loans and renewals, holds, loan requests, the closed stacks and the staff desk. */
export const circulationModule: ApiModule = async (app) => {
  const { db } = app;
  await app.register(closedStacksRoutes, { db });
  await app.register(holdsRoutes, { db });
  await app.register(loansRoutes, { db });
  await app.register(loanRequestsRoutes, { db });
  await app.register(deskRoutes, { db });
};
