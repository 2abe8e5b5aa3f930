import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { consultaQuerySchema } from '../search/search.js';
import {
  consultaQueryFromParams,
  isEmptyTargetQuery,
  parseSearchState,
  type SearchState,
  searchesWithoutWords,
  searchStateToParams,
} from '../search/search-state.js';
import { recordIdParamsSchema } from '../catalog/title.js';

/** How many searches a patron may keep (decision 0020): a list, not an archive. */
export const SAVED_SEARCH_LIMIT = 50;
export const SAVED_SEARCH_NAME_MAX = 100;
export const SAVED_SEARCH_QUERY_MAX = 2000;

// eslint-disable-next-line no-control-regex -- a name is one line of text: no control character, tab or line break either
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * The search a saved query string describes, when it is one the results page runs: valid for
 * `/consulta` and with words, or a search that may go without them (a period, a teaching plan, a
 * base of one kind of record); null otherwise. Page and display are not part of it.
 */
export function savedSearchState(consulta: string): SearchState | null {
  const params = new URLSearchParams(consulta.startsWith('?') ? consulta.slice(1) : consulta);
  const raw = consultaQueryFromParams(params);
  if (isEmptyTargetQuery(raw)) return null;
  const parsed = consultaQuerySchema.safeParse(raw);
  if (!parsed.success) return null;
  const state = parseSearchState(parsed.data);
  return state.linhas.length > 0 || searchesWithoutWords(state) ? { ...state, pagina: 1 } : null;
}

/**
 * The query string a saved search keeps: the search's own, written by the codec (its order, its
 * encoding) from page 1; null when `consulta` is not a search or its written form is too long.
 */
export function savedSearchQuery(consulta: string): string | null {
  const state = savedSearchState(consulta);
  if (!state) return null;
  const query = searchStateToParams(state).toString();
  return query.length <= SAVED_SEARCH_QUERY_MAX ? query : null;
}

/** `POST /api/pesquisas-salvas`: a name, and the results page's query string (its path segment too, when known). */
export const pesquisaSalvaBodySchema = z.object({
  nome: z
    .string()
    .trim()
    .min(1, { error: 'nome is required' })
    .max(SAVED_SEARCH_NAME_MAX, { error: `nome: at most ${SAVED_SEARCH_NAME_MAX} characters` })
    .refine((v) => !CONTROL.test(v), { error: 'nome: control characters are not allowed' }),
  consulta: z
    .string()
    .max(SAVED_SEARCH_QUERY_MAX, { error: `consulta: at most ${SAVED_SEARCH_QUERY_MAX} characters` })
    .refine((v) => savedSearchQuery(v) !== null, { error: 'consulta is not a search (the query string of a results page), or is too long' }),
  guia: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, { error: 'guia must be the path segment of a search guide' })
    .optional()
    .describe('the search guide the results were shown in (its `rota`), to open it there again'),
});
export type PesquisaSalvaBody = z.infer<typeof pesquisaSalvaBodySchema>;

/** One saved search, as its owner sees it. */
export const pesquisaSalvaSchema = z
  .object({
    id: z.number().int(),
    nome: z.string(),
    consulta: z.string().describe('the query string of the results page (page 1), without "?"'),
    guia: z.string().nullable().describe("the search guide's path segment to open it in (the general one when the saved guide is gone)"),
    criado_em: z.string().describe('when it was saved (UTC, ISO 8601)'),
  })
  .meta({ id: 'PesquisaSalva' });
export type PesquisaSalva = z.infer<typeof pesquisaSalvaSchema>;

const TAG = 'Pesquisas salvas';

/** Saved searches (decision 0020): Meu Pergamum's "saved items". */
export const savedEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/pesquisas-salvas',
    access: 'private',
    tag: TAG,
    summary: "The signed-in patron's saved searches, newest first",
    response: z.array(pesquisaSalvaSchema),
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/pesquisas-salvas',
    access: 'private',
    tag: TAG,
    summary: `Save the search of a results page under a name (at most ${SAVED_SEARCH_LIMIT} per patron)`,
    body: pesquisaSalvaBodySchema,
    response: pesquisaSalvaSchema,
    status: 201,
    errors: [422],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/pesquisas-salvas/:id',
    access: 'private',
    tag: TAG,
    summary: 'Delete one of your saved searches',
    params: recordIdParamsSchema,
    response: z.null(),
    status: 204,
    errors: [404],
  }),
};
