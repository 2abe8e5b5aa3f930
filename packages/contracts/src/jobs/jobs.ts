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
