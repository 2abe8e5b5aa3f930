import { networkEndpoints as calls } from '@estante/contracts/network';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { institutions, record } from './network.service.js';

/** The partner network's calls (spec §7); its search is /consulta?base=rede (catalog's search routes, on the network index). */
export const networkRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, calls.institutions, () => institutions(db));
  route(app, calls.record, (request) => record(db, request.params.id, request.language));
};
