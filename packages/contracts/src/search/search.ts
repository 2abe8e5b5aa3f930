import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  FACET_CODES,
  MATCH_TYPES,
  MAX_NEW_ACQUISITION_DAYS,
  MAX_PAGE_SIZE,
  MAX_RESULT_WINDOW,
  MAX_ROWS,
  MAX_TERM_LENGTH,
  OPERATORS,
  SEARCH_FIELDS,
  type SearchField,
  SORTS,
  TYPEAHEAD_FIELDS,
} from './search-state.js';

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
    /** Search exactly the words typed: a search that finds nothing is not replaced by its suggestion (issue 26). */
    exato: one.pipe(z.enum(['1'])).optional(),
  })
  .refine((q) => (q.pagina ?? 1) * (q.quantPag ?? DEFAULT_PAGE_SIZE) <= MAX_RESULT_WINDOW, {
    error: `pagina × quantPag may not pass ${MAX_RESULT_WINDOW}`,
    path: ['pagina'],
  });
export type ConsultaQuery = z.infer<typeof consultaQuerySchema>;

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

const suggestedRowParams = Object.fromEntries(
  Array.from({ length: MAX_ROWS }, (_, i) => i + 1).flatMap((n) => [
    [`termo${n}`, z.string().optional()],
    [`campo${n}`, z.enum(SEARCH_FIELDS).optional()],
    [`tipo${n}`, z.enum(MATCH_TYPES).optional()],
    [`operador${n}`, z.enum(OPERATORS).optional()],
    [`similar${n}`, z.literal('1').optional()],
  ]),
) as Record<string, z.ZodOptional<z.ZodType<string>>>;

/**
 * "Did you mean" (issue 26): the search's rows with misspelt words corrected from the
 * catalogue's vocabulary, as the query string's row parameters (termo1, campo1 …; defaults left
 * out), and how many titles it finds. `aplicada`: the search found nothing, so the answer's
 * titles and facets are this suggestion's (`exato=1` asks for the words as typed).
 */
export const didYouMeanSchema = z.object({ ...suggestedRowParams, total: z.number().int(), aplicada: z.boolean() }).meta({ id: 'SugestaoConsulta' });
export type DidYouMean = z.infer<typeof didYouMeanSchema>;

/**
 * A filter in force (spec §3 "Selected filter": tipo, codigo, descricao, campus): its facet and
 * value, the value's name, and the campus the value belongs to — a library's or a course's
 * (facets B and NA_C); null for values of no campus.
 */
export const selectedFilterSchema = z.object({ tipo: z.enum(FACET_CODES), codigo: z.string(), descricao: z.string(), campus: z.string().nullable() });
export type SelectedFilter = z.infer<typeof selectedFilterSchema>;

/** `GET /consulta` answer: the page of titles, the total, the facets and the filters in force. */
export const consultaResponseSchema = z
  .object({
    total: z.number().int(),
    pagina: z.number().int(),
    quantPag: z.number().int(),
    acervos: z.array(resultadoAcervoSchema),
    facetas: z.array(facetaSchema),
    filtros: z.array(selectedFilterSchema),
    sugestao: didYouMeanSchema.optional(),
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

/**
 * A technical standard (the target_gedweb base): its title number, its code, and its description
 * shortened as spec §5 says (the text after the hyphen of "code - title": the title; the code
 * when it has none).
 */
export const produtoTargetSchema = z.object({ cod_acervo: z.number().int(), codigo: z.string(), descricao: z.string() });
export const produtosTargetSchema = z.array(produtoTargetSchema).meta({ id: 'ProdutosTarget' });
export type ProdutoTarget = z.infer<typeof produtoTargetSchema>;

/** `GET /consulta/sugestoes`: headings starting with the words typed (3 characters or more), in one field or all three. */
export const typeaheadQuerySchema = z.object({
  termo: z
    .string()
    .trim()
    .min(MIN_MATCH_LENGTH, { error: `termo needs at least ${MIN_MATCH_LENGTH} characters` })
    .max(MAX_TERM_LENGTH),
  campo: z.enum(['livre', ...TYPEAHEAD_FIELDS]).optional(),
});

/** Suggestions as you type: headings, most titles first, each with its field and how many titles carry it. */
export const typeaheadSchema = z
  .object({ sugestoes: z.array(z.object({ texto: z.string(), campo: z.enum(TYPEAHEAD_FIELDS), total: z.number().int() })) })
  .meta({ id: 'Typeahead' });
export type Typeahead = z.infer<typeof typeaheadSchema>;
