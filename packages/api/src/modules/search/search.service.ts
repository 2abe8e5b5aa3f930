import {
  type ResultadoAcervo,
  type ConsultaQuery,
  type ConsultaResponse,
  type Faceta,
  isEmptyTargetQuery,
  INDEX_TYPES,
  type IndiceQuery,
  type IndiceResponse,
  type Language,
  newSearchState,
  NETWORK_BASE,
  NO_YEAR,
  type OpcoesBase,
  type ProdutoTarget,
  searchRow,
  TARGET_GEDWEB,
  parseSearchState,
  type SearchFilter,
  type SearchState,
  searchStateToParams,
  SORTS,
} from '@estante/contracts';
import { FEW_RESULTS, suggestSearch } from './search.suggest.js';
import { type ValueNamer, valueNamer } from '../catalog/value-names.js';
import type { Db } from '../../db/client.js';
import { errors } from './search.messages.js';
import { clean } from '../../marc/derive.js';
import { BASE_FIELDS, countedAs, facet, facetsFor, INDEX_NAMES, NO_YEAR_NAME, ONLY_WITH, SORT_NAMES, workTypeName } from './search.config.js';
import type { FacetCount } from './search.index.js';
import type { Searcher, SnapshotNames } from './search.remote.js';
import { dataFields, subfieldValues } from '../../marc/record.js';
import { availability, browseIndex, networkTitlesByIds, type TitleRow, titlesByIds } from './search.queries.js';
import { titleRecords } from '../catalog/title.service.js';
import { isMultiFacet } from './search.snapshot.js';

/**
 * `GET /consulta`: the page of titles, the total and the facets for a search. An empty search
 * is a 422 (PreenchaCampoPesquisa); a malformed filter a 400.
 */
export async function search(
  index: Searcher,
  query: ConsultaQuery,
  language: Language,
  /** False: the words as typed only, no "did you mean" (a feed follows exactly what was typed). */
  { suggest = true }: { suggest?: boolean } = {},
): Promise<ConsultaResponse> {
  const state = parseSearchState(query);
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
  // titles at once, unless the patron asked for the words exactly as typed.
  const suggestion = suggest && !network && found.total <= FEW_RESULTS ? await suggestSearch(index, state, found) : null;
  const applied = suggestion !== null && found.total === 0 && !state.exato;
  const outcome = applied ? suggestion.outcome : found;
  const names = describe(language, outcome.snapshot, await valueNamer(index.database, language, ['area']));
  return {
    ...(suggestion
      ? {
          sugestao: {
            ...Object.fromEntries(searchStateToParams(newSearchState({ linhas: suggestion.linhas }))),
            total: suggestion.outcome.total,
            aplicada: applied,
          },
        }
      : {}),
    total: outcome.total,
    pagina: state.pagina,
    quantPag: state.quantPag,
    acervos: network ? await networkResultLines(index.database, outcome.page, language) : await resultLines(index.database, outcome.page, language),
    facetas: buildFacets(state, outcome.facets, names, language, network ? 'network' : 'catalogue'),
    filtros: state.filtros.map((f) => ({ ...f, descricao: names(f.tipo, f.codigo) })),
  };
}

/** Result lines (what a results page shows of a title) for titles in the order given; unknown ids are left out. */
export async function resultLines(db: Db, ids: number[], language: Language): Promise<ResultadoAcervo[]> {
  return (await titlesByIds(db, ids)).map((t) => ({ ...lineOf(t, language), disponibilidade: t.disponibilidade }));
}

/** What a result line shows of a title record, ours or a partner's. */
function lineOf(t: TitleRow, language: Language): Omit<ResultadoAcervo, 'disponibilidade' | 'instituicao'> {
  return {
    cod_acervo: t.cod_acervo,
    titulo: t.title,
    autor: t.author,
    ano_publicacao: t.ano_publicacao,
    cod_tipo_obra: t.cod_tipo_obra,
    desc_tipo_obra: workTypeName(t.cod_tipo_obra, t.desc_tipo_obra, language),
    idioma: t.idioma,
    link_capa: t.link_capa,
    acesso_remoto: t.acesso_remoto,
    possui_acessibilidade: t.possui_acessibilidade,
  };
}

/** Result lines of partner-network records: no copies here, the partner institution instead. */
async function networkResultLines(db: Db, ids: number[], language: Language): Promise<ResultadoAcervo[]> {
  return (await networkTitlesByIds(db, ids)).map((t) => ({
    ...lineOf(t, language),
    disponibilidade: [],
    instituicao: { cod_empresa: t.cod_empresa, desc_empresa: t.desc_empresa },
  }));
}

