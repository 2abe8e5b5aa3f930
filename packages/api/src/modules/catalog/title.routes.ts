import {
  acessoRestritoBodySchema,
  acessoRestritoParamsSchema,
  acessoRestritoSchema,
  acervoBibliotecasSchema,
  acervoSchema,
  anosEstatisticaSchema,
  corSchema,
  dadosEstatisticosSchema,
  dublinCoreSchema,
  errorSchema,
  estatisticaAcessoSchema,
  exemplaresQuerySchema,
  exemplaresSchema,
  linksResultadoQuerySchema,
  linksResultadoSchema,
  linksSchema,
  marcQuerySchema,
  marcViewSchema,
  permissoesSchema,
  recordIdParamsSchema,
  referenciaQuerySchema,
  referenciaSchema,
  kardexComboSchema,
  kardexDataQuerySchema,
  kardexDataSchema,
  kardexItemQuerySchema,
  kardexItemSchema,
  kardexPermissaoSchema,
  sumarioSchema,
  totaisQuerySchema,
  totaisSchema,
  vinculosImagemQuerySchema,
  vinculosImagemSchema,
  yearParamsSchema,
} from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { patronOf } from '../../plugins/auth.js';
import { isActivityEnabled } from '../parameters/parameters.service.js';
import {
  colour,
  copies,
  coverImages,
  dublinCore,
  holdingLibraries,
  links,
  linksForTitles,
  marc,
  permissions,
  recordLinkAccess,
  reference,
  restrictedLink,
  statistics,
  statisticsYears,
  titleDetail,
  totals,
} from './title.service.js';
import { kardexCombo, kardexData, kardexItem, kardexPermission, summary } from './serials.service.js';

