import { timingSafeEqual } from 'node:crypto';
import { OPERATIONS_ENDPOINTS } from '@estante/contracts/health';
import type { FastifyPluginAsync } from 'fastify';
import { errors } from '../../lib/messages.js';
import { registry } from '../../lib/metrics.js';
import { scrape } from '../../lib/metrics.cluster.js';
import { route } from '../../lib/route.js';
import { readiness, type ReadinessSources } from './readiness.js';

/**
 * The operations endpoints at the server's root (decision 0059): liveness, readiness and the
 * Prometheus scrape. `metricsToken`: METRICS_TOKEN, which a scrape must then bring as a bearer token.
 */
export const operationsRoutes: FastifyPluginAsync<ReadinessSources & { metricsToken: string | null }> = async (app, { metricsToken, ...sources }) => {
  route(app, OPERATIONS_ENDPOINTS.live, () => ({ status: 'ok' as const }));

  route(app, OPERATIONS_ENDPOINTS.ready, async (_request, reply) => {
    const state = await readiness(sources);
    return reply.status(state.status === 'ready' ? 200 : 503).send(state);
  });

  route(app, OPERATIONS_ENDPOINTS.metrics, async (request, reply) => {
    if (metricsToken) {
      const given = bearer(request.headers.authorization);
      if (!given) throw errors.tokenMissing();
      if (!same(given, metricsToken)) throw errors.tokenInvalid();
    }
    // Never stored by a cache between Prometheus and the server: each scrape is of now.
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await scrape());
  });
};

/** The bearer token of an Authorization header, if it carries one. */
function bearer(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

/** Whether two secrets are equal, compared in constant time. */
function same(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
