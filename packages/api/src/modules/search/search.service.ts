import { type Language } from '@estante/contracts/kernel';
import {
  type ResultadoAcervo,
  type ConsultaQuery,
  type ConsultaResponse,
  isEmptyTargetQuery,
  INDEX_TYPES,
  type IndiceQuery,
  type IndiceResponse,
  newSearchState,
  NETWORK_BASE,
  NO_YEAR,
  type OpcoesBase,
  type ProdutoTarget,
  searchRow,
  TARGET_GEDWEB,
  parseSearchState,
  SORTS,
} from '@estante/contracts/search';
import { FEW_RESULTS } from './search.suggest.js';
import { answer, buildFacets, namer, resultLines } from './search.answer.js';
import type { Db } from '../../db/client.js';
import { errors } from './search.messages.js';
import { clean } from '../../marc/derive.js';
import { BASE_FIELDS, facet, facetsFor, INDEX_NAMES, SORT_NAMES } from './search.config.js';
import type { Searcher } from './search.remote.js';
import { dataFields, subfieldValues } from '../../marc/record.js';
import { availability, browseIndex } from './search.queries.js';
import { titleRecords } from '../catalog/title.service.js';

/**
 * `GET /consulta`: the page of titles, the total and the facets for a search. An empty search
 * is a 422 (PreenchaCampoPesquisa); a malformed filter a 400.
 */
export async function search(
  index: Searcher,
  query: ConsultaQuery,
  language: Language,
  /**
   * `suggest` false: the words as typed only, no "did you mean" (a feed follows exactly what was
   * typed); `newestCatalogued`: the titles catalogued last first, whatever `ordenacao` says.
   */
  { suggest = true, newestCatalogued = false }: { suggest?: boolean; newestCatalogued?: boolean } = {},
): Promise<ConsultaResponse> {
  const state = { ...parseSearchState(query), ...(newestCatalogued ? { recemCatalogados: true } : {}) };
  const empty: ConsultaResponse = { total: 0, pagina: state.pagina, quantPag: state.quantPag, acervos: [], facetas: [], filtros: [] };
  // Spec §5: the target_gedweb base with no first-row term answers nothing, without searching.
  if (isEmptyTargetQuery(query)) return empty;
  for (const f of state.filtros)
    if (!facet(f.tipo).pattern.test(f.codigo)) throw errors.badRequest(`filtro ${f.tipo}:${f.codigo} is not a valid ${f.tipo} filter`);
  const found = await index.run(state);
  if (!found) throw errors.searchTermRequired();
  const network = index.source.name === 'network';
  // Did you mean (issue 26): only a search that found few titles is checked, so a search that
  // found what was typed costs what it cost. One that found nothing shows its suggestion's
  // titles at once, unless the patron asked for the words exactly as typed, or the suggestion
  // changes more than a slip of the fingers (issue 55: another name, a large change), which is
  // only offered.
  const suggestion = suggest && !network && found.total <= FEW_RESULTS ? await index.suggest(state, found.total) : null;
  return answer(index, state, suggestion ? { ...suggestion, applied: found.total === 0 && !state.exato && suggestion.safe } : null, found, language);
}

/** `GET /consulta/titulos-adicionais?acervos=`: result lines for titles by number (the basket page). */
export async function additionalTitles(db: Db, ids: number[], language: Language): Promise<ResultadoAcervo[]> {
  return resultLines(db, ids, language);
}

/** `GET /consulta/ordenacao`: the sort orders, named in the call's language. */
export function sortOptions(language: Language) {
  return SORTS.map((codigo) => ({ codigo, descricao: SORT_NAMES[codigo][language] }));
}

/** `GET /consulta/filtros`: the facets a search tab offers, named in the call's language. */
export function facetOptions(language: Language, searchTab?: string) {
  return facetsFor(searchTab === 'novas_aquisicoes', searchTab === NETWORK_BASE ? 'network' : 'catalogue').map(({ codigo, nome }) => ({
    codigo,
    descricao: nome[language],
  }));
}

/** `GET /consulta/indice`: a page of an index, from the given starting word. */
export async function browse(db: Db, query: IndiceQuery): Promise<IndiceResponse> {
  const entradas = await browseIndex(db, query.tipo, query.inicio.trim(), query.quantidade ?? 20);
  return { tipo: query.tipo, entradas };
}

/** `GET /consulta/opcoes-indice`: the index types, named in the call's language. */
export function indexOptions(language: Language) {
  return INDEX_TYPES.map((codigo) => ({ codigo, descricao: INDEX_NAMES[codigo][language] }));
}

/**
 * `GET /consulta/opcoes-arquivo`, `/opcoes-atos-normativos`, `/jurisprudencia-options`: the
 * values of the base's form fields among its titles (the facets of the base with no words),
 * each with its filter code and how many titles carry it; years newest first.
 */
export async function baseOptions(index: Searcher, base: keyof typeof BASE_FIELDS, language: Language): Promise<OpcoesBase> {
  const state = newSearchState({ base, quantPag: 1 });
  const outcome = await index.run(state);
  const facets = outcome ? buildFacets(state, outcome.facets, await namer(index.database, outcome.snapshot, language), language) : [];
  return {
    base,
    campos: BASE_FIELDS[base].map(({ filtro, nome }) => ({
      filtro,
      descricao: nome[language],
      opcoes: (facets.find((f) => f.codigo === filtro)?.itens ?? [])
        .filter((i) => i.codigo !== NO_YEAR)
        .map(({ codigo, descricao, total }) => ({ codigo, descricao, total })),
    })),
  };
}

/** How many standards a product look-up answers at most. */
const PRODUCTS_LIMIT = 20;

/**
 * `GET /consulta/produtos-target?termoPesquisa=`: the technical standards (the target_gedweb
 * base) whose code or title has the words, most relevant first. Target GEDWeb describes a
 * standard "code - title", and spec §5 shortens a description with a hyphen to the text after
 * the first hyphen: `descricao` is the title (the code stays in `codigo`). The hyphen cut is the
 * separator's, so a code with a hyphen of its own (ABNT NBR 15575-1) never cuts a title short.
 */
export async function targetProducts(index: Searcher, words: string): Promise<ProdutoTarget[]> {
  const outcome = await index.run(newSearchState({ base: TARGET_GEDWEB, linhas: [searchRow(words)], quantPag: PRODUCTS_LIMIT }));
  if (!outcome) return [];
  return (await titleRecords(index.database, outcome.page)).map(({ cod_acervo, marc }) => {
    // The title statement: 245 $a the standard's code, $b its title.
    const f245 = dataFields(marc, '245')[0];
    const codigo = clean(f245 ? subfieldValues(f245, 'a').join(' ') : '');
    const title = clean(f245 ? subfieldValues(f245, 'b').join(' ') : '');
    return { cod_acervo, codigo, descricao: title || codigo };
  });
}

/** Copies per library of the given titles, as results pages count them (the title record's holdings summary). */
export function titlesAvailability(db: Db, ids: number[]) {
  return availability(db, ids);
}
