import type { ConsultaQuery } from './search.js';

// The search state and its address, apart from the schemas in search.ts: the home page and the
// search form need these without zod (the results page validates its address with the schema).

/** Fields a search row can target (spec §7 "Search", issue: catalogue search). */
export const SEARCH_FIELDS = ['livre', 'titulo', 'autor', 'assunto', 'serie', 'editora', 'chamada', 'isbn'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** The fields suggestions as you type come from (issue 26): title, author and subject headings. */
export const TYPEAHEAD_FIELDS = ['titulo', 'autor', 'assunto'] as const satisfies readonly SearchField[];

/** Match types (spec §9): anywhere (all words), exact phrase, starting with. */
export const MATCH_TYPES = ['palavras', 'frase', 'inicio'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/**
 * How a row joins the rows before it (advanced search, spec §9): AND, OR, AND NOT, and the
 * proximity operators: the previous row's words before this row's (ANTES), after them
 * (DEPOIS), or either way (PROXIMO), at most PROXIMITY_WORDS words apart.
 */
export const OPERATORS = ['E', 'OU', 'NAO', 'ANTES', 'DEPOIS', 'PROXIMO'] as const;
/** How far apart (in words) the proximity operators let two rows' words be. */
export const PROXIMITY_WORDS = 10;
export type Operator = (typeof OPERATORS)[number];

/** Sort orders: C relevance (default, spec §9), T title, A author, N newest, O oldest. */
export const SORTS = ['C', 'T', 'A', 'N', 'O'] as const;
export type Sort = (typeof SORTS)[number];

/**
 * Facets (spec §9): T work type, Y year, I language, X only-with (C cover, O online,
 * A accessible), K knowledge area, R repository, the additional data B library, A author,
 * S subject, E publisher, P journal, C collection, U thesis institution, F fonds, N academic
 * degree, O corporate body, D geographic descriptor, L place of publication, G genre/form,
 * M carrier (decision 0014 says where each comes from), and for new acquisitions NA_C course
 * (whose teaching plans cite the title) and NA_A knowledge area.
 */
export const FACET_CODES = ['T', 'Y', 'I', 'X', 'K', 'B', 'A', 'S', 'E', 'P', 'C', 'U', 'F', 'N', 'O', 'D', 'L', 'G', 'M', 'R', 'NA_C', 'NA_A', 'Z'] as const;
export type FacetCode = (typeof FACET_CODES)[number];

/**
 * The partner network's base (`base=rede`, issue 22): a search of the records harvested from
 * partner libraries over OAI-PMH instead of our catalogue, with facet Z (institution).
 */
export const NETWORK_BASE = 'rede';

/** The technical standards' base (Target GEDWeb). */
export const TARGET_GEDWEB = 'target_gedweb';

/**
 * Search bases (`base=`) that are one kind of record: the archive, normative-acts and
 * jurisprudence guides and the technical standards of target_gedweb search only titles of
 * their work type (16–19, derived from MARC: decision 0014), and may list them without words.
 */
export const BASE_WORK_TYPES: Record<string, number> = { arquivo: 16, atos_normativos: 17, jurisprudencia: 18, [TARGET_GEDWEB]: 19 };

/**
 * Spec §5: a search of the target_gedweb base with no first-row term (`termo1`) answers nothing.
 * One rule for both sides, on the query as sent: the server answers such a query empty without
 * searching, and the web app does not send it.
 */
export function isEmptyTargetQuery(query: Readonly<Record<string, unknown>>): boolean {
  return query.base === TARGET_GEDWEB && !(typeof query.termo1 === 'string' && query.termo1.trim() !== '');
}

/** True when a search state may run without words: a period, a plan, or a base of one kind. */
export function searchesWithoutWords(state: Pick<SearchState, 'novas' | 'plano' | 'base'>): boolean {
  return Boolean(state.novas || state.plano || (state.base && BASE_WORK_TYPES[state.base] !== undefined));
}

export const MAX_ROWS = 5;
export const MAX_TERM_LENGTH = 300;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Deep paging stops here: past it, refine the search (protects the server). */
export const MAX_RESULT_WINDOW = 10_000;
/** How far back "new acquisitions" may look, in days. */
export const MAX_NEW_ACQUISITION_DAYS = 365;
/** The year facet's bucket for titles without a year. */
export const NO_YEAR = 'sem-data';

export interface SearchRow {
  campo: SearchField;
  termo: string;
  tipo: MatchType;
  /** How this row joins the previous ones; ignored on the first row. */
  operador: Operator;
  /** "Similar words": match stems in Portuguese, Spanish and English. */
  similar: boolean;
}

export interface SearchFilter {
  tipo: FacetCode;
  codigo: string;
}

/**
 * The teaching-plan guide's restriction: titles in the bibliography of the plans of this
 * course, discipline, professor, year and semester (any given; spec §5: at least one).
 */
export interface PlanFilter {
  curso: number | null;
  disciplina: number | null;
  professor: number | null;
  ano: number | null;
  semestre: number | null;
}

/** The whole state of a search; the URL holds it (parseSearchState / searchStateToParams). */
export interface SearchState {
  linhas: SearchRow[];
  filtros: SearchFilter[];
  ordenacao: Sort;
  pagina: number;
  quantPag: number;
  base: string | null;
  /** New acquisitions of the last N days, or null for the whole collection. */
  novas: number | null;
  /** Teaching-plan bibliography, or null for the whole collection. */
  plano: PlanFilter | null;
  /** The words exactly as typed: a search that finds nothing is not replaced by its "did you mean" (issue 26). */
  exato?: boolean;
  /**
   * The newest catalogued first, whatever `ordenacao` says: the followed-search feed's order
   * (issue 56). Not an address parameter: set by the server only.
   */
  recemCatalogados?: boolean;
}

/**
 * The raw `/consulta` query of URL parameters, as Fastify's query parser gives it: `filtro`
 * (the one repeatable parameter) as a list, every other parameter as its last value.
 * Validate the result with consultaQuerySchema.
 */
export function consultaQueryFromParams(params: URLSearchParams): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) raw[key] = key === 'filtro' ? params.getAll(key) : params.getAll(key).at(-1)!;
  return raw;
}

