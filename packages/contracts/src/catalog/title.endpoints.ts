import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  kardexComboSchema,
  kardexDataQuerySchema,
  kardexDataSchema,
  kardexItemQuerySchema,
  kardexItemSchema,
  kardexPermissaoSchema,
  sumarioSchema,
} from './serials.js';
import {
  acervoBibliotecasSchema,
  acervoSchema,
  acessoRestritoBodySchema,
  acessoRestritoParamsSchema,
  acessoRestritoSchema,
  anosEstatisticaSchema,
  corSchema,
  dadosEstatisticosSchema,
  dublinCoreSchema,
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
  totaisQuerySchema,
  totaisSchema,
  vinculosImagemQuerySchema,
  vinculosImagemSchema,
  yearParamsSchema,
} from './title.js';

// In a file of its own, as the catalogue's calls: title.ts and search.ts import each other.

/** A read of a title's tab, by anyone (either token); 404 for an unknown title. */
const read = <const P extends string, const T extends string>(path: P, summary: string, tag: T) =>
  ({ method: 'GET', path, access: 'either', tag, summary, errors: [404] }) as const;

/** The title record and its tabs (spec §7 "Title", "Serials" contents, "Links"). */
export const titleEndpoints = {
  record: endpoint({ ...read('/acervo/:id', 'A title record', 'Acervo'), params: recordIdParamsSchema, response: acervoSchema }),
  reference: endpoint({
    ...read('/acervo/:id/referencia', 'The reference in ABNT NBR 6023:2018 (default), APA or Vancouver', 'Acervo'),
    params: recordIdParamsSchema,
    query: referenciaQuerySchema,
    response: referenciaSchema,
  }),
  abnt: endpoint({ ...read('/vinculos/abnt/:id', 'The ABNT reference of a title', 'Acervo'), params: recordIdParamsSchema, response: referenciaSchema }),
  marc: endpoint({
    ...read('/acervo/:id/marc', 'The MARC 21 record with field labels; liberacao=1 adds MARCXML and ISO 2709', 'Acervo'),
    params: recordIdParamsSchema,
    query: marcQuerySchema,
    response: marcViewSchema,
  }),
  dublinCore: endpoint({
    ...read('/acervo/:id/dublin-core', 'Dublin Core (Library of Congress crosswalk)', 'Acervo'),
    params: recordIdParamsSchema,
    response: dublinCoreSchema,
  }),
  copies: endpoint({
    ...read('/acervo/:id/exemplares', 'Copies, optionally of one library (cod_unidade), with the availability summary', 'Acervo'),
    params: recordIdParamsSchema,
    query: exemplaresQuerySchema,
    response: exemplaresSchema,
  }),
  libraries: endpoint({
    ...read('/acervo/:id/bibliotecas', 'Libraries holding copies', 'Acervo'),
    params: recordIdParamsSchema,
    response: acervoBibliotecasSchema,
  }),
  links: endpoint({ ...read('/acervo/:id/links', 'Online links (MARC 856)', 'Acervo'), params: recordIdParamsSchema, response: linksSchema }),
  colour: endpoint({ ...read('/acervo/:id/cor', "The colour of the title's work type", 'Acervo'), params: recordIdParamsSchema, response: corSchema }),
  permissions: endpoint({
    ...read('/acervo/:id/permissoes', 'What the caller may do with the title', 'Acervo'),
    params: recordIdParamsSchema,
    response: permissoesSchema,
  }),
  statisticsYears: endpoint({
    ...read('/acervo/:id/dados-estatisticos/anos', 'Years with loans of the title', 'Acervo'),
    params: recordIdParamsSchema,
    response: anosEstatisticaSchema,
  }),
  statistics: endpoint({
    ...read('/acervo/:id/dados-estatisticos/dados/:ano', 'Loans per month in a year', 'Acervo'),
    params: yearParamsSchema,
    response: dadosEstatisticosSchema,
  }),
  contents: endpoint({
    ...read('/sumario/:id/dados', "A book's contents (MARC 505) and the tables of contents of a serial's latest issues", 'Acervo'),
    params: recordIdParamsSchema,
    response: sumarioSchema,
  }),
  coverImages: endpoint({ ...read('/vinculos/imagem', 'Cover images of a title', 'Acervo'), query: vinculosImagemQuerySchema, response: vinculosImagemSchema }),
  resultLinks: endpoint({
    method: 'GET',
    path: '/vinculos/links-resultado',
    access: 'either',
    tag: 'Acervo',
    summary: 'Online links of the titles of a results page',
    query: linksResultadoQuerySchema,
    response: linksResultadoSchema,
  }),
  restrictedLink: endpoint({
    method: 'POST',
    path: '/vinculos/acesso-restrito/:acervo/s/:seq',
    access: 'private',
    tag: 'Acervo',
    summary: "A restricted link's address, for a signed-in patron (counted as an access)",
    params: acessoRestritoParamsSchema,
    body: acessoRestritoBodySchema,
    response: acessoRestritoSchema,
    errors: [404],
  }),
  totals: endpoint({
    method: 'GET',
    path: '/acervo/:id/totais',
    access: 'private',
    tag: 'Acervo',
    summary: "The title's loans, renewals and readers in a period (optionally at one library)",
    params: recordIdParamsSchema,
    query: totaisQuerySchema,
    response: totaisSchema,
    errors: [404],
  }),
  linkAccess: endpoint({
    method: 'POST',
    path: '/vinculos/estatistica-acesso',
    access: 'either',
    tag: 'Acervo',
    summary: 'Count a followed link (clients ignore failures)',
    body: estatisticaAcessoSchema,
    response: z.null(),
    status: 204,
  }),
};

/** The serials' Kardex (spec §7 "Serials"). */
export const serialsEndpoints = {
  permission: endpoint({
    ...read('/kardex/:id/permissao', 'Whether the title has a Kardex (serial issues) to show', 'Periódicos'),
    params: recordIdParamsSchema,
    response: kardexPermissaoSchema,
  }),
  combo: endpoint({
    ...read('/kardex/:id/combobox-data', "The Kardex form's libraries, years, parts and the serial's frequency", 'Periódicos'),
    params: recordIdParamsSchema,
    response: kardexComboSchema,
  }),
  issues: endpoint({
    ...read('/kardex/:id/data', "A library's issues of one year and part, received or missing", 'Periódicos'),
    params: recordIdParamsSchema,
    query: kardexDataQuerySchema,
    response: kardexDataSchema,
  }),
  issue: endpoint({
    ...read('/kardex/:id/item', 'One issue and its table of contents', 'Periódicos'),
    params: recordIdParamsSchema,
    query: kardexItemQuerySchema,
    response: kardexItemSchema,
  }),
};