/** `GET /consulta/titulos-adicionais?acervos=`: result lines for titles by number (the basket page). */
export async function additionalTitles(db: Db, ids: number[], language: Language): Promise<ResultadoAcervo[]> {
  return resultLines(db, ids, language);
}

type Namer = (facet: SearchFilter['tipo'], code: string) => string;

/** Names facet values in `language`: work types, languages, years and the X options. */
function describe(language: Language, snapshot: SnapshotNames, value: ValueNamer): Namer {
  const { workTypes: types, languages, areas } = snapshot.names;
  return (facet, code) => {
    if (isMultiFacet(facet)) {
      const { byCode, names } = snapshot.multi[facet];
      const value = byCode.get(code);
      return value === undefined ? code : names[value]!;
    }
    if (countedAs(facet) === 'K') {
      const area = areas.find((a) => a.cod_area_conhecimento === Number(code));
      // The route is the area's URL slug: the patron reads the area's name.
      return area ? value('area', area.descricao) : code;
    }
    if (facet === 'T') {
      const type = types.find((t) => t.cod_tipo_obra === Number(code));
      return type ? workTypeName(type.cod_tipo_obra, type.desc_tipo_obra, language) : code;
    }
    if (facet === 'Y') return code === NO_YEAR ? NO_YEAR_NAME[language] : code;
    if (facet === 'I') {
      const row = languages.find((l) => l.codigo === code);
      return row ? { pt: row.nome_pt, en: row.nome_en, es: row.nome_es }[language] : code;
    }
    return ONLY_WITH[code]?.[language] ?? code;
  };
}

/** Facet values are ordered by name in the call's language (made once: a collator costs more to make than to use). */
const COLLATORS: Record<Language, Intl.Collator> = { pt: new Intl.Collator('pt-BR'), en: new Intl.Collator('en'), es: new Intl.Collator('es') };

/** Facets in configuration order; years newest first ("no date" last), others by name. */
function buildFacets(state: SearchState, counts: FacetCount[], name: Namer, language: Language, scope: 'catalogue' | 'network' = 'catalogue'): Faceta[] {
  const collator = COLLATORS[language];
  // The counts by facet, in one pass (a broad search's are some hundreds).
  const byFacet = new Map<string, FacetCount[]>();
  for (const c of counts) {
    if (c.sem_filtro <= 0) continue;
    const list = byFacet.get(c.faceta);
    if (list) list.push(c);
    else byFacet.set(c.faceta, [c]);
  }
  return facetsFor(state.novas !== null, scope).map(({ codigo, nome, sort }) => {
    // NA_A shows the knowledge-area counts (facet K) of a new-acquisitions list.
    const itens = (byFacet.get(countedAs(codigo)) ?? []).map((c) => ({
      codigo: c.codigo,
      // An author's, subject's… name came with its count; others are named here.
      descricao: c.nome ?? name(codigo, c.codigo),
      total: c.total,
      totalSemFiltro: c.sem_filtro,
      mostrarQtdOriginal: state.filtros.length > 0,
    }));
    itens.sort(
      sort === 'newest'
        ? (a, b) => (a.codigo === NO_YEAR ? 1 : b.codigo === NO_YEAR ? -1 : Number(b.codigo) - Number(a.codigo))
        : (a, b) => collator.compare(a.descricao, b.descricao),
    );
    return { codigo, descricao: nome[language], itens };
  });
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
  const facets = outcome
    ? buildFacets(state, outcome.facets, describe(language, outcome.snapshot, await valueNamer(index.database, language, ['area'])), language)
    : [];
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
 * base) whose code or title has the words, most relevant first, each described as Target
 * GEDWeb does, "code - title".
 */
export async function targetProducts(index: Searcher, words: string): Promise<ProdutoTarget[]> {
  const outcome = await index.run(newSearchState({ base: TARGET_GEDWEB, linhas: [searchRow(words)], quantPag: PRODUCTS_LIMIT }));
  if (!outcome) return [];
  return (await titleRecords(index.database, outcome.page)).map(({ cod_acervo, marc }) => {
    // The title statement: 245 $a the standard's code, $b its title.
    const f245 = dataFields(marc, '245')[0];
    const codigo = clean(f245 ? subfieldValues(f245, 'a').join(' ') : '');
    const title = clean(f245 ? subfieldValues(f245, 'b').join(' ') : '');
    return { cod_acervo, codigo, descricao: title ? `${codigo} - ${title}` : codigo };
  });
}

/** Copies per library of the given titles, as results pages count them (the title record's holdings summary). */
export function titlesAvailability(db: Db, ids: number[]) {
  return availability(db, ids);
}
