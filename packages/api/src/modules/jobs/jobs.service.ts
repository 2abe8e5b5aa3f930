import type { Tarefa } from '@estante/contracts/jobs';
import type { Db } from '../../db/client.js';
import { type JobDefinition, listJobs } from '../../lib/scheduler.js';

/** pg-boss's time of a run as we list it ("2026-11-28 04:00:01 UTC") in ISO 8601. */
const isoOf = (utc: string) => `${utc.replace(' UTC', '').replace(' ', 'T')}Z`;

/**
 * Every job the modules define (so a job never run yet is listed too), with its schedule and its
 * last finished run as the scheduler's tables have them, by name.
 */
export async function jobsOverview(db: Db, defined: readonly JobDefinition[]): Promise<Tarefa[]> {
  const status = new Map((await listJobs(db)).map((job) => [job.name, job]));
  return [...defined]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((job): Tarefa => {
      const known = status.get(job.name);
      const finished = known?.lastRun && (known.lastState === 'completed' || known.lastState === 'failed');
      return {
        nome: job.name,
        descricao: job.description,
        agenda: known?.cron ?? job.cron,
        ultima: finished ? { em: isoOf(known.lastRun!), situacao: known.lastState as 'completed' | 'failed', resultado: known.lastOutput } : null,
        na_fila: known?.queued ?? 0,
      };
    });
}
