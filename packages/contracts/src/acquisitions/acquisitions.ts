import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { recordId } from '../record-id.js';
import { endpoint } from '../endpoint.js';
import { isoDate, PERIOD_ORDER } from '../catalog/title.js';

/**
 * Acquisition suggestions and their life (spec §7 "Acquisition", §3 Purchase suggestion, §4
 * statuses). A patron's suggestion (the footer form) starts as a pre-suggestion; the library's
 * acquisition staff take it up, quote it, group it with others in a purchase order, and record
 * its delivery (partial or total) or why it was refused. The patron follows it in Meu Pergamum
 * and is e-mailed at each step.
 */
export const SUGGESTION_STATUSES = [
  'aguardando_entrega',
  'atendida',
  'cancelada',
  'duplicada',
  'em_cotacao',
  'esgotada',
  'finalizada_incompleta',
  'ja_existe',
  'nao_atendida',
  'nao_localizada',
  'parcialmente_atendida',
  'em_negociacao',
  'pre_sugestao',
  'sugestao_compra',
] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** The statuses a refusal ends in (the library says why). */
export const REFUSAL_STATUSES = [
  'cancelada',
  'duplicada',
  'esgotada',
  'ja_existe',
  'nao_atendida',
  'nao_localizada',
] as const satisfies readonly SuggestionStatus[];
/** Where a suggestion's life ends: nothing moves it on after these. */
export const FINAL_SUGGESTION_STATUSES = [...REFUSAL_STATUSES, 'atendida', 'finalizada_incompleta'] as const satisfies readonly SuggestionStatus[];

/**
 * What the library does to a suggestion, and the statuses it may do it from (anything else is a
 * 409): take it up, quote it, negotiate, refuse it. Ordering groups suggestions in a purchase
 * order (`POST …/pedidos`); delivering records copies received against an order.
 */
export const SUGGESTION_ACTIONS = {
  aceitar: ['pre_sugestao'],
  cotar: ['pre_sugestao', 'sugestao_compra', 'em_negociacao'],
  negociar: ['em_cotacao'],
  recusar: ['pre_sugestao', 'sugestao_compra', 'em_cotacao', 'em_negociacao', 'aguardando_entrega'],
  entregar: ['aguardando_entrega', 'parcialmente_atendida'],
} as const satisfies Record<string, readonly SuggestionStatus[]>;
export type SuggestionAction = keyof typeof SUGGESTION_ACTIONS;
/** The statuses a suggestion may be ordered from. */
export const ORDERABLE_STATUSES = ['sugestao_compra', 'em_cotacao', 'em_negociacao'] as const satisfies readonly SuggestionStatus[];

/** A status with its name in the call's language (`GET /aquisicao/sugestoes/situacao`). */
export const situacaoSugestaoSchema = z.object({ codigo: z.enum(SUGGESTION_STATUSES), descricao: z.string() });

/** Digits only, as a query string carries a number. */
const queryId = z
  .string()
  .regex(/^\d{1,10}$/, { error: 'a record number' })
  .transform(Number)
  .refine((n) => n > 0 && n <= INT4_MAX, { error: 'a record number' });

/** Optional period (both ends or neither, in order), as §5 asks of every period filter. */
const optionalPeriod = {
  dataIni: isoDate.optional(),
  dataFim: isoDate.optional(),
};
const periodRule = (q: { dataIni?: string | undefined; dataFim?: string | undefined }) => !q.dataIni || !q.dataFim || q.dataIni <= q.dataFim;

/** `GET /aquisicao/sugestoes`: the patron's suggestions sent in a period, of a status. */
export const sugestoesQuerySchema = z.object({ ...optionalPeriod, situacao: z.enum(SUGGESTION_STATUSES).optional() }).refine(periodRule, PERIOD_ORDER);

/** `GET /aquisicao/estatisticas`: the patron's suggestions counted, in a period, at one library. */
export const estatisticasQuerySchema = z.object({ ...optionalPeriod, biblioteca: queryId.optional() }).refine(periodRule, PERIOD_ORDER);

