import { z } from 'zod';
import { titulosAdicionaisQuerySchema } from '../basket/basket.js';
import { endpoint } from '../endpoint.js';
import {
  INDEX_TYPES,
  consultaQuerySchema,
  consultaResponseSchema,
  indiceQuerySchema,
  indiceResponseSchema,
  opcoesBaseSchema,
  produtosTargetQuerySchema,
  produtosTargetSchema,
  typeaheadQuerySchema,
  typeaheadSchema,
  resultadoAcervoSchema,
} from './search.js';
import { acervosIndexadosSchema } from '../catalog/serials.js';
import { acervosListQuerySchema } from '../catalog/title.js';

// The catalogue's calls live in a file of their own: their schemas come from search.ts, title.ts,
// serials.ts and basket.ts, which import one another, and a declaration needs them all loaded.

/** A code and its description (sort orders, index types, facets). */
export const opcaoSchema = z.object({ codigo: z.string(), descricao: z.string() });

const search = <const P extends string>(path: P, summary: string) => ({ method: 'GET', path, access: 'either', tag: 'Consulta', summary }) as const;
const open = <const P extends string>(path: P, summary: string) => ({ method: 'GET', path, access: 'public', tag: 'Consulta', summary }) as const;

/** The catalogue search calls (spec §7 "Search"). */
export const searchEndpoints = {
  search: endpoint({
    ...search('/consulta', 'Search the catalogue: a page of titles, the total and the facets'),
    description:
      'Up to five rows (`termo1`, `campo1`, `tipo1`, `operador1`, `similar1` … `termo5`) joined by their operators, `filtro` facet filters, ' +
      'a sort, a page. Each title comes with its availability per library; the facets count what the filters leave. ' +
      'A search that finds little may carry `sugestao`, the same search with misspelt words corrected.',
    query: consultaQuerySchema,
    response: consultaResponseSchema,
    errors: [422],
  }),
  additionalTitles: endpoint({
    ...search('/consulta/titulos-adicionais', 'Result lines for titles by number, in the order given (the basket page); unknown numbers are left out'),
    query: titulosAdicionaisQuerySchema,
    response: z.array(resultadoAcervoSchema),
  }),
  indexedTitles: endpoint({
    ...search('/consulta/acervos-indexados', 'Of the given titles, the serials whose articles are indexed, with how many articles in how many issues'),
    query: acervosListQuerySchema,
    response: acervosIndexadosSchema,
  }),
  archiveOptions: endpoint({
    ...search('/consulta/opcoes-arquivo', 'The archive guide: fonds, document types and years of the archival documents'),
    response: opcoesBaseSchema,
  }),
  normativeActsOptions: endpoint({
    ...search('/consulta/opcoes-atos-normativos', 'The normative-acts guide: types of act, issuing bodies and years'),
    response: opcoesBaseSchema,
  }),
  jurisprudenceOptions: endpoint({
    ...search('/consulta/jurisprudencia-options', 'The jurisprudence guide: courts, types of decision and years of judgment'),
    response: opcoesBaseSchema,
  }),
  targetProducts: endpoint({
    ...search(
      '/consulta/produtos-target',
      'Technical standards (target_gedweb base) by words of their code or title: code, and the description shortened to the text after "code - " (spec §5)',
    ),
    query: produtosTargetQuerySchema,
    response: produtosTargetSchema,
  }),
  suggestions: endpoint({
    ...search('/consulta/sugestoes', 'Suggestions as you type: title, author and subject headings starting with the words typed, most titles first'),
    query: typeaheadQuerySchema,
    response: typeaheadSchema,
  }),
  sortOrders: endpoint({ ...open('/consulta/ordenacao', 'Sort orders'), response: z.array(opcaoSchema) }),
  defaultCover: endpoint({
    ...open('/consulta/imagem-padrao', 'The default cover for titles without one (an SVG data URL)'),
    response: z.object({ imagem: z.string() }),
  }),
  indexTypes: endpoint({
    ...open('/consulta/opcoes-indice', 'Index types for browsing'),
    response: z.array(z.object({ codigo: z.enum(INDEX_TYPES), descricao: z.string() })),
  }),
  browse: endpoint({
    ...search('/consulta/indice', 'Browse an index (title, series, author, subject, call number, ISBN, ISSN) from a starting word'),
    query: indiceQuerySchema,
    response: indiceResponseSchema,
  }),
  facets: endpoint({
    ...open('/consulta/filtros', 'Facets of a search tab'),
    query: z.object({ search_tab: z.string().max(40).optional() }),
    response: z.array(opcaoSchema),
  }),
};

/** The special bases' option calls by base. */
export const BASE_OPTIONS_ENDPOINTS = {
  arquivo: searchEndpoints.archiveOptions,
  atos_normativos: searchEndpoints.normativeActsOptions,
  jurisprudencia: searchEndpoints.jurisprudenceOptions,
};