const common = { tags: ['Acervo'], security: [{ bearer: [] }] };
const reads = { config: { access: 'either' as const } };
const failures = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/** The title record and its tabs (spec §7 "Title", "Serials" contents, "Links"). */
export const titleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/acervo/:id',
    { ...reads, schema: { ...common, summary: 'A title record', params: recordIdParamsSchema, response: { 200: acervoSchema, ...failures } } },
    (request) => titleDetail(db, request.params.id, request.language),
  );
  app.get(
    '/acervo/:id/referencia',
    {
      ...reads,
      schema: {
        ...common,
        summary: 'The reference in ABNT NBR 6023:2018 (default), APA or Vancouver',
        params: recordIdParamsSchema,
        querystring: referenciaQuerySchema,
        response: { 200: referenciaSchema, ...failures },
      },
    },
    (request) => reference(db, request.params.id, request.query.estilo, request.language),
  );
  app.get(
    '/vinculos/abnt/:id',
    { ...reads, schema: { ...common, summary: 'The ABNT reference of a title', params: recordIdParamsSchema, response: { 200: referenciaSchema, ...failures } } },
    (request) => reference(db, request.params.id, 'abnt', request.language),
  );
  app.get(
    '/acervo/:id/marc',
    {
      ...reads,
      schema: {
        ...common,
        summary: 'The MARC 21 record with field labels; liberacao=1 adds MARCXML and ISO 2709',
        params: recordIdParamsSchema,
        querystring: marcQuerySchema,
        response: { 200: marcViewSchema, ...failures },
      },
    },
    (request) => marc(db, request.params.id, request.query.liberacao === '1'),
  );
  app.get(
    '/acervo/:id/dublin-core',
    { ...reads, schema: { ...common, summary: 'Dublin Core (Library of Congress crosswalk)', params: recordIdParamsSchema, response: { 200: dublinCoreSchema, ...failures } } },
    (request) => dublinCore(db, request.params.id),
  );
  app.get(
    '/acervo/:id/exemplares',
    {
      ...reads,
      schema: {
        ...common,
        summary: 'Copies, optionally of one library (cod_unidade), with the availability summary',
        params: recordIdParamsSchema,
        querystring: exemplaresQuerySchema,
        response: { 200: exemplaresSchema, ...failures },
      },
    },
    (request) => copies(db, request.params.id, request.query.cod_unidade),
  );
  app.get(
    '/acervo/:id/bibliotecas',
    { ...reads, schema: { ...common, summary: 'Libraries holding copies', params: recordIdParamsSchema, response: { 200: acervoBibliotecasSchema, ...failures } } },
    (request) => holdingLibraries(db, request.params.id),
  );
  app.get(
    '/acervo/:id/links',
    { ...reads, schema: { ...common, summary: 'Online links (MARC 856)', params: recordIdParamsSchema, response: { 200: linksSchema, ...failures } } },
    (request) => links(db, request.params.id),
  );
  app.get(
    '/acervo/:id/cor',
    { ...reads, schema: { ...common, summary: "The colour of the title's work type", params: recordIdParamsSchema, response: { 200: corSchema, ...failures } } },
    (request) => colour(db, request.params.id),
  );
  app.get(
    '/acervo/:id/permissoes',
    { ...reads, schema: { ...common, summary: 'What the caller may do with the title', params: recordIdParamsSchema, response: { 200: permissoesSchema, ...failures } } },
    async (request) => permissions(db, request.params.id, request.principal, await isActivityEnabled(db, 13)),
  );
  app.get(
    '/acervo/:id/dados-estatisticos/anos',
    { ...reads, schema: { ...common, summary: 'Years with loans of the title', params: recordIdParamsSchema, response: { 200: anosEstatisticaSchema, ...failures } } },
    (request) => statisticsYears(db, request.params.id),
  );
  app.get(
    '/acervo/:id/dados-estatisticos/dados/:ano',
    { ...reads, schema: { ...common, summary: 'Loans per month in a year', params: yearParamsSchema, response: { 200: dadosEstatisticosSchema, ...failures } } },
    (request) => statistics(db, request.params.id, request.params.ano),
  );
  app.get(
    '/sumario/:id/dados',
    {
      ...reads,
      schema: { ...common, summary: "A book's contents (MARC 505) and the tables of contents of a serial's latest issues", params: recordIdParamsSchema, response: { 200: sumarioSchema, ...failures } },
    },
    (request) => summary(db, request.params.id),
  );
  const kardex = { ...common, tags: ['Periódicos'] };
  app.get(
    '/kardex/:id/permissao',
    { ...reads, schema: { ...kardex, summary: 'Whether the title has a Kardex (serial issues) to show', params: recordIdParamsSchema, response: { 200: kardexPermissaoSchema, ...failures } } },
    (request) => kardexPermission(db, request.params.id),
  );
  app.get(
    '/kardex/:id/combobox-data',
    { ...reads, schema: { ...kardex, summary: "The Kardex form's libraries, years, parts and the serial's frequency", params: recordIdParamsSchema, response: { 200: kardexComboSchema, ...failures } } },
    (request) => kardexCombo(db, request.params.id),
  );
  app.get(
    '/kardex/:id/data',
    {
      ...reads,
      schema: { ...kardex, summary: "A library's issues of one year and part, received or missing", params: recordIdParamsSchema, querystring: kardexDataQuerySchema, response: { 200: kardexDataSchema, ...failures } },
    },
    (request) => kardexData(db, request.params.id, request.query),
  );
  app.get(
    '/kardex/:id/item',
    {
      ...reads,
      schema: { ...kardex, summary: 'One issue and its table of contents', params: recordIdParamsSchema, querystring: kardexItemQuerySchema, response: { 200: kardexItemSchema, ...failures } },
    },
    (request) => kardexItem(db, request.params.id, request.query),
  );
  app.get(
    '/vinculos/imagem',
    { ...reads, schema: { ...common, summary: 'Cover images of a title', querystring: vinculosImagemQuerySchema, response: { 200: vinculosImagemSchema, ...failures } } },
    (request) => coverImages(db, request.query.cod_acervo, request.query.limite ?? 5),
  );
  app.get(
    '/vinculos/links-resultado',
    { ...reads, schema: { ...common, summary: 'Online links of the titles of a results page', querystring: linksResultadoQuerySchema, response: { 200: linksResultadoSchema, 400: errorSchema, 401: errorSchema } } },
    (request) => linksForTitles(db, request.query.acervos),
  );
  app.post(
    '/vinculos/acesso-restrito/:acervo/s/:seq',
    {
      config: { access: 'private' },
      schema: {
        ...common,
        summary: "A restricted link's address, for a signed-in patron (counted as an access)",
        params: acessoRestritoParamsSchema,
        body: acessoRestritoBodySchema,
        response: { 200: acessoRestritoSchema, ...failures, 403: errorSchema },
      },
    },
    (request) => {
      const { browser, device, os } = request.body;
      return restrictedLink(db, request.params.acervo, request.params.seq, { codPessoa: patronOf(request), browser, device, os });
    },
  );
  app.get(
    '/acervo/:id/totais',
    {
      config: { access: 'private' },
      schema: {
        ...common,
        summary: "The title's loans, renewals and readers in a period (optionally at one library)",
        params: recordIdParamsSchema,
        querystring: totaisQuerySchema,
        response: { 200: totaisSchema, ...failures, 403: errorSchema },
      },
    },
    (request) => totals(db, request.params.id, request.query),
  );
  app.post(
    '/vinculos/estatistica-acesso',
    { ...reads, schema: { ...common, summary: 'Count a followed link (clients ignore failures)', body: estatisticaAcessoSchema, response: { 204: z.null(), 400: errorSchema, 401: errorSchema } } },
    async (request, reply) => {
      const b = request.body;
      const principal = request.principal;
      await recordLinkAccess(db, {
        codAcervo: b.cod_acervo,
        seqParagrafo: b.seq_paragrafo,
        url: b.url,
        codPessoa: principal?.kind === 'patron' ? principal.codPessoa : undefined,
        browser: b.browser,
        device: b.device,
        os: b.os,
      });
      return reply.code(204).send(null);
    },
  );
};
