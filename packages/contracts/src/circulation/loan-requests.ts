import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { recordId } from '../record-id.js';
import { EMAIL_PATTERN } from '../basket/basket.constants.js';
import { endpoint } from '../endpoint.js';
import { PERIOD_ORDER, periodInOrder, periodShape, recordIdParamsSchema } from '../catalog/title.js';

/** A loan request's status (spec §4): waiting, in transit, available, picked up (removed), finished, cancelled. */
export const LOAN_REQUEST_STATUS_CODES = ['aguardando', 'em_transito', 'disponivel', 'retirada', 'atendida', 'cancelada'] as const;
/** The status filter of the requests query (spec §4), `todas` for all. */
export const LOAN_REQUEST_FILTERS = [...LOAN_REQUEST_STATUS_CODES, 'todas'] as const;
/** Where the patron receives the copy: 1 the receiving library's desk, 2 at home (address needed), 3 elsewhere (described). */
export const RECEIPT_LOCATIONS = [1, 2, 3] as const;

/** Phone: at most 16 characters of digits, hyphen, parentheses and space (spec §5). */
export const PHONE_PATTERN = /^[0-9() -]{1,16}$/;

const optional = z
  .string()
  .trim()
  .max(200)
  .nullable()
  .optional()
  .transform((v) => v || null);

/** `POST /solicitacao-emprestimo/{id}` (spec §3 "Loan request", §5). */
export const solicitacaoBodySchema = z
  .object({
    biblioteca_origem: recordId,
    biblioteca_recebimento: z.number({ error: 'receiving library required' }).int().positive().max(INT4_MAX),
    volume: optional,
    tomo: optional,
    parte: optional,
    material_adicional: optional,
    telefone: z.string().trim().min(1, { error: 'phone required' }).regex(PHONE_PATTERN, { error: 'phone: at most 16 digits, hyphens, parentheses or spaces' }),
    email: z.string().trim().min(1, { error: 'e-mail required' }).max(200).regex(EMAIL_PATTERN, { error: 'not a valid e-mail address' }),
    cod_local_recebimento: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'receipt location required' }),
    pessoa_autorizada: optional,
    domicilio: optional,
    recebimento_textual: optional,
  })
  .refine((b) => b.cod_local_recebimento !== 2 || b.domicilio, { error: 'home address required', path: ['domicilio'] })
  .refine((b) => b.cod_local_recebimento !== 3 || b.recebimento_textual, { error: 'say where to receive it', path: ['recebimento_textual'] });
export type SolicitacaoBody = z.input<typeof solicitacaoBodySchema>;

/** `GET /solicitacao-emprestimo/{id}/informacoes-iniciais`. */
export const solicitacaoInicialSchema = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    origens: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string(), disponiveis: z.number().int() })),
    recebimento: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
    volumes: z.array(z.string()),
    tomos: z.array(z.string()),
    partes: z.array(z.string()),
    materiais: z.array(z.string()),
    email: z.string().nullable().describe('the signed-in patron’s address, to prefill'),
  })
  .meta({ id: 'SolicitacaoInicial' });
export type SolicitacaoInicial = z.infer<typeof solicitacaoInicialSchema>;

/** `GET /api/solicitacao-emprestimo?dataIni=&dataFim=&status=`. */
export const solicitacoesQuerySchema = z.object({ ...periodShape, status: z.enum(LOAN_REQUEST_FILTERS).default('todas') }).refine(periodInOrder, PERIOD_ORDER);

export const solicitacaoSchema = z
  .object({
    cod_solicitacao: z.number().int(),
    cod_acervo: z.number().int(),
    titulo: z.string(),
    origem: z.string(),
    recebimento: z.string(),
    volume: z.string().nullable(),
    tomo: z.string().nullable(),
    parte: z.string().nullable(),
    cod_local_recebimento: z.number().int(),
    situacao: z.enum(LOAN_REQUEST_STATUS_CODES),
    data_solicitacao: z.string(),
    data_atualizacao: z.string(),
  })
  .meta({ id: 'Solicitacao' });
