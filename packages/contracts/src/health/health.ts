import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** `GET /health`: 200 when the database answers, 503 when it does not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** With DATABASE_REPLICA_URL: how many replicas there are and how many are read now. */
  replicas: z.object({ total: z.number().int().min(0), reading: z.number().int().min(0) }).optional(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * Liveness for load balancers. Served at the root, outside the API base path, so it is no
 * `<area>Endpoints` group (those are the calls under the base path the web makes through `api`).
 * A declaration names one success status: the handler answers 200 or 503 itself, both with `healthSchema`.
 */
export const healthEndpoint = endpoint({
  method: 'GET',
  path: '/health',
  access: 'open',
  tag: 'Operations',
  summary: 'Liveness and database reachability',
  description: 'Answers 503, with the same body, while the database does not answer.',
  response: healthSchema,
  unavailable: 'own-response',
});

/** `GET /health/live`: the process answers (nothing else is asked, not even the database). */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

/** What `/health/ready` may find missing, in the order it is checked. */
export const READINESS_CHECKS = ['search', 'database', 'migrations'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/** `GET /health/ready`: 200 once this process can serve, 503 naming what is missing. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unready']),
  /** The catalogue's search index: its snapshot in memory (`loading` until the first one is read). */
  search: z.enum(['loaded', 'loading']),
  database: z.enum(['up', 'down']),
  /** Every migration this build carries is applied (`unknown` while the database does not answer). */
  migrations: z.enum(['applied', 'pending', 'unknown']),
  /** The checks that failed: empty when ready. */
  missing: z.array(z.enum(READINESS_CHECKS)),
});
export type Readiness = z.infer<typeof readinessSchema>;

/**
 * The operations endpoints beside `/health`, at the server's root like it (decision 0059): a
 * process manager's or load balancer's liveness and readiness probes, and Prometheus's scrape.
 * Not an `<area>Endpoints` group (those are the calls below the API base path).
 */
export const OPERATIONS_ENDPOINTS = {
  live: endpoint({
    method: 'GET',
    path: '/health/live',
    access: 'open',
    tag: 'Operations',
    summary: 'Liveness: the process answers (no database asked)',
    description: 'Always 200 while the process runs: a probe that fails means restart the process.',
    response: livenessSchema,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/health/ready',
    access: 'open',
    tag: 'Operations',
    summary: 'Readiness: search index loaded, database reachable, every migration applied',
    description:
      'Answers 503, with the same body naming what is missing (`missing`), until the catalogue’s search index is loaded, ' +
      'while the database does not answer, or while a migration this build carries is not applied: send no traffic to it then.',
    response: readinessSchema,
    unavailable: 'own-response',
  }),
  metrics: endpoint({
    method: 'GET',
    path: '/metrics',
    access: 'open',
    tag: 'Operations',
    summary: 'Metrics in the Prometheus text format, for the whole process set',
    description:
      'Requests by route and status, search index, jobs, mail, database pools, event-loop lag and process figures ' +
      '(docs/operations/metrics.md). With METRICS_TOKEN set, only with `Authorization: Bearer <token>` (else 401). ' +
      'The proxy in front of the site refuses it: Prometheus scrapes each node directly.',
    response: z.string(),
    answer: 'file',
    errors: [401],
  }),
};
