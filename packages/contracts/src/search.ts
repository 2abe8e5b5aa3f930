import { z } from 'zod';

/** Fields a search row can target (spec §7 "Search", issue: catalogue search). */
export const SEARCH_FIELDS = ['livre', 'titulo', 'autor', 'assunto', 'serie', 'editora', 'chamada', 'isbn'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

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
}

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: `expected a whole number from ${min} to ${max}` })
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const one = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v[v.length - 1]! : v));
const many = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));
const rowParams = Object.fromEntries(
  Array.from({ length: MAX_ROWS }, (_, i) => i + 1).flatMap((n) => [
    [`termo${n}`, one.pipe(z.string().max(MAX_TERM_LENGTH, { error: `termo${n}: at most ${MAX_TERM_LENGTH} characters` })).optional()],
    [`campo${n}`, one.pipe(z.enum(SEARCH_FIELDS)).optional()],
    [`tipo${n}`, one.pipe(z.enum(MATCH_TYPES)).optional()],
    [`operador${n}`, one.pipe(z.enum(OPERATORS)).optional()],
    [`similar${n}`, one.pipe(z.enum(['0', '1', 'true', 'false'])).optional()],
  ]),
) as Record<string, z.ZodOptional<z.ZodType<string>>>;

/** `GET /consulta` query string: rows 1–5 by suffix, repeated `filtro=T:1`, sort, paging, base. */
export const consultaQuerySchema = z
  .object({
    ...rowParams,
    filtro: many.pipe(z.array(z.string().regex(/^[A-Z][A-Z_]{0,3}:[\w-]{1,40}$/, { error: 'filtro must look like T:1' })).max(50)).optional(),
    ordenacao: one.pipe(z.enum(SORTS)).optional(),
    pagina: one.pipe(wholeNumber(1, MAX_RESULT_WINDOW)).optional(),
    quantPag: one.pipe(wholeNumber(1, MAX_PAGE_SIZE)).optional(),
    base: one.pipe(z.string().max(40)).optional(),
    /** New acquisitions: only titles added in the last N days (then a term is optional). */
    novas: one.pipe(wholeNumber(1, MAX_NEW_ACQUISITION_DAYS)).optional(),
    /** Teaching plans: titles in the bibliography of matching plans (then a term is optional). */
    curso: one.pipe(wholeNumber(1, 999_999)).optional(),
    disciplina: one.pipe(wholeNumber(1, 999_999)).optional(),
    professor: one.pipe(wholeNumber(1, 999_999)).optional(),
    ano: one.pipe(wholeNumber(1900, 2999)).optional(),
    semestre: one.pipe(wholeNumber(1, 2)).optional(),
  })
  .refine((q) => (q.pagina ?? 1) * (q.quantPag ?? DEFAULT_PAGE_SIZE) <= MAX_RESULT_WINDOW, {
    error: `pagina × quantPag may not pass ${MAX_RESULT_WINDOW}`,
    path: ['pagina'],
  });
export type ConsultaQuery = z.infer<typeof consultaQuerySchema>;

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

/** Availability of a title's copies in one library. */
export const disponibilidadeSchema = z.object({
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  total: z.number().int(),
  disponiveis: z.number().int(),
});

/** One line of the results page. */
export const resultadoAcervoSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
  cod_tipo_obra: z.number().int(),
  desc_tipo_obra: z.string(),
  idioma: z.string().nullable(),
  link_capa: z.string().nullable(),
  acesso_remoto: z.boolean(),
  possui_acessibilidade: z.boolean(),
  disponibilidade: z.array(disponibilidadeSchema),
  /** A partner network record's institution (spec §3 "Network record"); absent for our own titles. */
  instituicao: z.object({ cod_empresa: z.number().int(), desc_empresa: z.string() }).optional(),
});
export type ResultadoAcervo = z.infer<typeof resultadoAcervoSchema>;

/** A facet entry (spec §3 "Facet entry"). */
export const facetaItemSchema = z.object({
  codigo: z.string(),
  descricao: z.string(),
  total: z.number().int(),
  totalSemFiltro: z.number().int(),
  mostrarQtdOriginal: z.boolean(),
});

