import {
  bibliotecaLookupQuerySchema,
  bibliotecaPageSchema,
  bibliotecaSchema,
  campusLookupQuerySchema,
  campusPageSchema,
  campusSchema,
  errorSchema,
  lookupIdParamsSchema,
} from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { campus, campuses, libraries, library } from './lookups.service.js';

const common = { tags: ['Consulta'], security: [{ bearer: [] }] };

/** Campus and library look-ups of the search forms (spec §7 "Search"). */
export const lookupsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/consulta/campus',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'Campuses by name (paged)', querystring: campusLookupQuerySchema, response: { 200: campusPageSchema, 400: errorSchema } },
    },
    (request) => campuses(db, request.query),
  );
  app.get(
    '/consulta/campus/:id',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'One campus', params: lookupIdParamsSchema, response: { 200: campusSchema, 400: errorSchema, 404: errorSchema } },
    },
    (request) => campus(db, request.params.id),
  );
  app.get(
    '/consulta/bibliotecas',
    {
      config: { access: 'public' },
      schema: {
        ...common,
        summary: 'Libraries by name, optionally of one campus (paged)',
        querystring: bibliotecaLookupQuerySchema,
        response: { 200: bibliotecaPageSchema, 400: errorSchema },
      },
    },
    (request) => libraries(db, request.query),
  );
  app.get(
    '/consulta/biblioteca/:id',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'One library', params: lookupIdParamsSchema, response: { 200: bibliotecaSchema, 400: errorSchema, 404: errorSchema } },
    },
    (request) => library(db, request.params.id),
  );
};
