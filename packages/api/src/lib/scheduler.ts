import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../db/client.js';
import { countJobRun, jobDefined } from './metrics.js';
import { currentRequestId, onBehalfOf } from './request-context.js';

/** A job the server runs by itself: on a cron schedule, and once a day at start to catch up. */
export interface JobDefinition {
  /** `<module>.<job>`, e.g. `circulation.loan-notices`. */
  name: string;
  /** When, in cron syntax (UTC). */
  cron: string;
  /** What `npm run jobs -- list` says the job does. */
  description: string;
  /**
   * Does the work on `batch` (the database's connections for long work, with their longer lock and
   * statement timeouts); answers a one-line outcome (kept as the run's output). Must be idempotent.
   */
  run: (batch: Db) => Promise<string>;
}

/** One row of `npm run jobs -- list`. */
export interface JobStatus {
  name: string;
  cron: string | null;
  lastRun: string | null;
  lastState: string | null;
  lastOutput: string | null;
  queued: number;
}

const SCHEMA = 'pgboss';
/** SQLSTATEs two processes setting up the same scheduler tables at once may meet: deadlock, duplicate object, unique violation. */
const CONCURRENT_SETUP = new Set(['40P01', '42P07', '42710', '23505']);

/** Runs a setup step, again (up to five times, after a short random pause) when another process raced it. */
async function settled<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
      if (attempt >= 5 || typeof code !== 'string' || !CONCURRENT_SETUP.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250 * attempt));
    }
  }
}
const RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true } as const;

/** What a job's run carries: the request that queued it, when one did ("run now"). */
interface JobData {
  reqId?: string;
}

/** Where the scheduler writes a line per job run (the app's pino logger). */
export interface JobLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * Scheduled work on the database (pg-boss, decision 0018): jobs are rows, so each runs exactly
 * once however many API processes or machines share the database (workers take them with
 * `SKIP LOCKED`, the cron clock sends each slot once), a job queued while the server was down
 * runs when it is back, and failures retry with back-off. Modules define their jobs when they
 * register; `start` (main.ts, after listen) creates the queues and schedules, queues a catch-up
 * run of every job once per day (what came due while the server was stopped), and works them.
 */
export class Scheduler {
  private readonly jobs = new Map<string, JobDefinition>();
  private boss: PgBoss | null = null;

  /** `log`: where each run's line goes (the app's logger); none, no lines. */
  constructor(
    private readonly database: Database,
    private readonly log?: JobLog,
  ) {}

  define(job: JobDefinition): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
    this.jobs.set(job.name, job);
    jobDefined(job.name);
  }

  /**
   * One run of `job`: on the batch connections, on behalf of the request that queued it (its mail
   * logs with that request's id), counted in /metrics, and one log line when it ends, with its
   * outcome (decision 0059). A failure is thrown on to pg-boss, which retries it.
   */
  private async runJob(job: JobDefinition, run: PgBoss.Job<JobData> | undefined): Promise<string> {
    const reqId = typeof run?.data?.reqId === 'string' ? run.data.reqId : undefined;
    const fields = { job: job.name, jobId: run?.id, ...(reqId ? { reqId } : {}) };
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    try {
      const output = await onBehalfOf({ reqId, job: { name: job.name, id: run?.id } }, () => job.run(this.database.batch));
      const seconds = elapsed();
      countJobRun(job.name, seconds, false);
      this.log?.info({ ...fields, ms: Math.round(seconds * 1000), output }, 'job completed');
      return output;
    } catch (error) {
      const seconds = elapsed();
      countJobRun(job.name, seconds, true);
      this.log?.warn({ ...fields, ms: Math.round(seconds * 1000), err: error }, 'job failed');
      throw error;
    }
  }

  get definitions(): JobDefinition[] {
    return [...this.jobs.values()];
  }

  private starting: Promise<void> | null = null;
  private stopping = false;

  /** Starts scheduling and working. `pollingSeconds` is how often an idle worker looks for jobs. */
  start(options: { pollingSeconds?: number; catchUp?: boolean } = {}): Promise<void> {
    this.stopping = false;
    return (this.starting ??= this.setUp(options));
  }

  private async setUp({ pollingSeconds = 2, catchUp = true }: { pollingSeconds?: number; catchUp?: boolean }): Promise<void> {
    // Once stopping, pg-boss's own bookkeeping of a job still in flight (marking it failed when its
    // database closed under it) has no one to report to: it is dropped, not an unhandled rejection.
    const executeSql = async (text: string, values?: unknown[]) => {
      try {
        return await this.database.executeSql(text, values);
      } catch (error) {
        if (this.stopping) return { rows: [], rowCount: 0 };
        throw error;
      }
    };
    const boss = new PgBoss({ db: { executeSql }, schema: SCHEMA, supervise: true, schedule: true });
    boss.on('error', (error) =>
      this.log
        ? this.log.error({ err: error }, 'scheduler error')
        : process.stderr.write(`scheduler: ${error instanceof Error ? error.message : String(error)}\n`),
    );
    // Several processes starting at once set up the same schema and queues: a deadlock or a
    // "already exists" between them is met by trying again.
    await settled(() => boss.start());
    this.boss = boss;
    const day = new Date().toISOString().slice(0, 10);
    for (const job of this.jobs.values()) {
      // Stopped while setting up (a SIGTERM right after start): leave the rest.
      if (this.stopping) return;
      await settled(async () => {
        if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name, { name: job.name, ...RETRY });
      });
      await settled(() => boss.schedule(job.name, job.cron, {}, { tz: 'UTC', ...RETRY }));
      await boss.work<JobData>(job.name, { pollingIntervalSeconds: pollingSeconds }, async ([run]) => this.runJob(job, run));
      // At start, once per half day whichever process starts first (pg-boss throttles at most
      // over 12 h): what came due while the server was stopped.
      if (catchUp) await settled(() => boss.send(job.name, {}, { ...RETRY, singletonKey: `catch-up:${day}`, singletonSeconds: 43_200 }));
    }
  }

  /** Whether this process works jobs now (started, not stopping): "run now" can be queued. */
  get running(): boolean {
    return this.boss !== null && !this.stopping;
  }

  /**
   * Queues a run of `name` now (tests, and staff who do not want to wait for the clock); sent
   * while answering a request, the run carries its id (its log line and its mail say it).
   */
  async runSoon(name: string): Promise<string | null> {
    if (!this.boss) throw new Error('the scheduler is not started');
    if (!this.jobs.has(name)) throw new Error(`no job ${name}`);
    const reqId = currentRequestId();
    return this.boss.send(name, reqId ? ({ reqId } satisfies JobData) : {}, RETRY);
  }

  /** Stops working (finishing the jobs in hand, 10 s at most); waits for a start under way first. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.starting?.catch(() => undefined);
    this.starting = null;
    const boss = this.boss;
    this.boss = null;
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

/**
 * Every scheduled job with its last run and outcome and what is queued, read from the scheduler's
 * tables (so `npm run jobs -- list` works with or without a running server).
 */
