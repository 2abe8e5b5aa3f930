import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { endpoint } from '../endpoint.js';
import { FREQUENCIES } from './serials.js';

const TAG = 'Periódicos (equipe)';
const STAFF = { staff: ['catalogacao', 'aquisicao'] } as const;
const id = z.coerce.number().int().positive().max(INT4_MAX);
const serialParams = z.object({ acervo: id, biblioteca: id });
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'a month as YYYY-MM' });
const shortText = (max: number) => z.string().trim().min(1).max(max);

/** The frequencies a subscription may follow (the title's own `u`, unknown, lays out no grid). */
export const SUBSCRIPTION_FREQUENCIES = ['m', 'b', 'q', 't', 'f', 'a'] as const satisfies readonly (typeof FREQUENCIES)[number][];
/** Months between two issues at each frequency. */
export const FREQUENCY_MONTHS = { m: 1, b: 2, q: 3, t: 4, f: 6, a: 12 } as const;

/** Where an issue of the Kardex stands. */
export const ISSUE_STANDINGS = ['recebido', 'reclamado', 'em_atraso', 'esperado'] as const;

/** One issue of a library's Kardex: expected by the frequency, received, or claimed. */
export const fasciculoEquipeSchema = z.object({
  ano: z.number().int(),
  mes: z.number().int(),
  situacao: z.enum(ISSUE_STANDINGS).describe('esperado: this month or later; em_atraso: an earlier month not received'),
  cod_fasciculo: z.number().int().nullable().describe('null for an issue expected and never recorded'),
  volume: z.string().nullable(),
  numero: z.string().nullable(),
  chegada: z.string().nullable().describe('YYYY-MM-DD'),
  reclamado_em: z.string().nullable(),
  reclamacao: z.string().nullable(),
  artigos: z.array(z.object({ seq: z.number().int(), titulo: z.string(), autores: z.string().nullable(), paginas: z.string().nullable() })),
});

/** A library's Kardex of a serial for the staff: the subscription and its issues, newest first, the next expected marked. */
export const kardexEquipeSchema = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    issn: z.string().nullable(),
    cod_biblioteca: z.number().int(),
    biblioteca: z.string(),
    /** The frequency followed: the subscription's, else the title's (u: unknown, no issues expected). */
    periodicidade: z.enum(FREQUENCIES),
    assinatura: z.object({ periodicidade: z.enum(SUBSCRIPTION_FREQUENCIES).nullable(), inicio: month }).nullable(),
    /** The next issue to receive: the oldest expected not received (null: none expected). */
    proximo: z.object({ ano: z.number().int(), mes: z.number().int() }).nullable(),
    fasciculos: z.array(fasciculoEquipeSchema),
  })
  .meta({ id: 'KardexEquipe' });
export type KardexEquipe = z.infer<typeof kardexEquipeSchema>;

/** A subscription as the serials list shows it. */
export const assinaturaSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  issn: z.string().nullable(),
  cod_biblioteca: z.number().int(),
  biblioteca: z.string(),
  periodicidade: z.enum(FREQUENCIES),
  inicio: month,
  ultimo_recebido: z.string().nullable().describe('YYYY-MM-DD'),
  em_atraso: z.number().int().describe('issues expected before this month and not received'),
});

/** A subscription as the library sets it. */
export const assinaturaBodySchema = z.object({ inicio: month, periodicidade: z.enum(SUBSCRIPTION_FREQUENCIES).nullable() });

/** An issue received: the month given, or the next expected when neither year nor month is. */
export const recebimentoBodySchema = z
  .object({
    ano: z.number().int().min(1500).max(2999).optional(),
    mes: z.number().int().min(1).max(12).optional(),
    volume: shortText(50).optional(),
    numero: shortText(50).optional(),
  })
  .refine((b) => (b.ano === undefined) === (b.mes === undefined), { error: 'both the year and the month, or neither' });

/** A claim of an issue that did not come. */
export const reclamacaoBodySchema = z.object({
  ano: z.number().int().min(1500).max(2999),
  mes: z.number().int().min(1).max(12),
  nota: shortText(500).optional(),
});

/** An article indexed in an issue's table of contents. */
export const artigoBodySchema = z.object({ titulo: shortText(500), autores: shortText(500).optional(), paginas: shortText(50).optional() });

/** The serials desk (issue 54): subscriptions, each library's Kardex, receiving, claiming, indexing articles. */
export const serialsStaffEndpoints = {
  subscriptions: endpoint({
    method: 'GET',
    path: '/api/equipe/periodicos',
    access: STAFF,
    tag: TAG,
    summary: 'The serials the libraries take, with the last issue received and how many are late',
    response: z.array(assinaturaSchema),
  }),
  kardex: endpoint({
    method: 'GET',
    path: '/api/equipe/periodicos/:acervo/:biblioteca',
    access: STAFF,
    tag: TAG,
    summary: "A library's Kardex of a serial: the issues expected by its frequency, received, late or claimed, with their articles",
    params: serialParams,
    response: kardexEquipeSchema,
    errors: [404],
  }),
  subscribe: endpoint({
    method: 'PUT',
    path: '/api/equipe/periodicos/:acervo/:biblioteca',
    access: STAFF,
    tag: TAG,
    summary: 'Take a serial at a library from a month (and at a frequency other than the title’s, when given); audited',
    params: serialParams,
    body: assinaturaBodySchema,
    response: kardexEquipeSchema,
    errors: [404],
  }),
  receive: endpoint({
    method: 'POST',
    path: '/api/equipe/periodicos/:acervo/:biblioteca/recebimentos',
    access: STAFF,
    tag: TAG,
    summary:
      'Receive an issue today: the one of the month given, or the next expected when none is (numbered after the last one received); patrons following the serial are alerted',
    params: serialParams,
    body: recebimentoBodySchema,
    response: kardexEquipeSchema,
    status: 201,
    errors: [404, 409, 422],
  }),
  claim: endpoint({
    method: 'POST',
    path: '/api/equipe/periodicos/:acervo/:biblioteca/reclamacoes',
    access: STAFF,
    tag: TAG,
    summary: 'Claim an issue that did not come (recorded with the date and what was said); audited',
    params: serialParams,
    body: reclamacaoBodySchema,
    response: kardexEquipeSchema,
    errors: [404, 409],
  }),
  indexArticle: endpoint({
    method: 'POST',
    path: '/api/equipe/fasciculos/:id/artigos',
    access: STAFF,
    tag: TAG,
    summary: "Index an article in an issue's table of contents; patrons following the serial's articles are alerted",
    params: z.object({ id }),
    body: artigoBodySchema,
    response: kardexEquipeSchema,
    status: 201,
    errors: [404],
  }),
} as const;