export const facetaSchema = z.object({ codigo: z.enum(FACET_CODES), descricao: z.string(), itens: z.array(facetaItemSchema) });
export type Faceta = z.infer<typeof facetaSchema>;

/** `GET /consulta` answer: the page of titles, the total, the facets and the filters in force. */
export const consultaResponseSchema = z
  .object({
    total: z.number().int(),
    pagina: z.number().int(),
    quantPag: z.number().int(),
    acervos: z.array(resultadoAcervoSchema),
    facetas: z.array(facetaSchema),
    filtros: z.array(z.object({ tipo: z.enum(FACET_CODES), codigo: z.string(), descricao: z.string() })),
  })
  .meta({ id: 'ResultadoConsulta' });
export type ConsultaResponse = z.infer<typeof consultaResponseSchema>;

/** Index types for browsing (spec §3 "Index types"): headings in alphabetical order. */
export const INDEX_TYPES = ['titulo', 'serie', 'autor', 'assunto', 'chamada', 'isbn', 'issn'] as const;
export type IndexType = (typeof INDEX_TYPES)[number];

/** `GET /consulta/indice`: headings of one index from the first one at or after `inicio`. */
export const indiceQuerySchema = z.object({
  tipo: z.enum(INDEX_TYPES),
  inicio: z.string().max(MAX_TERM_LENGTH).default(''),
  quantidade: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'expected a whole number from 1 to 100' })
    .transform(Number)
    .pipe(z.number().min(1).max(100))
    .optional(),
});
export type IndiceQuery = z.infer<typeof indiceQuerySchema>;

export const indiceResponseSchema = z
  .object({
    tipo: z.enum(INDEX_TYPES),
    entradas: z.array(z.object({ cabecalho: z.string(), total: z.number().int() })),
  })
  .meta({ id: 'Indice' });
export type IndiceResponse = z.infer<typeof indiceResponseSchema>;

/** The search field that finds the titles under a heading of an index. */
export const INDEX_SEARCH_FIELD: Record<IndexType, SearchField> = {
  titulo: 'titulo',
  serie: 'serie',
  autor: 'autor',
  assunto: 'assunto',
  chamada: 'chamada',
  isbn: 'isbn',
  issn: 'isbn',
};

/** A choice of a guide's form: a facet value (its filter code), with how many titles carry it. */
export const opcaoBaseSchema = z.object({ codigo: z.string(), descricao: z.string(), total: z.number().int() });

/**
 * `GET /consulta/opcoes-arquivo`, `/opcoes-atos-normativos`, `/jurisprudencia-options`: the
 * choices of the archive, normative-acts and jurisprudence guides' forms, drawn from the
 * catalogue's titles of that base. Each field filters the search by facet `filtro`.
 */
export const opcoesBaseSchema = z
  .object({
    base: z.string(),
    campos: z.array(z.object({ filtro: z.enum(FACET_CODES), descricao: z.string(), opcoes: z.array(opcaoBaseSchema) })),
  })
  .meta({ id: 'OpcoesBase' });
export type OpcoesBase = z.infer<typeof opcoesBaseSchema>;

/** Shortest word of a product look-up (spec §5: name matching needs at least 3 characters per term). */
export const MIN_MATCH_LENGTH = 3;

/** `GET /consulta/produtos-target?termoPesquisa=`: words (each of 3 or more characters) of a standard's code or title. */
export const produtosTargetQuerySchema = z.object({
  termoPesquisa: z
    .string()
    .trim()
    .min(1, { error: 'termoPesquisa is required' })
    .max(MAX_TERM_LENGTH)
    .refine((v) => v.split(/\s+/).every((w) => w.length >= MIN_MATCH_LENGTH), {
      error: `each word of termoPesquisa needs at least ${MIN_MATCH_LENGTH} characters`,
    }),
});

/** A technical standard (the target_gedweb base): its title number, code and title. */
export const produtoTargetSchema = z.object({ cod_acervo: z.number().int(), codigo: z.string(), descricao: z.string() });
export const produtosTargetSchema = z.array(produtoTargetSchema).meta({ id: 'ProdutosTarget' });
export type ProdutoTarget = z.infer<typeof produtoTargetSchema>;