/** The filter parameter's form (`T:1`): a facet code, a colon, a value. */
export const FILTER_PATTERN = /^[A-Z][A-Z_]{0,3}:[\w-]{1,40}$/;
/** At most this many `filtro` parameters. */
export const MAX_FILTERS = 50;

/** Whole-number parameters and their bounds (consultaQuerySchema's wholeNumber). */
const WHOLE_NUMBERS = {
  pagina: [1, MAX_RESULT_WINDOW],
  quantPag: [1, MAX_PAGE_SIZE],
  novas: [1, MAX_NEW_ACQUISITION_DAYS],
  curso: [1, 999_999],
  disciplina: [1, 999_999],
  professor: [1, 999_999],
  ano: [1900, 2999],
  semestre: [1, 2],
} as const;

/** Parameters that take one value of a list, and the list. */
const CHOICES: Record<string, readonly string[]> = {
  ordenacao: SORTS,
  exato: ['1'],
  ...Object.fromEntries(
    Array.from({ length: MAX_ROWS }, (_, i) => i + 1).flatMap((n) => [
      [`campo${n}`, SEARCH_FIELDS],
      [`tipo${n}`, MATCH_TYPES],
      [`operador${n}`, OPERATORS],
      [`similar${n}`, ['0', '1', 'true', 'false']],
    ]),
  ),
};

/**
 * The `/consulta` query of an address, checked as consultaQuerySchema checks it, or null when
 * the schema would refuse it — without zod, so that the results page does not download and
 * run the schemas to read its own address (issue 55; search.test.ts holds the two to the same
 * answers). `raw` is consultaQueryFromParams's: `filtro` a list, every other parameter a value.
 */
export function readConsultaQuery(raw: Readonly<Record<string, string | string[]>>): ConsultaQuery | null {
  const query: Record<string, string | number | string[]> = {};
  for (const [key, given] of Object.entries(raw)) {
    if (key === 'filtro') {
      const filters = Array.isArray(given) ? given : [given];
      if (filters.length > MAX_FILTERS || !filters.every((f) => FILTER_PATTERN.test(f))) return null;
      query.filtro = [...filters];
      continue;
    }
    const value = Array.isArray(given) ? given.at(-1) : given;
    if (value === undefined) return null;
    if (/^termo[1-5]$/.test(key) && Number(key.slice(5)) <= MAX_ROWS) {
      if (value.length > MAX_TERM_LENGTH) return null;
      query[key] = value;
    } else if (key === 'base') {
      if (value.length > 40) return null;
      query[key] = value;
    } else if (Object.hasOwn(WHOLE_NUMBERS, key)) {
      const [min, max] = WHOLE_NUMBERS[key as keyof typeof WHOLE_NUMBERS];
      if (!/^\d{1,6}$/.test(value) || Number(value) < min || Number(value) > max) return null;
      query[key] = Number(value);
    } else if (Object.hasOwn(CHOICES, key)) {
      if (!CHOICES[key]!.includes(value)) return null;
      query[key] = value;
    }
    // Any other parameter (the display, `exibicao`) is not the search's: left out, as the schema strips it.
  }
  const pagina = (query.pagina as number | undefined) ?? 1;
  const quantPag = (query.quantPag as number | undefined) ?? DEFAULT_PAGE_SIZE;
  if (pagina * quantPag > MAX_RESULT_WINDOW) return null;
  return query as ConsultaQuery;
}

