import type { ApiError, Language } from '@estante/contracts/kernel';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { errors, messages } from '../lib/messages.js';

/**
 * One error shape for every failure: `{ status, message, key }` in the call's language.
 * Validation failures are 400 with the offending field named; unexpected errors are logged
 * with the request's context and answered 500 without a stack trace.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return send(reply, request, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation
        .slice(0, 3)
        .map((v) => {
          const where = [error.validationContext, v.instancePath.replace(/^\//, '').replace(/\//g, '.')].filter(Boolean).join(' ');
          return `${where}: ${localizeIssue(v, request.language)}`;
        })
        .join('; ');
      return send(reply, request, errors.badRequest(detail));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large …
      const body: ApiError = { status, message: messages.t('RequisicaoInvalida', request.language, { detail: error.message }), key: 'RequisicaoInvalida' };
      return reply.status(status).send(body);
    }
    if (isDatabaseBusy(error)) {
      // A lock not granted in time, or a statement past its timeout (db/client.ts WORK_TIMEOUTS):
      // the database is busy with something else (a migration, a VACUUM FULL, a long
      // transaction); the call changed nothing and may be tried again.
      request.log.warn({ err: error }, 'database busy');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return send(reply, request, errors.databaseUnavailable());
    }
    if (isDatabaseUnavailable(error)) {
      // The database is out of reach (restarting, connection cut): a 503 the client may retry;
      // the pool reconnects by itself once the server is back.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return send(reply, request, errors.databaseUnavailable());
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, request, errors.unexpected());
  });
});

/** What a 503 for an unreachable database tells the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

const ZOD_LOCALES = { pt: z.locales.pt(), en: z.locales.en(), es: z.locales.es() };

/**
 * A validation message in the call's language. Only zod's own default messages are
 * translated (re-rendered in English they must match exactly); a schema's custom message, or
 * one that needs the rejected input, is kept as it is.
 */
function localizeIssue(v: { keyword: string; message?: string; params?: Record<string, unknown> }, language: Language): string {
  const message = v.message ?? '';
  const issue = { code: v.keyword, ...v.params } as unknown as Parameters<(typeof ZOD_LOCALES)['en']['localeError']>[0];
  const text = (result: unknown) => (typeof result === 'string' ? result : (result as { message?: string } | undefined)?.message);
  try {
    if (text(ZOD_LOCALES.en.localeError(issue)) !== message) return message;
    return text(ZOD_LOCALES[language].localeError(issue)) ?? message;
  } catch {
    return message;
  }
}

/** Sends an AppError in the request's language. */
export function send(reply: FastifyReply, request: FastifyRequest, error: AppError): FastifyReply {
  const body: ApiError = { status: error.status, message: error.text(request.language), key: error.key };
  return reply.status(error.status).send(body);
}
