import type { ApiError } from '@estante/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errors } from '../lib/errors.js';
import { translate } from '../lib/messages.js';

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
          return `${where}: ${v.message}`;
        })
        .join('; ');
      return send(reply, request, errors.badRequest(detail));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large …
      const body: ApiError = { status, message: translate('RequisicaoInvalida', request.language, { detail: error.message }), key: 'RequisicaoInvalida' };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, request, new AppError(500, 'ErroInesperado'));
  });
});

/** Sends an AppError in the request's language. */
export function send(reply: FastifyReply, request: FastifyRequest, error: AppError): FastifyReply {
  const body: ApiError = { status: error.status, message: translate(error.key, request.language, error.params), key: error.key };
  return reply.status(error.status).send(body);
}
