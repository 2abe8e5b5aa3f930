import { z } from 'zod';

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

/** `POST /unidade-informacao/gru {debitos?}`: a payment slip (PDF) for the chosen debts, or all open ones. */
export const gruBodySchema = z.object({
  debitos: z
    .array(z.number().int().positive())
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'each debt once' })
    .optional(),
});

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
export const nadaConstaParamsSchema = z.object({ codigo: z.string().regex(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/, { error: 'not a declaration code' }) });

/** `GET/POST /api/emprestimo/token`: the loan token for self-service (spec §3). */
export const tokenEmprestimoSchema = z.object({ valor: z.string(), valido_ate: z.string() }).nullable();
