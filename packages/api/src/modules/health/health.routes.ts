import { healthSchema } from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /health`: 200 while the database answers, 503 otherwise (for load balancers). */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<boolean> }> = async (app, { ping }) => {
  app.get(
    '/health',
    { schema: { tags: ['Operations'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const up = await ping();
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
    },
  );
};
