import { errorSchema } from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { patronOf } from '../../plugins/auth.js';
import { checkIn, checkOut, requireDeskStaff } from './desk.service.js';

const common = { tags: ['Balcão'], security: [{ bearer: [] }] };
const failures = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema, 430: errorSchema };
const tombo = z.string().trim().min(1).max(40);

/** The circulation desk (staff only): lend a copy, take it back — what `npm run circ` does, over HTTP. */
export const deskRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/circulacao/emprestimo',
    {
      config: { access: 'private' },
      schema: {
        ...common,
        summary: 'Lend a copy (by accession number) to the person behind a login',
        body: z.object({ tombo, login: z.string().trim().min(1).max(200) }),
        response: { 200: z.object({ cod_emprestimo: z.number().int(), devolucao: z.string(), nome: z.string() }), ...failures },
      },
    },
    async (request) => {
      await requireDeskStaff(db, patronOf(request));
      return checkOut(db, request.body.tombo, request.body.login);
    },
  );
  app.post(
    '/api/circulacao/devolucao',
    {
      config: { access: 'private' },
      schema: {
        ...common,
        summary: 'Take a copy back: a late return is fined; the next hold is released',
        body: z.object({ tombo }),
        response: { 200: z.object({ multa: z.string().nullable(), reserva: z.object({ cod_reserva: z.number().int(), prazo: z.string() }).nullable() }), ...failures },
      },
    },
    async (request) => {
      await requireDeskStaff(db, patronOf(request));
      return checkIn(db, request.body.tombo);
    },
  );
};
