import {
  acervosIndexadosSchema,
  acervosListQuerySchema,
  consultaQuerySchema,
  consultaResponseSchema,
  errorSchema,
  indiceQuerySchema,
  indiceResponseSchema,
  opcoesBaseSchema,
  produtosTargetQuerySchema,
  produtosTargetSchema,
  resultadoAcervoSchema,
  titulosAdicionaisQuerySchema,
} from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { DEFAULT_COVER } from './search.config.js';
import type { SearchIndex } from './search.index.js';
import { additionalTitles, baseOptions, browse, facetOptions, indexOptions, search, sortOptions, targetProducts } from './search.service.js';
import { indexedTitles } from './serials.service.js';

const common = { tags: ['Consulta'], security: [{ bearer: [] }] };
const option = z.object({ codigo: z.string(), descricao: z.string() });

/** The catalogue search calls (spec §7 "Search"). */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; index: SearchIndex }> = async (app, { db, index }) => {
  app.get(
    '/consulta',
    {
      config: { access: 'either' },
      schema: {
        ...common,
        summary: 'Search the catalogue: a page of titles, the total and the facets',
        querystring: consultaQuerySchema,
        response: { 200: consultaResponseSchema, 400: errorSchema, 401: errorSchema, 422: errorSchema },
      },
    },
    (request) => search(index, request.query, request.language),
  );
  app.get(
    '/consulta/titulos-adicionais',
    {
      config: { access: 'either' },
      schema: {
        ...common,
        summary: 'Result lines for titles by number, in the order given (the basket page); unknown numbers are left out',
        querystring: titulosAdicionaisQuerySchema,
        response: { 200: z.array(resultadoAcervoSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    (request) => additionalTitles(db, request.query.acervos, request.language),
  );
  app.get(
    '/consulta/acervos-indexados',
    {
      config: { access: 'either' },
      schema: {
        ...common,
        summary: 'Of the given titles, the serials whose articles are indexed, with how many articles in how many issues',
        querystring: acervosListQuerySchema,
        response: { 200: acervosIndexadosSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    (request) => indexedTitles(db, request.query.acervos),
  );
  for (const [url, base, summary] of [
    ['/consulta/opcoes-arquivo', 'arquivo', 'The archive guide: fonds, document types and years of the archival documents'],
    ['/consulta/opcoes-atos-normativos', 'atos_normativos', 'The normative-acts guide: types of act, issuing bodies and years'],
    ['/consulta/jurisprudencia-options', 'jurisprudencia', 'The jurisprudence guide: courts, types of decision and years of judgment'],
  ] as const) {
    app.get(
      url,
      { config: { access: 'either' }, schema: { ...common, summary, response: { 200: opcoesBaseSchema, 401: errorSchema } } },
      (request) => baseOptions(index, base, request.language),
    );
  }
  app.get(
    '/consulta/produtos-target',
    {
      config: { access: 'either' },
      schema: {
        ...common,
        summary: 'Technical standards (target_gedweb base) by words of their code or title, described "code - title"',
        querystring: produtosTargetQuerySchema,
        response: { 200: produtosTargetSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    (request) => targetProducts(index, request.query.termoPesquisa),
  );
  app.get(
    '/consulta/ordenacao',
    { config: { access: 'public' }, schema: { ...common, summary: 'Sort orders', response: { 200: z.array(option) } } },
    (request) => sortOptions(request.language),
  );
  app.get(
    '/consulta/imagem-padrao',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'The default cover for titles without one (an SVG data URL)', response: { 200: z.object({ imagem: z.string() }) } },
    },
    () => ({ imagem: DEFAULT_COVER }),
  );
  app.get(
    '/consulta/opcoes-indice',
    { config: { access: 'public' }, schema: { ...common, summary: 'Index types for browsing', response: { 200: z.array(option) } } },
    (request) => indexOptions(request.language),
  );
  app.get(
    '/consulta/indice',
    {
      config: { access: 'either' },
      schema: {
        ...common,
        summary: 'Browse an index (title, series, author, subject, call number, ISBN, ISSN) from a starting word',
        querystring: indiceQuerySchema,
        response: { 200: indiceResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    (request) => browse(db, request.query),
  );
  app.get(
    '/consulta/filtros',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'Facets of a search tab', querystring: z.object({ search_tab: z.string().max(40).optional() }), response: { 200: z.array(option) } },
    },
    (request) => facetOptions(request.language, request.query.search_tab),
  );
};
