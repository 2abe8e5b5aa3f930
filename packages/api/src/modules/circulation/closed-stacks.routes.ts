import {
  dadosArmazemQuerySchema,
  dadosArmazemSchema,
  errorSchema,
  gravarArmazemBodySchema,
  gravarArmazemQuerySchema,
  protocoloArmazemSchema,
  recordIdParamsSchema,
} from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { patronOf } from '../../plugins/auth.js';
import { closedStackData, requestFromClosedStacks } from './closed-stacks.service.js';

const common = { tags: ['Acervo fechado'], security: [{ bearer: [] }] };

/** Closed stacks (acervo fechado): what is there, and requests to fetch it. */
export const closedStacksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/acervo/:id/dados-armazem',
    {
      config: { access: 'either' },
      schema: {
        ...common,
        summary: "The title's closed-stack copies by library and volume / tome / part",
        params: recordIdParamsSchema,
        querystring: dadosArmazemQuerySchema,
        response: { 200: dadosArmazemSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    (request) => closedStackData(db, request.params.id, request.query),
  );
  app.post(
    '/gravar-armazem',
    {
      config: { access: 'private' },
      schema: {
        ...common,
        summary: "Ask for titles to be fetched from a library's closed stacks; returns the protocol",
        querystring: gravarArmazemQuerySchema,
        body: gravarArmazemBodySchema,
        response: { 201: protocoloArmazemSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await requestFromClosedStacks(db, patronOf(request), request.query.cod_biblioteca, request.body.cesta));
    },
  );
};