export type Solicitacao = z.infer<typeof solicitacaoSchema>;

/** Loan requests (spec §7): where a copy can come from, asking for it, the patron's requests by status. */
export const loanRequestsEndpoints = {
  start: endpoint({
    method: 'GET',
    path: '/solicitacao-emprestimo/:id/informacoes-iniciais',
    access: 'either',
    tag: 'Solicitações de empréstimo',
    summary: 'Libraries with copies on the shelf, receiving libraries, the title’s parts',
    params: recordIdParamsSchema,
    response: solicitacaoInicialSchema,
    errors: [404, 422],
  }),
  request: endpoint({
    method: 'POST',
    path: '/solicitacao-emprestimo/:id',
    access: 'private',
    tag: 'Solicitações de empréstimo',
    summary: 'Ask for a copy to be sent to a library, home or elsewhere',
    params: recordIdParamsSchema,
    body: solicitacaoBodySchema,
    response: z.object({ cod_solicitacao: z.number().int() }),
    errors: [404, 422],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/solicitacao-emprestimo',
    access: 'private',
    tag: 'Solicitações de empréstimo',
    summary: "The patron's loan requests of a period, by status (todas: all)",
    query: solicitacoesQuerySchema,
    response: z.array(solicitacaoSchema),
    errors: [404, 422],
  }),
};

/** A loan request as the library's queue shows it: the patron's view, who asked, and how to reach and serve them. */
export const solicitacaoFilaSchema = solicitacaoSchema
  .extend({
    cod_pessoa: z.number().int(),
    pessoa: z.string(),
    telefone: z.string(),
    email: z.string(),
    material: z.string().nullable(),
    pessoa_autorizada: z.string().nullable(),
    domicilio: z.string().nullable(),
    recebimento_textual: z.string().nullable(),
  })
  .meta({ id: 'SolicitacaoFila' });
export type SolicitacaoFila = z.infer<typeof solicitacaoFilaSchema>;

const LOAN_QUEUE_STAFF = { staff: ['atendimento', 'circulacao'] } as const;

/**
 * The library's queue of loan requests (issue 53): oldest first, by status and receiving
 * library; each moved one step at a time (awaiting → in transit → available → picked up →
 * finished, or cancelled while open), audited. `npm run staff -- circ request` does the same.
 */
export const loanRequestQueueEndpoints = {
  queue: endpoint({
    method: 'GET',
    path: '/api/circulacao/solicitacoes-emprestimo/fila',
    access: LOAN_QUEUE_STAFF,
    tag: 'Solicitações de empréstimo',
    summary: 'The loan requests to serve, oldest first, by status and receiving library (staff)',
    query: z.object({
      status: z.enum(LOAN_REQUEST_FILTERS).default('aguardando'),
      biblioteca: z.coerce.number().int().positive().max(INT4_MAX).optional().describe('the receiving library'),
    }),
    response: z.array(solicitacaoFilaSchema),
  }),
  openCount: endpoint({
    method: 'GET',
    path: '/api/circulacao/solicitacoes-emprestimo/fila/contagem',
    access: LOAN_QUEUE_STAFF,
    tag: 'Solicitações de empréstimo',
    summary: 'How many loan requests are open (awaiting, in transit, available)',
    response: z.object({ abertas: z.number().int() }),
  }),
  move: endpoint({
    method: 'PUT',
    path: '/api/circulacao/solicitacoes-emprestimo/:id',
    access: LOAN_QUEUE_STAFF,
    tag: 'Solicitações de empréstimo',
    summary: 'Move a loan request one step on (409 when it is not at the step before)',
    params: z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) }),
    body: z.object({ situacao: z.enum(LOAN_REQUEST_STATUS_CODES).exclude(['aguardando']) }),
    response: solicitacaoFilaSchema,
    errors: [404, 409],
  }),
};
