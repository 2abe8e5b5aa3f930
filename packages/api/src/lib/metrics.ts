import cluster from 'node:cluster';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolFigures } from '../db/client.js';
import { importRunning } from './import-window.js';

/**
 * What `/metrics` shows (decision 0059; docs/operations/metrics.md), with prom-client: one registry
 * a process. Counters and histograms are counted where the work happens (a request answered, a job
 * run, a message sent); the gauges of things that have a state (the database, its pools, the
 * search index) are read when scraped, from what `observeDatabase` and `observeSearch` name.
 * With several API workers every process keeps its own, and a scrape adds them up
 * (metrics.cluster.ts): so every metric says how it adds up (`aggregator`: counters and
 * histograms sum).
 *
 * Labels stay few and bounded: a route is its declared pattern (`/svc/acervo/:id`), never the
 * URL; a job its defined name (`job_name`: Prometheus keeps `job` for the scrape's own).
 */
export const registry = new Registry();

/** Which process of the set this is: `primary` (alone, or the one holding the search index) or `worker`. */
export const PROCESS_ROLE = cluster.isWorker ? 'worker' : 'primary';

/** How long a scrape waits for the database (a ping, a version) before saying it did not answer. */
const DATABASE_WAIT_MS = 2000;
/** The label of a request no route matched (an unknown path, the web app's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

let processMetrics = false;
/**
 * Node's and the process's own figures (CPU, memory, heap, GC, handles, event-loop lag and its
 * percentiles), labelled with the process's role: once per process, from the first app or
 * primary that serves (a command line importing this file starts nothing).
 */
export function startProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry, labels: { role: PROCESS_ROLE } });
  // Gauges named like counters, which `promtool check metrics` refuses ("non-counter metrics should
  // not have _total suffix"); their breakdowns by type (nodejs_active_handles{type} …) stay.
  for (const misnamed of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    registry.removeSingleMetric(misnamed);
}

new Gauge({
  name: 'estante_metrics_processes',
  help: 'Processes whose figures this scrape adds up (1, or the primary and its API workers)',
  registers: [registry],
  aggregator: 'sum',
  collect() {
    this.set(1);
  },
});

// Requests ------------------------------------------------------------------------------------

