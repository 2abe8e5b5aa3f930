import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { closedStacksRoutes } from './closed-stacks.routes.js';
import { expireHolds } from './desk.service.js';
import { sendLoanNotices } from './notices.service.js';
import { deskRoutes } from './desk.routes.js';
import { policiesRoutes } from './policies.routes.js';
import { holdsRoutes } from './holds.routes.js';
import { loanRequestsRoutes } from './loan-requests.routes.js';
import { loansRoutes } from './loans.routes.js';

/**
 * Circulation: loans and renewals, holds, loan requests, the closed stacks and the staff desk;
 * and the work it runs by itself: hold expiry and the loan notices, daily.
 */
export const circulationModule: ApiModule = async (app, { mailer, scheduler }) => {
  const { db } = app;
  scheduler.define({
    name: 'circulation.expire-holds',
    cron: '0 4 * * *',
    description: 'expires holds not picked up by their deadline, passing the copy on (npm run circ -- expire)',
    run: async (batch) => `${await expireHolds(batch)} hold(s) expired`,
  });
  scheduler.define({
    name: 'circulation.loan-notices',
    cron: '0 9 * * *',
    description: 'e-mails each patron a reminder before loans are due and a notice when they are overdue, once each',
    run: (batch) => sendLoanNotices(batch, mailer),
  });
  await app.register(closedStacksRoutes, { db });
  await app.register(holdsRoutes, { db });
  await app.register(loansRoutes, { db });
  await app.register(loanRequestsRoutes, { db });
  await app.register(deskRoutes, { db, mailer });
  await app.register(policiesRoutes, { db });
};

export default { plugin: circulationModule } satisfies ModuleDefinition;
