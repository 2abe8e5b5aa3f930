import { autoridadeComboQuerySchema, autoridadeComboSchema, autoridadeSchema, errorSchema, marcViewSchema, recordIdParamsSchema } from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { authority, authorityCombo, authorityMarc } from './authority.service.js';

const common = { tags: ['Autoridade'], security: [{ bearer: [] }] };
const failures = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/** Authority records (spec §7 "Authority"). */
export const authorityRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/autoridade/combo',
    {
      config: { access: 'either' },
      schema: { ...common, summary: 'Short descriptions of several authorities', querystring: autoridadeComboQuerySchema, response: { 200: autoridadeComboSchema, 400: errorSchema, 401: errorSchema } },
    },
    (request) => authorityCombo(db, request.query.autoridades),
  );
  app.get(
    '/autoridade/:id',
    { config: { access: 'either' }, schema: { ...common, summary: 'An authority record with its titles', params: recordIdParamsSchema, response: { 200: autoridadeSchema, ...failures } } },
    (request) => authority(db, request.params.id),
  );
  app.get(
    '/autoridade/:id/marc',
    { config: { access: 'either' }, schema: { ...common, summary: 'The MARC 21 authority record with labels', params: recordIdParamsSchema, response: { 200: marcViewSchema, ...failures } } },
    (request) => authorityMarc(db, request.params.id),
  );
};