/** One step of a suggestion's life. */
export const sugestaoEventoSchema = z.object({ situacao: z.enum(SUGGESTION_STATUSES), nota: z.string().nullable(), em: z.string() });

/** A purchase suggestion (spec §3 "Purchase suggestion (list)"). */
export const sugestaoSchema = z.object({
  codigo: z.number().int().describe('the request (suggestion) number'),
  situacao: z.enum(SUGGESTION_STATUSES),
  descricao_situacao: z.string(),
  titulo: z.string(),
  autor: z.string().nullable(),
  editor: z.string(),
  edicao: z.string().nullable(),
  isbn_issn: z.string().nullable(),
  biblioteca: z.string(),
  cod_biblioteca: z.number().int(),
  quantidade: z.number().int().describe('item count: copies suggested, then quoted'),
  data_cotacao: z.string().nullable().describe('quote date'),
  criado_em: z.string().describe('creation date'),
  obra_estrangeira: z.boolean().describe('a foreign work (imported)'),
  solicitante: z.string().describe('requester'),
  total_entregue: z.number().int().describe('copies delivered so far'),
  previsao_entrega: z.string().nullable().describe('estimated delivery'),
  pedido: z.number().int().nullable().describe('the purchase order it is in'),
  cod_acervo: z.number().int().nullable().describe('the catalogue record of the delivered (or existing) title'),
  nota: z.string().nullable().describe("the library's latest note"),
  historico: z.array(sugestaoEventoSchema),
});
export type Sugestao = z.infer<typeof sugestaoSchema>;

/** `GET /aquisicao/estatisticas`: counts by status, library and month; each adds up to `total`. */
export const estatisticasSchema = z.object({
  total: z.number().int(),
  exemplares_sugeridos: z.number().int(),
  exemplares_entregues: z.number().int(),
  por_situacao: z.array(z.object({ situacao: z.enum(SUGGESTION_STATUSES), descricao: z.string(), total: z.number().int() })),
  por_biblioteca: z.array(z.object({ cod_biblioteca: z.number().int(), biblioteca: z.string(), total: z.number().int() })),
  por_mes: z.array(z.object({ mes: z.string().describe('YYYY-MM'), total: z.number().int() })),
});
export type EstatisticasAquisicao = z.infer<typeof estatisticasSchema>;

/** A purchase order as the patron sees it: their suggestions in it. */
export const pedidoCompraSchema = z.object({
  codigo: z.number().int(),
  biblioteca: z.string(),
  fornecedor: z.string(),
  criado_em: z.string(),
  previsao_entrega: z.string().nullable(),
  encerrado: z.boolean(),
  itens: z.array(
    z.object({
      sugestao: z.number().int(),
      titulo: z.string(),
      situacao: z.enum(SUGGESTION_STATUSES),
      descricao_situacao: z.string(),
      quantidade: z.number().int(),
      total_entregue: z.number().int(),
      cod_acervo: z.number().int().nullable(),
    }),
  ),
});
export type PedidoCompra = z.infer<typeof pedidoCompraSchema>;

const note = z.string().trim().max(2000).optional();
const copiesCount = z.number().int().min(1).max(9_999);
/** An amount of money as the library types it: reais with at most two decimals (`59.9`, `1234.50`). */
const money = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: 'an amount such as 59.90' })
    .refine((v) => Number(v) <= max, { error: `at most ${max}` })
    .transform((v) => Number(v).toFixed(2));

