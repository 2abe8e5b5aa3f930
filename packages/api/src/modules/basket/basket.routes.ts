import {
  cestaPermanenteBodySchema,
  cestaPermanentePutSchema,
  cestaPermanenteSchema,
  colecaoQuerySchema,
  colecaoSchema,
  errorSchema,
  exportarCestaBodySchema,
  exportarEmailSchema,
  exportarTextoSchema,
  recordIdParamsSchema,
} from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { patronOf } from '../../plugins/auth.js';
import { getInstituicao } from '../parameters/parameters.service.js';
import { dropFromPermanent, exportBasket, keepInPermanent, permanentCollection } from './basket.service.js';

const common = { tags: ['Cesta'], security: [{ bearer: [] }] };
const failures = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The basket: export, e-mail, the permanent basket (spec §7 "Title"). */
export const basketRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  app.post(
    '/acervo/exportar-cesta',
    {
      config: { access: 'either' },
      schema: {
        ...common,
        summary: 'Export the basket: a file (tipo arquivo), references to copy (texto) or an e-mail (email)',
        description:
          'dados: abnt, apa, vancouver (text), ris, bibtex, marc (ISO 2709), marcxml, csv. A file comes with its media type and a Content-Disposition file name.',
        body: exportarCestaBodySchema,
        response: { 200: z.union([exportarTextoSchema, exportarEmailSchema]).or(z.any()), ...failures, 429: errorSchema, 502: errorSchema },
      },
    },
    async (request, reply) => {
      const institution = await getInstituicao(db).then((i) => i.sigla, () => 'Estante');
      const outcome = await exportBasket(db, mailer, request.body, request.language, institution, request.ip);
      if (outcome.kind === 'file') {
        return reply
          .header('content-type', outcome.file.mediaType)
          .header('content-disposition', `attachment; filename="${outcome.file.filename}"`)
          .send(outcome.file.content);
      }
      if (outcome.kind === 'text') return { texto: outcome.texto, html: outcome.html };
      return { enviado: true as const, destinatarios: outcome.destinatarios, titulos: outcome.titulos };
    },
  );
  app.post(
    '/acervo/cesta-permanente',
    {
      config: { access: 'private' },
      schema: { ...common, summary: "Keep titles in the patron's permanent basket", body: cestaPermanenteBodySchema, response: { 200: cestaPermanenteSchema, ...failures } },
    },
    (request) => keepInPermanent(db, patronOf(request), request.body.acervos),
  );
  app.get(
    '/api/acervo/cesta-permanente/colecao',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'The permanent basket (all, or what was added in a period)', querystring: colecaoQuerySchema, response: { 200: colecaoSchema, ...failures } },
    },
    (request) => permanentCollection(db, patronOf(request), request.query),
  );
  app.put(
    '/api/acervo/cesta-permanente',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Add one title to the permanent basket', body: cestaPermanentePutSchema, response: { 200: cestaPermanenteSchema, ...failures } },
    },
    (request) => keepInPermanent(db, patronOf(request), [request.body.acervo]),
  );
  app.delete(
    '/api/acervo/cesta-permanente/:id',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Take a title out of the permanent basket', params: recordIdParamsSchema, response: { 204: z.null(), ...failures } },
    },
    async (request, reply) => {
      await dropFromPermanent(db, patronOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
