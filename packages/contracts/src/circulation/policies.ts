import { z } from 'zod';
import { endpoint } from '../endpoint.js';

const TAG = 'Políticas de empréstimo (equipe)';
const ADMIN = { staff: ['administracao'] } as const;
const category = z.string().trim().min(1).max(20);
const loanType = z.coerce.number().int().min(1).max(32_767);

/** A rule for a patron category and a loan type (spec §4–6): how long, how many renewals, holds, the daily fine. */
export const regraEmprestimoSchema = z.object({
  prazo_dias: z.number().int().min(1).max(365),
  limite_renovacoes: z.number().int().min(0).max(99),
  permite_reserva: z.boolean(),
  /** The fine for each day late, in reais (decimal string, at most 999.99). */
  multa_dia: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'an amount such as 1.50' })
    .transform((v) => Number(v).toFixed(2)),
});

/** A category's loan limit as the administration sets it. */
export const limiteBodySchema = z.object({ limite_emprestimos: z.number().int().min(0).max(999) });

/** The loan policies as the administration sees them: categories with their loan limit, loan types, and each rule set. */
export const politicasSchema = z
  .object({
    categorias: z.array(z.object({ codigo: z.string(), descricao: z.string(), limite_emprestimos: z.number().int() })),
    tipos: z.array(z.object({ codigo: z.number().int(), descricao: z.string(), permite_emprestimo: z.boolean(), permite_reserva: z.boolean() })),
    regras: z.array(
      z.object({
        categoria: z.string(),
        tipo: z.number().int(),
        prazo_dias: z.number().int(),
        limite_renovacoes: z.number().int(),
        permite_reserva: z.boolean(),
        multa_dia: z.string(),
      }),
    ),
    /** What applies to a category and type without a rule of their own. */
    padrao: z.object({ prazo_dias: z.number().int(), limite_renovacoes: z.number().int(), multa_dia: z.string() }),
  })
  .meta({ id: 'PoliticasEmprestimo' });
export type Politicas = z.infer<typeof politicasSchema>;

/** The loan policies (issue 54): changes take effect on the next loan, each audited. */
export const policiesEndpoints = {
  read: endpoint({
    method: 'GET',
    path: '/api/equipe/politicas',
    access: ADMIN,
    tag: TAG,
    summary: 'The loan policies: categories and their loan limit, loan types, the rule of each category and type, the default',
    response: politicasSchema,
  }),
  setRule: endpoint({
    method: 'PUT',
    path: '/api/equipe/politicas/:categoria/:tipo',
    access: ADMIN,
    tag: TAG,
    summary: 'Set the rule of a category and a loan type (the loan period, renewals, holds, the daily fine)',
    params: z.object({ categoria: category, tipo: loanType }),
    body: regraEmprestimoSchema,
    response: politicasSchema,
    errors: [404],
  }),
  dropRule: endpoint({
    method: 'DELETE',
    path: '/api/equipe/politicas/:categoria/:tipo',
    access: ADMIN,
    tag: TAG,
    summary: 'Remove the rule of a category and a loan type: the default applies',
    params: z.object({ categoria: category, tipo: loanType }),
    response: politicasSchema,
    errors: [404],
  }),
  setLimit: endpoint({
    method: 'PUT',
    path: '/api/equipe/categorias/:categoria/limite',
    access: ADMIN,
    tag: TAG,
    summary: 'Set how many open loans a patron of the category may have at once (the desk refuses past it unless overridden)',
    params: z.object({ categoria: category }),
    body: limiteBodySchema,
    response: politicasSchema,
    errors: [404],
  }),
} as const;
