import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** How a job's last run ended (pg-boss's states of a finished job). */
export const JOB_OUTCOMES = ['completed', 'failed'] as const;

/** One of the work the server runs by itself (lib/scheduler.ts), with how its last run went. */
export const tarefaSchema = z
  .object({
    nome: z.string().describe('`<module>.<job>`, e.g. `circulation.loan-notices`'),
    descricao: z.string().describe('what the job does, as its module describes it (in English)'),
    agenda: z.string().nullable().describe('when it runs, in cron syntax (UTC); null: not scheduled on this server yet'),
    ultima: z
      .object({
        em: z.string().describe('when the last run ended (ISO 8601, UTC)'),
        situacao: z.enum(JOB_OUTCOMES),
        resultado: z.string().nullable().describe('the run’s one-line outcome, or the error it failed with'),
      })
      .nullable()
      .describe('the last finished run; null: not run yet'),
    na_fila: z.number().int().min(0).describe('runs waiting or under way'),
  })
  .meta({ id: 'Tarefa' });
export type Tarefa = z.infer<typeof tarefaSchema>;

/** The staff area's jobs page (issue 51): the scheduled work, for the administration. */
export const jobsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/equipe/tarefas',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: 'The jobs the server runs by itself, their schedule and their last run (staff: administração)',
    response: z.array(tarefaSchema),
  }),
} as const;

/** One run of a job, finished or not. */
export const execucaoSchema = z.object({
  estado: z.string().describe("pg-boss's state: created, retry, active, completed, cancelled, failed"),
  criada: z.string(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  resultado: z.string().nullable(),
});

/** One message of the mail log. */
export const mensagemEnviadaSchema = z
  .object({
    id: z.number().int(),
    em: z.string(),
    para: z.array(z.string()),
    assunto: z.string(),
    situacao: z.enum(['enviado', 'falhou']),
    erro: z.string().nullable(),
    anexos: z.number().int(),
    /** The text, unless it carried a secret (a recovery code): then null, and it cannot be resent. */
    corpo: z.string().nullable(),
    reenvio_de: z.number().int().nullable(),
  })
  .meta({ id: 'MensagemEnviada' });
export type MensagemEnviada = z.infer<typeof mensagemEnviadaSchema>;

/** A sender as a mail client shows it: `Name <address>` or an address alone. */
export const remetenteSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^(?:[^<>\r\n"]{1,100} <[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, {
    error: 'a sender such as Biblioteca <biblioteca@exemplo.org>',
  });

/** The sender the library's e-mails go from (null: the server's MAIL_FROM). */
export const remetenteBodySchema = z.object({ remetente: remetenteSchema.nullable() });

/** What the mail settings screen shows: the sender, the server's default, every message template in the three languages. */
export const correioConfigSchema = z.object({
  remetente: z.string().nullable(),
  padrao: z.string(),
  modelos: z.array(z.object({ modulo: z.string(), chave: z.string(), pt: z.string(), en: z.string(), es: z.string() })),
});

const jobName = z.string().regex(/^[a-z]+\.[a-z-]+$/, { error: 'a job name such as circulation.loan-notices' });

/** The jobs' runs and the mail log (issue 54), for the administration. */
export const operationsEndpoints = {
  runs: endpoint({
    method: 'GET',
    path: '/api/equipe/tarefas/:nome/execucoes',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: "A job's latest runs, newest first (20 at most)",
    params: z.object({ nome: jobName }),
    response: z.array(execucaoSchema),
    errors: [404],
  }),
  runNow: endpoint({
    method: 'POST',
    path: '/api/equipe/tarefas/:nome/execucoes',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: 'Run a job now (queued; a free worker takes it within seconds; 409 while this server runs no jobs); audited',
    params: z.object({ nome: jobName }),
    response: z.object({ nome: z.string(), na_fila: z.number().int() }),
    status: 202,
    errors: [404, 409],
  }),
  mail: endpoint({
    method: 'GET',
    path: '/api/equipe/correio',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: 'The mail log, newest first, 50 a page: by status and by address',
    query: z.object({
      situacao: z.enum(['enviado', 'falhou']).optional(),
      para: z.string().trim().min(1).max(200).optional(),
      pagina: z.coerce.number().int().min(1).max(10_000).default(1),
    }),
    response: z.object({ itens: z.array(mensagemEnviadaSchema), total: z.number().int() }),
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/equipe/correio/:id/reenvio',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: 'Send a logged message again (not one that carried a secret or attachments); audited',
    params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    response: mensagemEnviadaSchema,
    status: 201,
    errors: [404, 422, 502],
  }),
  mailSettings: endpoint({
    method: 'GET',
    path: '/api/equipe/correio/configuracao',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: "The e-mails' sender and every message's template in pt, en and es, as the modules write them ({name} where a value goes)",
    response: correioConfigSchema,
  }),
  setSender: endpoint({
    method: 'PUT',
    path: '/api/equipe/correio/configuracao',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: "Set the sender of the library's e-mails (null: the server's MAIL_FROM); in effect for the next message; audited",
    body: remetenteBodySchema,
    response: correioConfigSchema,
  }),
} as const;
