import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The request id (decision 0059): one per request, in its log line (`reqId`), sent back in
 * `x-request-id`, and carried into whatever the request sets off — the e-mail it sends (its mail
 * log line) and the jobs it queues (in the job's data, then in the job's log lines). A proxy's id
 * (nginx's `$request_id`) is kept when it is well-formed, so one id follows a request from the
 * proxy's access log to ours.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id we keep as it came: up to 128 letters, digits and `._:-` (a UUID, nginx's 32 hex digits). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of a request: the incoming `x-request-id` when well-formed, else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED.test(header) ? header : randomUUID();
}

/** On whose behalf work runs: a request (its id), a scheduled job (its name and run), or a job a request queued (both). */
export interface WorkContext {
  reqId?: string;
  job?: { name: string; id: string | undefined };
}

const context = new AsyncLocalStorage<WorkContext>();

/** On whose behalf the work running now runs (nothing outside requests and jobs). */
export function currentWork(): WorkContext {
  return context.getStore() ?? {};
}

/** The request id of the work running now (a request's, or the one a job carries), if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqId;
}

/** Runs `work` on behalf of `who` (a job, and the request that queued it): the mail it sends logs with them. */
export function onBehalfOf<T>(who: WorkContext, work: () => T): T {
  return context.run(who, work);
}

/**
 * The request's id back in `x-request-id` (every answer, errors and 404s included), and each
 * request's work run with its id in reach (`currentRequestId`). Entered twice, as
 * @fastify/request-context does: at `onRequest`, and again at `preValidation`, because the
 * handler runs from the body stream's end, which Node emits in the socket's async context, not
 * the request's.
 */
export function requestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    context.run({ reqId: request.id }, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    context.run({ reqId: request.id }, done);
  });
}