/** What the library does to one suggestion (the staff API and `npm run acquisitions`). */
export const acaoSugestaoSchema = z.discriminatedUnion('acao', [
  z.object({ acao: z.literal('aceitar'), nota: note }),
  z.object({
    acao: z.literal('cotar'),
    quantidade: copiesCount.optional().describe('copies to buy (the patron suggested one unless told)'),
    obra_estrangeira: z.boolean().optional(),
    preco: money(99_999_999).optional().describe('unit price quoted, in reais (decimal string)'),
    fornecedor: z.string().trim().min(1).max(200).optional().describe('the supplier quoted'),
    nota: note,
  }),
  z.object({ acao: z.literal('negociar'), nota: note }),
  z.object({
    acao: z.literal('recusar'),
    situacao: z.enum(REFUSAL_STATUSES),
    acervo: recordId.optional().describe('already exists / duplicated: the title the library holds'),
    nota: note,
  }),
  z.object({
    acao: z.literal('entregar'),
    quantidade: copiesCount.describe('copies received now'),
    acervo: recordId.optional().describe('the catalogue record of the title received'),
    nota: note,
  }),
]);
export type AcaoSugestao = z.infer<typeof acaoSugestaoSchema>;

/** A purchase order: suggestions of one library bought from one supplier. */
export const novoPedidoCompraSchema = z.object({
  fornecedor: z.string().trim().min(1, { error: 'required' }).max(200),
  biblioteca: recordId,
  sugestoes: z
    .array(recordId)
    .max(500)
    .refine((ids) => ids.length > 0, { error: 'at least one suggestion', params: { rule: 'atLeastOne' } })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'a suggestion twice' }),
  previsao_entrega: isoDate.optional(),
  nota: note,
});

/** The staff queue: suggestions of a status (every one when absent), at a library, sent in a period, by requesters of a category; oldest first. */
export const filaSugestoesQuerySchema = z
  .object({
    situacao: z.enum(SUGGESTION_STATUSES).optional(),
    biblioteca: queryId.optional(),
    categoria: z.string().trim().min(1).max(20).optional(),
    ...optionalPeriod,
  })
  .refine(periodRule, PERIOD_ORDER);

/** A suggestion as the acquisition staff see it: the quote's price and supplier, and the requester's category. */
export const sugestaoEquipeSchema = sugestaoSchema
  .extend({
    preco: z.string().nullable().describe('unit price quoted (decimal string)'),
    fornecedor: z.string().nullable(),
    categoria: z.string().describe("the requester's category"),
    cod_categoria: z.string().nullable().describe("the requester's category code (the queue's filter)"),
  })
  .meta({ id: 'SugestaoEquipe' });
export type SugestaoEquipe = z.infer<typeof sugestaoEquipeSchema>;

/** A library's budget for a year, with what open orders commit and what was delivered (priced quotes only). */
export const orcamentoSchema = z
  .object({
    cod_biblioteca: z.number().int(),
    biblioteca: z.string(),
    ano: z.number().int(),
    valor: z.string().nullable().describe('the budget (decimal string); null: none set'),
    comprometido: z.string().describe('ordered and not yet delivered: price × copies awaited'),
    gasto: z.string().describe('delivered: price × copies received'),
    saldo: z.string().nullable().describe('budget less committed and spent; null without a budget'),
    sem_preco: z.number().int().describe('suggestions in orders of the year quoted without a price (not counted)'),
  })
  .meta({ id: 'Orcamento' });
export type Orcamento = z.infer<typeof orcamentoSchema>;

const yearParam = z.coerce.number().int().min(2000).max(2100);

/** A library's budget for a year, as the library types it. */
export const orcamentoBodySchema = z.object({ valor: money(9_999_999_999) });

/** The staff view of a purchase order. */
export const pedidoCompraStaffSchema = pedidoCompraSchema.extend({ cod_biblioteca: z.number().int() });

const idParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });
const TAG = 'Aquisição';