export async function listJobs(db: Db): Promise<JobStatus[]> {
  const exists = await queryRows(db, sql`select 1 from information_schema.tables where table_schema = ${SCHEMA} and table_name = 'schedule'`);
  if (exists.length === 0) return [];
  const last = (column: string) =>
    sql.raw(
      `(select ${column} from ${SCHEMA}.job j where j.name = q.name and j.state in ('completed', 'failed') order by coalesce(j.completed_on, j.started_on) desc limit 1)`,
    );
  const rows = await queryRows<{
    name: string;
    cron: string | null;
    last_run: string | null;
    last_state: string | null;
    last_output: string | null;
    queued: number;
  }>(
    db,
    sql`select q.name, s.cron,
               ${last(`to_char(coalesce(j.completed_on, j.started_on) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC'`)} as last_run,
               ${last('j.state::text')} as last_state,
               ${last("coalesce(j.output->>'value', j.output::text)")} as last_output,
               ${sql.raw(`(select count(*)::int from ${SCHEMA}.job j where j.name = q.name and j.state in ('created', 'retry', 'active'))`)} as queued
        from ${sql.raw(`${SCHEMA}.queue`)} q left join ${sql.raw(`${SCHEMA}.schedule`)} s on s.name = q.name
        where left(q.name, 2) <> '__' order by q.name`,
  );
  return rows.map((r) => ({ name: r.name, cron: r.cron, lastRun: r.last_run, lastState: r.last_state, lastOutput: r.last_output, queued: r.queued }));
}

/** A job's latest runs (finished, under way or waiting), newest first: when, how it went, what it said. */
export async function recentRuns(db: Db, name: string, limit = 20) {
  const exists = await queryRows(db, sql`select 1 from information_schema.tables where table_schema = ${SCHEMA} and table_name = 'job'`);
  if (exists.length === 0) return [];
  return queryRows<{ estado: string; criada: string; inicio: string | null; fim: string | null; resultado: string | null }>(
    db,
    sql`select j.state::text as estado,
               to_char(j.created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as criada,
               to_char(j.started_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as inicio,
               to_char(j.completed_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as fim,
               coalesce(j.output->>'value', j.output->>'message', case when j.output is null then null else j.output::text end) as resultado
        from ${sql.raw(`${SCHEMA}.job`)} j where j.name = ${name}
        order by j.created_on desc limit ${limit}`,
  );
}

/** The list as `npm run jobs -- list` prints it. */
export function describeJobs(jobs: JobStatus[]): string {
  if (jobs.length === 0) return 'no jobs yet: they are set up when the server first starts';
  return jobs
    .map((j) => {
      const last = j.lastRun ? `last run ${j.lastRun}: ${j.lastState}${j.lastOutput ? ` — ${j.lastOutput}` : ''}` : 'not run yet';
      return `${j.name}  (${j.cron ?? 'no schedule'}, UTC)\n    ${last}; ${j.queued} queued`;
    })
    .join('\n');
}
