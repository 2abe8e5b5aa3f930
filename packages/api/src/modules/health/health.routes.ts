import { healthEndpoint } from '@estante/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.js';

/** `GET /health`: 200 while the database answers, 503 otherwise (for load balancers). */
export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<boolean> }> = async (app, { ping }) => {
  route(app, healthEndpoint, async (_request, reply) => {
    const up = await ping();
    return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
  });
};
