import { closedStacksEndpoints } from '@estante/contracts/circulation';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { closedStackData, requestFromClosedStacks } from './closed-stacks.service.js';

/** Closed stacks (acervo fechado): what is there, and requests to fetch it. */
export const closedStacksRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, closedStacksEndpoints.data, (request) => closedStackData(db, request.params.id, request.query));
  route(app, closedStacksEndpoints.request, (request) =>
    requestFromClosedStacks(db, request.patron.codPessoa, request.query.cod_biblioteca, request.body.cesta),
  );
};