/** The acquisition calls (spec §7 "Acquisition") and the library's side of a suggestion's life. */
export const acquisitionsEndpoints = {
  statuses: endpoint({
    method: 'GET',
    path: '/aquisicao/sugestoes/situacao',
    access: 'either',
    tag: TAG,
    summary: "The statuses of an acquisition suggestion (spec §4), in the call's language",
    response: z.array(situacaoSugestaoSchema),
  }),
  suggestions: endpoint({
    method: 'GET',
    path: '/aquisicao/sugestoes',
    access: 'private',
    tag: TAG,
    summary: "The patron's acquisition suggestions sent in a period, of a status, newest first",
    query: sugestoesQuerySchema,
    response: z.array(sugestaoSchema),
  }),
  suggestion: endpoint({
    method: 'GET',
    path: '/aquisicao/sugestoes/:id',
    access: 'private',
    tag: TAG,
    summary: "One of the patron's suggestions with its history (another patron's: 404)",
    params: idParams,
    response: sugestaoSchema,
    errors: [404],
  }),
  statistics: endpoint({
    method: 'GET',
    path: '/aquisicao/estatisticas',
    access: 'private',
    tag: TAG,
    summary: "The patron's suggestions counted by status, library and month",
    query: estatisticasQuerySchema,
    response: estatisticasSchema,
    errors: [422],
  }),
  orders: endpoint({
    method: 'GET',
    path: '/aquisicao/pedidos',
    access: 'private',
    tag: TAG,
    summary: "The purchase orders that hold the patron's suggestions, newest first",
    response: z.array(pedidoCompraSchema),
  }),
  queue: endpoint({
    method: 'GET',
    path: '/api/aquisicao/balcao/sugestoes',
    access: { staff: ['aquisicao'] },
    tag: TAG,
    summary: "The library's suggestions, oldest first, by status, library, period and the requester's category (staff)",
    query: filaSugestoesQuerySchema,
    response: z.array(sugestaoEquipeSchema),
  }),
  act: endpoint({
    method: 'PUT',
    path: '/api/aquisicao/balcao/sugestoes/:id',
    access: { staff: ['aquisicao'] },
    tag: TAG,
    summary: 'Take up, quote, negotiate, refuse or receive a suggestion; the patron is e-mailed (staff)',
    params: idParams,
    body: acaoSugestaoSchema,
    response: sugestaoEquipeSchema,
    errors: [404, 409, 422, 502],
  }),
  order: endpoint({
    method: 'POST',
    path: '/api/aquisicao/balcao/pedidos',
    access: { staff: ['aquisicao'] },
    tag: TAG,
    summary: 'Group suggestions in a purchase order; each patron is e-mailed (staff)',
    body: novoPedidoCompraSchema,
    response: pedidoCompraStaffSchema,
    status: 201,
    errors: [409, 422, 502],
  }),
  staffOrders: endpoint({
    method: 'GET',
    path: '/api/aquisicao/balcao/pedidos',
    access: { staff: ['aquisicao'] },
    tag: TAG,
    summary: 'The purchase orders, open first then newest (staff)',
    query: z.object({ biblioteca: queryId.optional() }),
    response: z.array(pedidoCompraStaffSchema),
  }),
  budgets: endpoint({
    method: 'GET',
    path: '/api/aquisicao/balcao/orcamentos',
    access: { staff: ['aquisicao'] },
    tag: TAG,
    summary: "Every library's budget for a year, with what is committed and spent (staff)",
    query: z.object({ ano: yearParam }),
    response: z.array(orcamentoSchema),
  }),
  setBudget: endpoint({
    method: 'PUT',
    path: '/api/aquisicao/balcao/orcamentos/:biblioteca/:ano',
    access: { staff: ['aquisicao'] },
    tag: TAG,
    summary: "Set a library's budget for a year (staff; audited)",
    params: z.object({ biblioteca: z.coerce.number().int().positive().max(INT4_MAX), ano: yearParam }),
    body: orcamentoBodySchema,
    response: orcamentoSchema,
    errors: [422],
  }),
  closeOrder: endpoint({
    method: 'PUT',
    path: '/api/aquisicao/balcao/pedidos/:id/encerrar',
    access: { staff: ['aquisicao'] },
    tag: TAG,
    summary: 'Close a purchase order: what was partly delivered is finished incomplete, the rest not attended (staff)',
    params: idParams,
    response: pedidoCompraStaffSchema,
    errors: [404, 409, 502],
  }),
};
