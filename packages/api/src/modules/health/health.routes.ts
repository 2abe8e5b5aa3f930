import { healthEndpoint } from '@estante/contracts/health';
import type { FastifyPluginAsync } from 'fastify';
import type { ReplicaState } from '../../db/replicas.js';
import { route } from '../../lib/route.js';

/** `GET /health`: 200 while the database answers, 503 otherwise (for load balancers). */
export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<boolean>; replicas: () => ReplicaState[] }> = async (app, { ping, replicas }) => {
  route(app, healthEndpoint, async (_request, reply) => {
    const up = await ping();
    const states = replicas();
    return reply.status(up ? 200 : 503).send({
      status: up ? 'ok' : 'unavailable',
      database: up ? 'up' : 'down',
      ...(states.length ? { replicas: { total: states.length, reading: states.filter((s) => s.usable).length } } : {}),
    });
  });
};
