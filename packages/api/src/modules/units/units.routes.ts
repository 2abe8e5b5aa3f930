import { bibliotecaSchema, campusSchema, comentarioGeralBodySchema, envioSchema, errorSchema, sugestaoAquisicaoBodySchema, unidadesQuerySchema } from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { patronOf } from '../../plugins/auth.js';
import { campuses, libraries, sendGeneralComment, sendSuggestion } from './units.service.js';

const common = { tags: ['Unidades de informação'], security: [{ bearer: [] }] };
const failures = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema, 502: errorSchema };

/** Campuses, libraries and the footer's two forms (spec §7 "Library units"). */
export const unitsRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  app.get(
    '/campus',
    { config: { access: 'either' }, schema: { ...common, summary: 'Every campus', response: { 200: z.array(campusSchema), 401: errorSchema } } },
    () => campuses(db),
  );
  app.get(
    '/unidade-informacao',
    {
      config: { access: 'either' },
      schema: { ...common, summary: 'Libraries, of one campus when asked', querystring: unidadesQuerySchema, response: { 200: z.array(bibliotecaSchema), 400: errorSchema, 401: errorSchema, 404: errorSchema } },
    },
    (request) => libraries(db, request.query.campus),
  );
  app.post(
    '/unidade-informacao/comentario',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Send a general comment to a library', body: comentarioGeralBodySchema, response: { 201: envioSchema, ...failures } },
    },
    async (request, reply) => reply.code(201).send(await sendGeneralComment(db, mailer, patronOf(request), request.body, request.language)),
  );
  app.post(
    '/unidade-informacao/sugestao-aquisicao',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Suggest a title for the library to acquire', body: sugestaoAquisicaoBodySchema, response: { 201: envioSchema, ...failures } },
    },
    async (request, reply) => reply.code(201).send(await sendSuggestion(db, mailer, patronOf(request), request.body, request.language)),
  );
};
