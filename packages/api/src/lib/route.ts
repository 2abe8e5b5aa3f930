import { type Access, type Endpoint, errorSchema, needsPatron, operationId, staffRolesOf } from '@estante/contracts/kernel';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { Patron, StaffMember } from '../plugins/auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from (route()): the docs plugin documents its non-JSON answers. */
    endpoint?: Endpoint;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/**
 * Who a handler serves, from its endpoint's access (the auth plugin has checked it before the
 * handler runs): a private call's `patron` is always there, a staff call's `staff` member (with
 * the roles checked) too; a public or either call's `patron` is there when a patron's token came.
 */
type Caller<A extends Access> = A extends 'private'
  ? { patron: Patron }
  : A extends { readonly staff: readonly unknown[] }
    ? { patron: Patron; staff: StaffMember }
    : A extends 'public' | 'either'
      ? { patron: Patron | null }
      : unknown;

/** The request a route's handler gets: params, query and body as the endpoint's schemas parsed them, and its caller. */
export type RouteRequest<E extends Endpoint> = FastifyRequest<{ Params: Out<E['params']>; Querystring: Out<E['query']>; Body: Out<E['body']> }> &
  Caller<E['access']>;

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
  if (needsPatron(endpoint.access)) statuses.add(403);
  return [...statuses].sort();
}

/**
 * The access as the OpenAPI document shows it: the bearer security requirement (with the roles a
 * staff call needs as its scopes, as OpenAPI 3.1 allows for any scheme) and `x-estante-access`.
 */
function accessDocument(access: Access) {
  const roles = staffRolesOf(access);
  return {
    ...(access === 'open' ? {} : { security: [{ bearer: roles ? [...roles] : [] }] }),
    'x-estante-access': roles ? { staff: [...roles] } : access,
  };
}

/**
 * Registers the route of an endpoint declared in contracts: its method and path, its access (the
 * auth plugin checks the token and a staff call's roles before the handler runs), its schemas
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
    config: { endpoint, ...(endpoint.access === 'open' ? {} : { access: endpoint.access }) },
    schema: {
      operationId: operationId(endpoint),
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...accessDocument(endpoint.access),
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
