import { type Endpoint, errorSchema, operationId } from '@estante/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from (route()): the docs plugin documents its non-JSON answers. */
    endpoint?: Endpoint;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a route's handler gets: params, query and body as the endpoint's schemas parsed them. */
export type RouteRequest<E extends Endpoint> = FastifyRequest<{ Params: Out<E['params']>; Querystring: Out<E['query']>; Body: Out<E['body']> }>;

/** What a handler gives back: the JSON answer as its schema takes it, or the reply it sent itself (a file, a redirect). */
type Answer<E extends Endpoint> = E['answer'] extends 'file' | 'redirect'
  ? FastifyReply
  : E['status'] extends 204
    ? void | null
    : z.input<E['response']> | FastifyReply;

export type RouteHandler<E extends Endpoint> = (request: RouteRequest<E>, reply: FastifyReply) => Promise<Answer<E>> | Answer<E>;

/**
 * The error statuses a call may answer: 400 for input, 401/403 from its access, its own, and
 * 503 (with Retry-After) while the database cannot be reached.
 */
function errorStatuses(endpoint: Endpoint): number[] {
  const statuses = new Set<number>([...(endpoint.errors ?? []), 503]);
  if (endpoint.params || endpoint.query || endpoint.body) statuses.add(400);
  if (endpoint.access !== 'open') statuses.add(401);
  if (endpoint.access === 'private' || endpoint.access === 'staff') statuses.add(403);
  return [...statuses].sort();
}

/**
 * Registers the route of an endpoint declared in contracts: its method and path, its access (the
 * auth plugin checks the token; `staff` is a patron whose role the service checks), its schemas
 * for validation and the OpenAPI document, and its success status. The handler only answers.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>): void {
  const status = endpoint.status ?? 200;
  const answer = endpoint.answer ?? 'json';
  const response: Record<number, z.ZodType> = Object.fromEntries(errorStatuses(endpoint).map((code) => [code, errorSchema]));
  if (answer === 'json') response[status] = endpoint.response;
  if (endpoint.unavailable === 'own-response') response[503] = endpoint.response;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { endpoint, ...(endpoint.access === 'open' ? {} : { access: endpoint.access === 'staff' ? 'private' : endpoint.access }) },
    schema: {
      operationId: operationId(endpoint),
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.access === 'open' ? {} : { security: [{ bearer: [] }] }),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response,
    },
    handler: (async (request: RouteRequest<E>, reply: FastifyReply) => {
      if (status !== 200 && answer === 'json') reply.code(status);
      const result = await handler(request, reply);
      if (reply.sent) return reply;
      if (status === 204) return reply.send();
      return result;
    }) as RouteHandlerMethod,
  });
}
