import { z } from 'zod';
import { recordId } from '../record-id.js';
import { endpoint } from '../endpoint.js';

/** Where a debt comes from (spec §3 "Debit": service type). */
export const DEBT_SERVICE_CODES = ['multa_atraso', 'perda_material', 'comutacao', 'reprografia'] as const;

/** `GET /api/emprestimo/debitos-pendentes`: what the patron owes (spec §3 "Debit"), amounts as decimal strings. */
export const debitosSchema = z
  .object({
    itens: z.array(
      z.object({
        cod_debito: z.number().int(),
        tipo_servico: z.enum(DEBT_SERVICE_CODES),
        titulo: z.string().nullable(),
        data_devolucao_prevista: z.string().nullable().describe('the expected return of the loan fined'),
        data_devolucao: z.string().nullable(),
        valor: z.string(),
        desconto: z.string(),
        valor_pago: z.string(),
        data_pagamento: z.string().nullable(),
        saldo: z.string(),
      }),
    ),
    total: z.string(),
  })
  .meta({ id: 'Debitos' });
export type Debitos = z.infer<typeof debitosSchema>;

/** The largest amount one payment slip may carry (R$): far above any library debt, well inside the money columns. */
export const GRU_MAX_VALUE = 100_000;

/**
 * `POST /unidade-informacao/gru {valor, codBiblioteca, debitos?}` (spec §7): a payment slip (PDF)
 * for `valor` (in reais, cents at most; positive, at most GRU_MAX_VALUE and at most what the
 * debts leave to pay) to be paid to library `codBiblioteca`, for the chosen debts or all open
 * ones. Without `valor` the slip is for all the debts leave to pay; without `codBiblioteca` it
 * names the institution only.
 */
export const gruBodySchema = z.object({
  valor: z
    .number()
    .positive({ error: 'valor must be more than zero' })
    .max(GRU_MAX_VALUE, { error: `valor must be at most ${GRU_MAX_VALUE}` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'valor has cents at most' })
    .optional(),
  codBiblioteca: recordId.optional(),
  debitos: z
    .array(recordId)
    .min(1, { error: 'choose at least one debt (or leave debitos out for every open one)' })
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'each debt once' })
    .optional(),
});
export type GruBody = z.infer<typeof gruBodySchema>;

/** `GET /pessoas/afastamentos`: the patron's deviations, with the reason. */
export const afastamentoSchema = z
  .object({ cod_afastamento: z.number().int(), motivo: z.string(), desc_biblioteca: z.string().nullable(), inicio: z.string(), fim: z.string().nullable() })
  .meta({ id: 'Afastamento' });
export type Afastamento = z.infer<typeof afastamentoSchema>;

/** `GET /unidade-informacao/nada-consta/verifica`: whether the declaration can be issued, and why not. */
export const nadaConstaVerificaSchema = z
  .object({
    pode_emitir: z.boolean(),
    emprestimos_abertos: z.number().int(),
    debitos_abertos: z.string(),
    motivos: z.array(z.string()).describe('in the caller’s language'),
    declaracao: z.object({ codigo: z.string(), emitida_em: z.string() }).nullable().describe('one already issued'),
  })
  .meta({ id: 'NadaConstaVerifica' });
export type NadaConstaVerifica = z.infer<typeof nadaConstaVerificaSchema>;

/** `POST /unidade-informacao/nada-consta`: the declaration issued (its PDF at …/nada-consta/{codigo}/pdf). */
export const nadaConstaSchema = z.object({ codigo: z.string(), emitida_em: z.string() }).meta({ id: 'NadaConsta' });
const declarationCode = z.string().regex(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/, { error: 'not a declaration code' });
export const nadaConstaParamsSchema = z.object({ codigo: declarationCode });

/**
 * `POST /nada-consta/send-mail` (spec §7: a multipart form): which declaration to e-mail, its
 * `codigo` (the patron's latest when left out). Sent as multipart/form-data as the spec says, or
 * as JSON, or with no body at all (Fastify reads that as null).
 */
export const nadaConstaMailSchema = z.object({ codigo: declarationCode.optional() }).nullish();

/** `GET/POST /api/emprestimo/token`: the loan token for self-service (spec §3). */
export const tokenEmprestimoSchema = z.object({ valor: z.string(), valido_ate: z.string() }).nullable();

/** A document the API makes (a PDF): bytes, not JSON. */
const pdfAnswer = z.any().describe('application/pdf');

/** The patron's own affairs (spec §7): debts and their payment slip, deviations, the no-debts declaration, the loan token. */
export const accountEndpoints = {
  debts: endpoint({
    method: 'GET',
    path: '/api/emprestimo/debitos-pendentes',
    access: 'private',
    tag: 'Empréstimos',
    summary: 'Open debts: fine, expected return, discount, service, paid, balance, total',
    response: debitosSchema,
    errors: [404, 422],
  }),
  paymentSlip: endpoint({
    method: 'POST',
    path: '/unidade-informacao/gru',
    access: 'private',
    tag: 'Empréstimos',
    summary: 'A payment slip (PDF) for an amount, to a library, for the chosen open debts or all',
    body: gruBodySchema,
    response: pdfAnswer,
    answer: 'file',
    errors: [404, 422],
  }),
  deviations: endpoint({
    method: 'GET',
    path: '/pessoas/afastamentos',
    access: 'private',
    tag: 'Pessoas',
    summary: "The patron's deviations with their reason",
    response: z.array(afastamentoSchema),
    errors: [404, 422],
  }),
  noDebtsCheck: endpoint({
    method: 'GET',
    path: '/unidade-informacao/nada-consta/verifica',
    access: 'private',
    tag: 'Nada consta',
    summary: 'Whether the no-debts declaration can be issued, and why not',
    response: nadaConstaVerificaSchema,
    errors: [404, 422],
  }),
  issueNoDebts: endpoint({
    method: 'POST',
    path: '/unidade-informacao/nada-consta',
    access: 'private',
    tag: 'Nada consta',
    summary: 'Issue the no-debts declaration (ends the link with the libraries)',
    response: nadaConstaSchema,
    errors: [404, 422],
  }),
  declarationPdf: endpoint({
    method: 'GET',
    path: '/unidade-informacao/nada-consta/:codigo/pdf',
    access: 'private',
    tag: 'Nada consta',
    summary: 'The declaration as a PDF with its verification code',
    params: nadaConstaParamsSchema,
    response: pdfAnswer,
    answer: 'file',
    errors: [404, 422],
  }),
  mailDeclaration: endpoint({
    method: 'POST',
    path: '/nada-consta/send-mail',
    access: 'private',
    tag: 'Nada consta',
    summary: "E-mail the declaration (PDF) to the patron's address",
    body: nadaConstaMailSchema,
    consumes: ['multipart/form-data', 'application/json'],
    response: z.object({ enviado: z.literal(true), email: z.string() }),
    errors: [404, 422, 502],
  }),
  loanToken: endpoint({
    method: 'GET',
    path: '/api/emprestimo/token',
    access: 'private',
    tag: 'Empréstimos',
    summary: 'The live loan token for self-service, or null',
    response: tokenEmprestimoSchema,
    errors: [404, 422],
  }),
  newLoanToken: endpoint({
    method: 'POST',
    path: '/api/emprestimo/token',
    access: 'private',
    tag: 'Empréstimos',
    summary: 'A new loan token (six digits, ten minutes)',
    response: tokenEmprestimoSchema,
    errors: [404, 422],
  }),
};
