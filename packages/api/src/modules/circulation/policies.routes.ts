import { policiesEndpoints as calls } from '@estante/contracts/circulation';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { dropRule, policies, setLoanLimit, setRule } from './policies.service.js';

/** The loan policies for the administration (issue 54). */
export const policiesRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, calls.read, (request) => policies(db, request.language));
  route(app, calls.setRule, (request) => setRule(db, request.params.categoria, request.params.tipo, request.body, staffActor(request), request.language));
  route(app, calls.dropRule, (request) => dropRule(db, request.params.categoria, request.params.tipo, staffActor(request), request.language));
  route(app, calls.setLimit, (request) => setLoanLimit(db, request.params.categoria, request.body.limite_emprestimos, staffActor(request), request.language));
};
