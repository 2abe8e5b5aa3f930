import {
  cancelarReservasQuerySchema,
  errorSchema,
  periodoQuerySchema,
  recordIdParamsSchema,
  reservaBodySchema,
  reservaFilaSchema,
  reservaInicialSchema,
  reservaSchema,
} from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { patronOf } from '../../plugins/auth.js';
import { cancelHolds, holdStart, myHoldHistory, myHolds, placeHold, validateHold } from './holds.service.js';

const common = { tags: ['Reservas'], security: [{ bearer: [] }] };
const failures = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
const toRequest = (body: z.output<typeof reservaBodySchema>) => ({ ...body, material_adicional: body.material_adicional ?? null });

/** Holds (spec §7 "Reservations"): what can be held, placing one, the patron's holds, cancelling, history. */
export const holdsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/reserva/:id/informacoes-iniciais',
    {
      config: { access: 'either' },
      schema: { ...common, summary: 'Where the title can be held (libraries, queues) and its volumes, tomes and parts', params: recordIdParamsSchema, response: { 200: reservaInicialSchema, ...failures } },
    },
    (request) => holdStart(db, request.params.id, request.principal?.kind === 'patron' ? request.principal.codPessoa : null),
  );
  app.post(
    '/reserva/validar-fila',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Check a hold before placing it: the place it would take in the queue', body: reservaBodySchema, response: { 200: reservaFilaSchema, ...failures } },
    },
    (request) => validateHold(db, patronOf(request), toRequest(request.body)),
  );
  app.post(
    '/reserva',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Place a hold; answers its number and place in the queue', body: reservaBodySchema, response: { 200: reservaFilaSchema, ...failures } },
    },
    (request) => placeHold(db, patronOf(request), toRequest(request.body)),
  );
  app.get(
    '/api/reserva',
    {
      config: { access: 'private' },
      schema: { ...common, summary: "The patron's holds in the queue or waiting at the desk", response: { 200: z.array(reservaSchema), ...failures } },
    },
    (request) => myHolds(db, patronOf(request)),
  );
  app.delete(
    '/api/reserva',
    {
      config: { access: 'private' },
      schema: { ...common, summary: "Cancel one or several of the patron's holds (all or none)", querystring: cancelarReservasQuerySchema, response: { 200: z.object({ canceladas: z.number().int() }), ...failures } },
    },
    (request) => cancelHolds(db, patronOf(request), request.query.reservas),
  );
  app.get(
    '/api/reserva/historico',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Every hold the patron placed in a period', querystring: periodoQuerySchema, response: { 200: z.array(reservaSchema), ...failures } },
    },
    (request) => myHoldHistory(db, patronOf(request), request.query.dataIni, request.query.dataFim),
  );
};
