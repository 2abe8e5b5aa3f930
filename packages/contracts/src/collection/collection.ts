import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { endpoint } from '../endpoint.js';
import { EXTERNAL_RESOURCES } from '../links/links.js';
import { periodInOrder, PERIOD_ORDER, periodShape } from '../catalog/title.js';

/**
 * Meu Pergamum's collection calls (spec §7 "Title" meu-pergamum calls, §3 Teaching plan): a
 * professor's teaching plans with their bibliography's coverage, the databases a patron's
 * category may use, and the collection's totals.
 */

/** A number a query string carries. */
const queryNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, { error: 'a number' })
    .transform(Number)
    .refine((n) => n > 0 && n <= max, { error: `a number from 1 to ${max}` });

/** The institution's coverage targets (settings; Brazilian course evaluation counts them). */
export const metaPlanoSchema = z.object({
  vagas_por_exemplar: z.number().describe('basic bibliography: at most this many vacancies per copy'),
  exemplares_complementar: z.number().int().describe('complementary bibliography: at least this many copies'),
});
/** The defaults when the institution sets none (`plano_ensino_vagas_por_exemplar`, `plano_ensino_exemplares_complementar`). */
export const DEFAULT_PLAN_TARGETS = { vagas_por_exemplar: 5, exemplares_complementar: 2 } as const;

/** A teaching plan offered: its course (department), discipline, year, semester, period, vacancies. */
export const planoOfertaSchema = z.object({
  cod_plano: z.number().int(),
  departamento: z.object({ codigo: z.number().int(), nome: z.string() }).describe('course / organisational unit'),
  disciplina: z.object({ codigo: z.number().int(), sigla: z.string(), nome: z.string() }),
  ano: z.number().int(),
  semestre: z.number().int(),
  periodo: z.number().int().nullable(),
  vagas: z.number().int().nullable(),
});
export type PlanoOferta = z.infer<typeof planoOfertaSchema>;

/** `GET …/plano-ensino/disciplinas-bibliotecas`: the signed-in professor's plans and the libraries. */
export const disciplinasBibliotecasSchema = z.object({
  professor: z.boolean().describe('the patron signs in as a professor (professors.cod_pessoa); false: no plans, not an error'),
  planos: z.array(planoOfertaSchema),
  bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
  meta: metaPlanoSchema,
});
export type DisciplinasBibliotecas = z.infer<typeof disciplinasBibliotecasSchema>;

/** `GET …/plano-ensino/bibliografia`: at least one field (spec §5), all numbers. */
export const bibliografiaQuerySchema = z
  .object({
    departamento: queryNumber(INT4_MAX).optional(),
    ano: queryNumber(2999)
      .refine((n) => n >= 1900, { error: 'a year from 1900' })
      .optional(),
    semestre: z.enum(['1', '2']).transform(Number).optional(),
    periodo: queryNumber(99).optional(),
    disciplina: queryNumber(INT4_MAX).optional(),
    biblioteca: queryNumber(INT4_MAX).optional(),
  })
  .refine((q) => Object.values(q).some((v) => v !== undefined), {
    error: 'fill at least one field',
    params: { rule: 'atLeastOneField' },
  });
export type BibliografiaQuery = z.input<typeof bibliografiaQuerySchema>;

/** A title of a plan's bibliography with its copies, loans and coverage. */
export const bibliografiaTituloSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  ano: z.string().nullable(),
  tipo: z.enum(['basica', 'complementar']),
  exemplares: z.number().int().describe('copies counted (at the chosen library, or all; lost ones not)'),
  por_biblioteca: z.array(
    z.object({
      cod_biblioteca: z.number().int(),
      biblioteca: z.string(),
      exemplares: z.number().int(),
      emprestados: z.number().int().describe('out on loan now'),
    }),
  ),
  emprestimos: z.number().int().describe("loans of its copies in the plan's semester"),
  exemplares_por_vaga: z.number().nullable().describe('copies per vacancy (null when the plan has no vacancies)'),
  vagas_por_exemplar: z.number().nullable().describe('vacancies per copy (null without copies or vacancies)'),
  abaixo_meta: z.boolean().describe("below the institution's target"),
});
export type BibliografiaTitulo = z.infer<typeof bibliografiaTituloSchema>;

