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
