import { loanRequestQueueEndpoints, loanRequestsEndpoints } from '@estante/contracts/circulation';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { advanceRequest, loanRequestQueue, myRequests, openLoanRequests, requestLoan, requestStart } from './loan-requests.service.js';

/** Loan requests (spec §7): where a copy can come from, asking for it, the patron's requests by status. */
export const loanRequestsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, loanRequestsEndpoints.start, (request) => requestStart(db, request.params.id, request.patron?.codPessoa ?? null));
  route(app, loanRequestsEndpoints.request, (request) => requestLoan(db, request.patron.codPessoa, request.params.id, request.body));
  route(app, loanRequestsEndpoints.mine, (request) =>
    myRequests(db, request.patron.codPessoa, request.query.dataIni, request.query.dataFim, request.query.status),
  );
  route(app, loanRequestQueueEndpoints.queue, (request) => loanRequestQueue(db, request.query.status, request.query.biblioteca));
  route(app, loanRequestQueueEndpoints.openCount, () => openLoanRequests(db));
  route(app, loanRequestQueueEndpoints.move, (request) => advanceRequest(db, request.params.id, request.body.situacao, staffActor(request)));
};