export const bibliografiaSchema = z.object({
  meta: metaPlanoSchema,
  planos: z.array(
    planoOfertaSchema.extend({
      emprestimos: z.number().int().describe("the bibliography's loans in the semester (spec §3 total loans)"),
      titulos: z.array(bibliografiaTituloSchema),
    }),
  ),
});
export type Bibliografia = z.infer<typeof bibliografiaSchema>;

/** A database or e-resource the patron may use. */
export const baseDadosSchema = z.object({
  codigo: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  area: z.string().nullable(),
  url: z.string(),
  acesso_remoto: z.boolean().describe('usable off campus'),
  recurso: z
    .enum(EXTERNAL_RESOURCES)
    .nullable()
    .describe(
      'the configured provider (spec §9) whose domain holds the address: open it through POST /vinculos/acesso-externo/{recurso} with this base; null: a plain link',
    ),
});
export type BaseDados = z.infer<typeof baseDadosSchema>;

/** `GET …/totais-acervo`: copies acquired in a period (at one library) counted three ways. */
export const totaisAcervoQuerySchema = z.object({ ...periodShape, biblioteca: queryNumber(INT4_MAX).optional() }).refine(periodInOrder, PERIOD_ORDER);
/** The `codigo` of the knowledge-area row that counts the titles without an area. */
export const NO_AREA = 'sem-area';
const totalRow = z.object({
  codigo: z.string().describe(`the work type's, library's or knowledge area's code (\`${NO_AREA}\`: titles without an area)`),
  descricao: z.string(),
  titulos: z.number().int().describe('distinct titles of the copies counted in the row'),
  exemplares: z.number().int(),
});
export const totaisAcervoSchema = z.object({
  titulos: z.number().int().describe('distinct titles (a title with copies at two libraries counts once here, once in each library row)'),
  exemplares: z.number().int(),
  por_tipo_obra: z.array(totalRow),
  por_biblioteca: z.array(totalRow),
  por_area: z.array(totalRow),
});
export type TotaisAcervo = z.infer<typeof totaisAcervoSchema>;

const TAG = 'Meu Pergamum — acervo';
const PLAN = '/api/acervo/meu-pergamum/plano-ensino';

/** The teaching plan, databases and collection totals calls. */
export const collectionEndpoints = {
  planOffers: endpoint({
    method: 'GET',
    path: `${PLAN}/disciplinas-bibliotecas`,
    access: 'private',
    tag: TAG,
    summary: "The signed-in professor's teaching plans (disciplines by year and semester) and the libraries",
    response: disciplinasBibliotecasSchema,
  }),
  bibliography: endpoint({
    method: 'GET',
    path: `${PLAN}/bibliografia`,
    access: 'private',
    tag: TAG,
    summary: "The bibliography of the professor's plans that match, with copies per library, loans and coverage",
    query: bibliografiaQuerySchema,
    response: bibliografiaSchema,
    errors: [422],
  }),
  bibliographyFile: endpoint({
    method: 'GET',
    path: `${PLAN}/bibliografia/:formato`,
    access: 'private',
    tag: TAG,
    summary: 'The same bibliography as a CSV (UTF-8, comma-separated, with a header) or a PDF',
    params: z.object({ formato: z.enum(['csv', 'pdf']) }),
    query: bibliografiaQuerySchema,
    response: z.string(),
    answer: 'file',
    errors: [422],
  }),
  databases: endpoint({
    method: 'GET',
    path: '/api/acervo/meu-pergamum/bases-dados',
    access: 'private',
    tag: TAG,
    summary: "The databases and e-resources the patron's category may use",
    response: z.array(baseDadosSchema),
  }),
  totals: endpoint({
    method: 'GET',
    path: '/api/acervo/meu-pergamum/totais-acervo',
    access: 'private',
    tag: TAG,
    summary: 'Titles and copies acquired in a period, by work type, library and knowledge area',
    query: totaisAcervoQuerySchema,
    response: totaisAcervoSchema,
    errors: [422],
  }),
};
