import {
  autoridadePageSchema,
  autoridadesQuerySchema,
  bibliotecaLookupQuerySchema,
  bibliotecaPageSchema,
  bibliotecaSchema,
  campusLookupQuerySchema,
  campusPageSchema,
  campusSchema,
  cursoLookupQuerySchema,
  cursoPageSchema,
  cursoSchema,
  disciplinaLookupQuerySchema,
  disciplinaPageSchema,
  disciplinaSchema,
  errorSchema,
  lookupIdParamsSchema,
  professorLookupQuerySchema,
  professorPageSchema,
  professorSchema,
} from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { authorities, campus, campuses, course, courses, discipline, disciplines, libraries, library, professor, professors } from './lookups.service.js';

const common = { tags: ['Consulta'], security: [{ bearer: [] }] };

/** Campus, library, course, discipline and professor look-ups of the search forms (spec §7 "Search"). */
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
  const pages = [
    ['/consulta/cursos', 'Courses by name, optionally of one campus (paged)', cursoLookupQuerySchema, cursoPageSchema, courses],
    ['/consulta/disciplinas', 'Disciplines by name or code (paged)', disciplinaLookupQuerySchema, disciplinaPageSchema, disciplines],
    ['/consulta/professores', 'Professors by name (paged)', professorLookupQuerySchema, professorPageSchema, professors],
  ] as const;
  for (const [url, summary, querystring, page, handler] of pages) {
    app.get(
      url,
      { config: { access: 'public' }, schema: { ...common, summary, querystring, response: { 200: page, 400: errorSchema } } },
      // Each schema parses to a subset of { search_text, page, codCampus }, which every handler takes.
      (request) => handler(db, request.query as { search_text?: string; page?: number; codCampus?: number }),
    );
  }
  const ones = [
    ['/consulta/curso/:id', 'One course', cursoSchema, course],
    ['/consulta/disciplina/:id', 'One discipline', disciplinaSchema, discipline],
    ['/consulta/professor/:id', 'One professor', professorSchema, professor],
  ] as const;
  for (const [url, summary, one, handler] of ones) {
    app.get(
      url,
      { config: { access: 'public' }, schema: { ...common, summary, params: lookupIdParamsSchema, response: { 200: one, 400: errorSchema, 404: errorSchema } } },
      (request) => handler(db, request.params.id),
    );
  }
  app.get(
    '/consulta/autoridades',
    {
      config: { access: 'public' },
      schema: {
        ...common,
        summary: 'Authority headings by words, optionally of one type (paged): the authorities guide',
        querystring: autoridadesQuerySchema,
        response: { 200: autoridadePageSchema, 400: errorSchema },
      },
    },
    (request) => authorities(db, request.query),
  );
};
