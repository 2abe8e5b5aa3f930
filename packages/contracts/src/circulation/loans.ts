import { z } from 'zod';
import { recordId } from '../record-id.js';
import { endpoint } from '../endpoint.js';
import { PERIOD_ORDER, periodInOrder, periodShape } from '../catalog/title.js';

/** What every loan line shows: the title, the copy, the library and the dates. */
const loanLine = z.object({
  cod_emprestimo: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  tombo: z.string(),
  desc_biblioteca: z.string(),
  data_emprestimo: z.string(),
  data_devolucao_prevista: z.string(),
});

/** One of the patron's open loans (`GET /api/emprestimo/titulos-pendentes`, spec §3, §4). */
export const emprestimoPendenteSchema = loanLine
  .extend({
    atrasado: z.boolean(),
    dias_atraso: z.number().int(),
    renovacoes: z.number().int().describe('renewals used'),
    limite_renovacoes: z.number().int(),
    reservado: z.boolean().describe('another patron waits for the title: no renewal'),
  })
  .meta({ id: 'EmprestimoPendente' });
export type EmprestimoPendente = z.infer<typeof emprestimoPendenteSchema>;

/** `POST /api/emprestimo/renovacao`: the loans to renew (one or several). */
export const renovacaoBodySchema = z.object({
  emprestimos: z
    .array(recordId)
    .min(1, { error: 'select an item to renew' })
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'each loan once' }),
});

/** Each loan's outcome, and the receipt of those renewed (its key verifies it at the desk). */
export const renovacaoSchema = z
  .object({
    itens: z.array(
      z.object({
        cod_emprestimo: z.number().int(),
        titulo: z.string().nullable(),
        renovado: z.boolean(),
        nova_devolucao: z.string().nullable(),
        motivo: z.string().nullable().describe('why not renewed, in the caller’s language'),
        chave_motivo: z.string().nullable(),
      }),
    ),
    comprovante: z.object({ chave: z.string(), data: z.string(), pessoa: z.string() }).nullable(),
  })
  .meta({ id: 'Renovacao' });
export type Renovacao = z.infer<typeof renovacaoSchema>;

/** `GET /api/emprestimo/historico?dataIni=&dataFim=&multa=`: returned loans of a period; `multa=S` only those fined. */
export const historicoQuerySchema = z.object({ ...periodShape, multa: z.enum(['S', 'N']).optional() }).refine(periodInOrder, PERIOD_ORDER);

export const emprestimoHistoricoSchema = loanLine
  .extend({
    data_devolucao: z.string(),
    renovacoes: z.number().int(),
    multa: z.string().nullable().describe('the late fine, if one was charged'),
  })
  .meta({ id: 'EmprestimoHistorico' });
export type EmprestimoHistorico = z.infer<typeof emprestimoHistoricoSchema>;

/** The loans calls of spec §7 "Loans" (the token and debts are the account's). */
export const loansEndpoints = {
  pending: endpoint({
    method: 'GET',
    path: '/api/emprestimo/titulos-pendentes',
    access: 'private',
    tag: 'Empréstimos',
    summary: "The patron's open loans: due dates, overdue, renewals used and the limit",
    query: z.object({ showDetails: z.string().max(10).optional() }),
    response: z.array(emprestimoPendenteSchema),
  }),
  renewable: endpoint({
    method: 'GET',
    path: '/pessoas/renovar',
    access: 'private',
    tag: 'Empréstimos',
    summary: 'The loans that can be renewed now (not overdue, under the limit, nobody waiting)',
    response: z.array(emprestimoPendenteSchema),
  }),
  renew: endpoint({
    method: 'POST',
    path: '/api/emprestimo/renovacao',
    access: 'private',
    tag: 'Empréstimos',
    summary: 'Renew one or several loans; each with its outcome, and a receipt',
    description:
      'Each loan is renewed or refused on its own: `renovado`, the new due date, or `motivo` (why not, in the language of `x-idioma`) and `chave_motivo`. ' +
      'The receipt (`comprovante`) covers those renewed; null when none was.',
    body: renovacaoBodySchema,
    response: renovacaoSchema,
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/emprestimo/historico',
    access: 'private',
    tag: 'Empréstimos',
    summary: 'Returned loans of a period (multa=S: only those fined)',
    query: historicoQuerySchema,
    response: z.array(emprestimoHistoricoSchema),
  }),
};