/** The search state a (validated) query string describes; rows with no term are dropped. */
export function parseSearchState(query: ConsultaQuery): SearchState {
  const q = query as Record<string, string | string[] | number | undefined>;
  const linhas: SearchRow[] = [];
  for (let n = 1; n <= MAX_ROWS; n++) {
    const termo = typeof q[`termo${n}`] === 'string' ? (q[`termo${n}`] as string).trim() : '';
    if (!termo) continue;
    linhas.push({
      campo: (q[`campo${n}`] as SearchField | undefined) ?? 'livre',
      termo,
      tipo: (q[`tipo${n}`] as MatchType | undefined) ?? 'palavras',
      operador: (q[`operador${n}`] as Operator | undefined) ?? 'E',
      similar: q[`similar${n}`] === '1' || q[`similar${n}`] === 'true',
    });
  }
  const filtros = (query.filtro ?? []).flatMap((f) => {
    const [tipo, codigo] = f.split(':') as [string, string];
    return (FACET_CODES as readonly string[]).includes(tipo) ? [{ tipo: tipo as FacetCode, codigo }] : [];
  });
  return {
    linhas,
    filtros: dedupe(filtros),
    ordenacao: query.ordenacao ?? 'C',
    pagina: query.pagina ?? 1,
    quantPag: query.quantPag ?? DEFAULT_PAGE_SIZE,
    base: query.base ?? null,
    novas: query.novas ?? null,
    plano: planFilter(query),
    ...(query.exato ? { exato: true } : {}),
  };
}

const PLAN_KEYS = ['curso', 'disciplina', 'professor', 'ano', 'semestre'] as const;

function planFilter(query: ConsultaQuery): PlanFilter | null {
  if (!PLAN_KEYS.some((k) => query[k] !== undefined)) return null;
  return {
    curso: query.curso ?? null,
    disciplina: query.disciplina ?? null,
    professor: query.professor ?? null,
    ano: query.ano ?? null,
    semestre: query.semestre ?? null,
  };
}

/** A search with the spec's defaults (spec §9: relevance, page 1 of 20, whole collection) and `change` on top. */
export function newSearchState(change: Partial<SearchState>): SearchState {
  return { linhas: [], filtros: [], ordenacao: 'C', pagina: 1, quantPag: DEFAULT_PAGE_SIZE, base: null, novas: null, plano: null, ...change };
}

/** One search row with the defaults: any field, all words, AND, no stemming. */
export function searchRow(termo: string, change: Partial<SearchRow> = {}): SearchRow {
  return { campo: 'livre', termo, tipo: 'palavras', operador: 'E', similar: false, ...change };
}

/** The query string for a search state: the inverse of parseSearchState (defaults left out). */
export function searchStateToParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  state.linhas.slice(0, MAX_ROWS).forEach((row, i) => {
    const n = i + 1;
    params.set(`termo${n}`, row.termo);
    if (row.campo !== 'livre') params.set(`campo${n}`, row.campo);
    if (row.tipo !== 'palavras') params.set(`tipo${n}`, row.tipo);
    if (n > 1 && row.operador !== 'E') params.set(`operador${n}`, row.operador);
    if (row.similar) params.set(`similar${n}`, '1');
  });
  for (const f of state.filtros) params.append('filtro', `${f.tipo}:${f.codigo}`);
  if (state.ordenacao !== 'C') params.set('ordenacao', state.ordenacao);
  if (state.pagina !== 1) params.set('pagina', String(state.pagina));
  if (state.quantPag !== DEFAULT_PAGE_SIZE) params.set('quantPag', String(state.quantPag));
  if (state.base) params.set('base', state.base);
  if (state.novas) params.set('novas', String(state.novas));
  for (const key of PLAN_KEYS) if (state.plano?.[key]) params.set(key, String(state.plano[key]));
  if (state.exato) params.set('exato', '1');
  return params;
}

function dedupe(filters: SearchFilter[]): SearchFilter[] {
  const seen = new Set<string>();
  return filters.filter((f) => {
    const key = `${f.tipo}:${f.codigo}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