const REQUEST_LABELS = ['method', 'route', 'status'] as const;
const httpRequests = new Counter({
  name: 'estante_http_requests_total',
  help: 'HTTP requests answered, by method, route (the declared path pattern; "unmatched" when none) and status',
  labelNames: REQUEST_LABELS,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'estante_http_request_duration_seconds',
  help: 'Time from the request to its answer, by method, route and status',
  labelNames: REQUEST_LABELS,
  // From a cached search's few milliseconds to the 60 s request timeout.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

/** One request answered: `route` is its declared pattern (undefined: none matched). */
export function countRequest(method: string, route: string | undefined, status: number, seconds: number): void {
  const labels = { method, route: route ?? UNMATCHED_ROUTE, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

// Jobs ----------------------------------------------------------------------------------------

const jobRuns = new Counter({
  name: 'estante_job_runs_total',
  help: 'Scheduled job runs finished in this process set (completed or failed), by job',
  labelNames: ['job_name'],
  registers: [registry],
});
const jobFailures = new Counter({
  name: 'estante_job_failures_total',
  help: 'Scheduled job runs that failed (pg-boss retries them with back-off), by job',
  labelNames: ['job_name'],
  registers: [registry],
});
const jobDuration = new Histogram({
  name: 'estante_job_duration_seconds',
  help: 'How long scheduled job runs took, by job',
  labelNames: ['job_name'],
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
  registers: [registry],
});

/** A job this process may run: its counters exist at 0 from the start (a first failure is an increase). */
export function jobDefined(name: string): void {
  jobRuns.inc({ job_name: name }, 0);
  jobFailures.inc({ job_name: name }, 0);
}

/** A job run finished. */
export function countJobRun(name: string, seconds: number, failed: boolean): void {
  jobRuns.inc({ job_name: name });
  if (failed) jobFailures.inc({ job_name: name });
  jobDuration.observe({ job_name: name }, seconds);
}

// Mail ----------------------------------------------------------------------------------------

const mailMessages = new Counter({
  name: 'estante_mail_messages_total',
  help: 'E-mail messages handed to the SMTP server (sent) or refused by it or unreachable (failed)',
  labelNames: ['outcome'],
  registers: [registry],
});
mailMessages.inc({ outcome: 'sent' }, 0);
mailMessages.inc({ outcome: 'failed' }, 0);

/** A message sent, or failed. */
export function countMail(outcome: 'sent' | 'failed'): void {
  mailMessages.inc({ outcome });
}

// The database --------------------------------------------------------------------------------

/** What a scrape asks of the process's database (db/client.ts `Database`). */
export interface ObservedDatabase {
  ping(): Promise<boolean>;
  pools(): PoolFigures[];
  pendingMigrations(): Promise<number>;
}

/** What a scrape asks of a search index (search.index.ts `SearchIndex`). */
export interface ObservedIndex {
  figures(): Promise<{ version: number | null; titles: number; madeAt: number | null; patches?: number; fullReads?: number; patchSeconds?: number | null }>;
  /** The catalogue's version in the database now (the index starts following it when ahead). */
  catalogueVersion(): Promise<number>;
}

/**
 * What is observed now. A stack, not one slot: tests build several apps in one process, and the
 * latest one open is the one a scrape describes; production has one of each.
 */
const databases: ObservedDatabase[] = [];
const indexes: { name: string; index: ObservedIndex }[][] = [];

/** The scrape describes `database` (its reachability, pools and migrations) until the returned function is called. */
export function observeDatabase(database: ObservedDatabase): () => void {
  databases.push(database);
  return () => void databases.splice(databases.lastIndexOf(database), 1);
}

/** The scrape describes these search indexes (the catalogue's, the network's) until the returned function is called. */
export function observeSearch(observed: Record<string, ObservedIndex>): () => void {
  const entry = Object.entries(observed).map(([name, index]) => ({ name, index }));
  indexes.push(entry);
  return () => void indexes.splice(indexes.lastIndexOf(entry), 1);
}

/** `promise`'s value, or `fallback` when it fails or takes longer than `ms`. */
export async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

interface StateFigures {
  database: { up: boolean; pending: number | null; pools: PoolFigures[] } | null;
  search: {
    name: string;
    loaded: boolean;
    version: number | null;
    titles: number;
    ageSeconds: number | null;
    catalogueVersion: number | null;
    patches: number | null;
    fullReads: number | null;
    patchSeconds: number | null;
  }[];
}

/**
 * One reading of the database and the indexes per scrape, shared by the gauges that show it: a
 * scrape collects every metric in one pass, so they all ask while the first reading is under way.
 */
let reading: Promise<StateFigures> | null = null;

function readState(): Promise<StateFigures> {
  reading ??= read().finally(() => (reading = null));
  return reading;
}

async function read(): Promise<StateFigures> {
  const database = databases.at(-1);
  const observed = indexes.at(-1) ?? [];
  const [up, search] = await Promise.all([
    database ? within(database.ping(), DATABASE_WAIT_MS, false) : Promise.resolve(false),
    Promise.all(
      observed.map(async ({ name, index }) => {
        const [figures, catalogueVersion] = await Promise.all([
          within(index.figures(), DATABASE_WAIT_MS, null),
          within(index.catalogueVersion(), DATABASE_WAIT_MS, null),
        ]);
        return {
          name,
          loaded: typeof figures?.version === 'number',
          version: figures?.version ?? null,
          titles: figures?.titles ?? 0,
          ageSeconds: typeof figures?.madeAt === 'number' ? Math.max(0, (Date.now() - figures.madeAt) / 1000) : null,
          catalogueVersion,
          patches: figures?.patches ?? null,
          fullReads: figures?.fullReads ?? null,
          patchSeconds: figures?.patchSeconds ?? null,
        };
      }),
    ),
  ]);
  const pending = database && up ? await within(database.pendingMigrations(), DATABASE_WAIT_MS, null) : null;
  let pools: PoolFigures[] = [];
  try {
    pools = database?.pools() ?? [];
  } catch {
    // Figures of a pool being closed: none this time.
  }
  return { database: database ? { up, pending, pools } : null, search };
}

/** A gauge set from the state read at the scrape; `set` must not throw (a scrape is never an error). */
function stateGauge(
  name: string,
  help: string,
  labelNames: readonly string[],
  aggregator: 'sum' | 'min' | 'max',
  set: (gauge: Gauge<string>, figures: StateFigures) => void,
): void {
  new Gauge({
    name,
    help,
    labelNames,
    aggregator,
    registers: [registry],
    async collect() {
      // Nothing but what this scrape measured: a figure it could not read is absent, not 0 (a
      // gauge without labels keeps a 0 through reset(); remove() takes it out).
      this.reset();
      if (labelNames.length === 0) this.remove();
      set(this, await readState());
    },
  });
}

stateGauge('estante_database_up', 'Whether the database answered a trivial query within 2 s at this scrape (1) or not (0)', [], 'min', (g, s) => {
  if (s.database) g.set(s.database.up ? 1 : 0);
});
stateGauge(
  'estante_database_migrations_pending',
  'Migrations this build carries that the database has not applied (absent while it does not answer)',
  [],
  'max',
  (g, s) => {
    if (typeof s.database?.pending === 'number') g.set(s.database.pending);
  },
);
stateGauge(
  'estante_database_pool_connections',
  'PostgreSQL connections open, by pool (calls, reader, batch, replica:…) and state (busy, idle)',
  ['pool', 'state'],
  'sum',
  (g, s) => {
    for (const pool of s.database?.pools ?? []) {
      g.set({ pool: pool.name, state: 'idle' }, pool.idle);
      g.set({ pool: pool.name, state: 'busy' }, Math.max(0, pool.total - pool.idle));
    }
  },
);
stateGauge('estante_database_pool_waiting', 'Queries waiting for a connection of the pool', ['pool'], 'sum', (g, s) => {
  for (const pool of s.database?.pools ?? []) g.set({ pool: pool.name }, pool.waiting);
});
stateGauge('estante_database_pool_max', 'The most connections the pool opens', ['pool'], 'sum', (g, s) => {
  for (const pool of s.database?.pools ?? []) g.set({ pool: pool.name }, pool.max);
});

// The search indexes (in the process that holds them: alone, or the primary) -------------------

stateGauge('estante_search_index_loaded', 'Whether the search index has its first snapshot (1) or is still loading it (0)', ['index'], 'max', (g, s) => {
  for (const i of s.search) g.set({ index: i.name }, i.loaded ? 1 : 0);
});
stateGauge('estante_search_index_version', 'The catalogue version of the snapshot searches use', ['index'], 'max', (g, s) => {
  for (const i of s.search) if (i.version !== null) g.set({ index: i.name }, i.version);
});
stateGauge('estante_search_index_titles', 'Titles in the snapshot searches use', ['index'], 'max', (g, s) => {
  for (const i of s.search) if (i.loaded) g.set({ index: i.name }, i.titles);
});
stateGauge(
  'estante_search_index_age_seconds',
  'Seconds since the snapshot searches use was made (read from the database, or loaded from disk)',
  ['index'],
  'max',
  (g, s) => {
    for (const i of s.search) if (i.ageSeconds !== null) g.set({ index: i.name }, i.ageSeconds);
  },
);
stateGauge(
  'estante_search_catalogue_version',
  'The catalogue version in the database at this scrape (absent while it does not answer); ahead of estante_search_index_version while a new snapshot is made',
  ['index'],
  'max',
  (g, s) => {
    for (const i of s.search) if (i.catalogueVersion !== null) g.set({ index: i.name }, i.catalogueVersion);
  },
);
stateGauge(
  'estante_search_index_patches',
  'Snapshots this index made by patching the previous one from the change log (issue 59), since start',
  ['index'],
  'max',
  (g, s) => {
    for (const i of s.search) if (i.patches !== null) g.set({ index: i.name }, i.patches);
  },
);
stateGauge('estante_search_index_full_reads', 'Snapshots this index made by reading the whole catalogue, since start', ['index'], 'max', (g, s) => {
  for (const i of s.search) if (i.fullReads !== null) g.set({ index: i.name }, i.fullReads);
});
stateGauge(
  'estante_search_index_patch_seconds',
  'How long making the snapshot in use by a patch took (absent when it was read whole)',
  ['index'],
  'max',
  (g, s) => {
    for (const i of s.search) if (i.patchSeconds !== null) g.set({ index: i.name }, i.patchSeconds);
  },
);
new Gauge({
  name: 'estante_catalogue_import_running',
  help: 'Whether an import into the embedded catalogue is running (1): the search index keeps its snapshot until it ends',
  registers: [registry],
  aggregator: 'max',
  collect() {
    this.set(importRunning() ? 1 : 0);
  },
});

/** This process's figures in the Prometheus text format (never throws: a collector that fails leaves its metric empty). */
export function ownMetrics(): Promise<string> {
  return registry.metrics();
}
