import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * Reads that tolerate a little lag on PostgreSQL's streaming replicas (issue 25, decision 0038).
 *
 * The reader is a node-postgres look-alike (`query`) that Drizzle drives: each statement goes to
 * the next usable replica in turn, and back to the primary when there is none, when the replica
 * fails under it (unreachable, or a query cancelled by recovery), when the statement writes (a
 * standby answers 25006), or when the call runs `onPrimary` (a patron's own reads right after a
 * write). A replica is usable while its last probe answered and it had replayed the primary's WAL
 * to within MAX_LAG_BYTES; probes run every PROBE_EVERY_MS.
 */

const PROBE_EVERY_MS = 2000;
/** A replica further behind than this (16 MB of WAL: seconds of heavy importing) is not read. */
const MAX_LAG_BYTES = 16 * 1024 * 1024;
/** A replica that does not answer within this is given up for the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 1000;

/** Failures a replica can have that the primary would not: the statement is run there instead. */
const RETRY_ON_PRIMARY = new Set([
  '25006', // read_only_sql_transaction: a write sent to the reader
  '40001', // serialization_failure: on a standby, "canceling statement due to conflict with recovery"
]);

const primaryOnly = new AsyncLocalStorage<true>();

/** Runs `work` with every read it makes on the primary, replicas or not. */
export function onPrimary<T>(work: () => T): T {
  return primaryOnly.run(true, work);
}

/** Whether the work running now reads on the primary (onPrimary). */
export function readingOnPrimary(): boolean {
  return primaryOnly.getStore() === true;
}

/** What one replica looks like now (GET /health shows it). */
export interface ReplicaState {
  /** The replica's host:port/database (no credentials). */
  name: string;
  usable: boolean;
  /** Bytes of the primary's WAL it had not replayed at the last probe (null: not known). */
  lagBytes: number | null;
}

interface Replica extends ReplicaState {
  pool: pg.Pool;
}

type QueryArgs = Parameters<pg.Pool['query']>;

export class ReplicaSet {
  private readonly replicas: Replica[];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<void> | null = null;

  constructor(
    urls: string[],
    private readonly primary: pg.Pool,
    poolOptions: pg.PoolConfig,
    /** Whether an error means the database is out of reach (client.ts's isDatabaseUnavailable). */
    private readonly unavailable: (error: unknown) => boolean,
  ) {
    this.replicas = urls.map((url) => {
      const pool = new pg.Pool({ ...poolOptions, connectionString: url, connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS });
      // As on the primary (client.ts): a dropped connection is never fatal.
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => undefined));
      return { name: describe(url), pool, usable: false, lagBytes: null };
    });
  }

  /** Probes every replica once, then every PROBE_EVERY_MS in the background. */
  async start(): Promise<void> {
    await this.probe();
    this.timer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
    this.timer.unref();
  }

  /** Each replica's pool, by its name (for /metrics: db/client.ts Database.pools). */
  get pools(): { name: string; pool: pg.Pool }[] {
    return this.replicas.map(({ name, pool }) => ({ name, pool }));
  }

  get states(): ReplicaState[] {
    return this.replicas.map(({ name, usable, lagBytes }) => ({ name, usable, lagBytes }));
  }

  /** The pools to try for a read, in order: a usable replica (unless `onPrimary`), then the primary. */
  order(): { pool: pg.Pool; replica: Replica | null }[] {
    const primary = { pool: this.primary, replica: null };
    if (primaryOnly.getStore()) return [primary];
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length]!;
      if (!replica.usable) continue;
      this.next = (this.next + i + 1) % this.replicas.length;
      return [{ pool: replica.pool, replica }, primary];
    }
    return [primary];
  }

  /**
   * Whether a statement that failed on `pool` should be run on the primary instead: only when
   * `pool` is a replica's and the failure is the replica's (out of reach — then it is not read
   * again until a probe finds it back — or a write or a recovery conflict, RETRY_ON_PRIMARY).
   */
  failedOn(pool: pg.Pool, error: unknown): boolean {
    const replica = this.replicas.find((r) => r.pool === pool);
    if (!replica) return false;
    if (this.unavailable(error)) {
      replica.usable = false;
      return true;
    }
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' && RETRY_ON_PRIMARY.has(code);
  }

  /** The reader's `query`, for Drizzle: the first pool of `order()` that answers. */
  readonly query = async (...args: QueryArgs): Promise<pg.QueryResult> => {
    const run = (pool: pg.Pool) => (pool.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
    const [first, second] = this.order();
    try {
      return await run(first!.pool);
    } catch (error) {
      if (!second || !this.failedOn(first!.pool, error)) throw error;
      return run(second.pool);
    }
  };

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.probing?.catch(() => undefined);
    await Promise.all(this.replicas.map((r) => r.pool.end().catch(() => undefined)));
  }

  private probe(): Promise<void> {
    this.probing ??= this.probeAll().finally(() => (this.probing = null));
    return this.probing;
  }

  private async probeAll(): Promise<void> {
    // Where the primary's WAL is now; unknown while the primary is away (replicas stay readable).
    const lsn = await this.primary
      .query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
      .then((r) => r.rows[0]?.lsn ?? null)
      .catch(() => null);
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const { rows } = await replica.pool.query<{ lag: string | null }>(
            `select case when pg_is_in_recovery() and $1::pg_lsn is not null
                         then greatest(pg_wal_lsn_diff($1::pg_lsn, coalesce(pg_last_wal_replay_lsn(), '0/0'::pg_lsn)), 0)
                         else 0 end::text as lag`,
            [lsn],
          );
          replica.lagBytes = lsn === null ? null : Number(rows[0]?.lag ?? 0);
          replica.usable = (replica.lagBytes ?? 0) <= MAX_LAG_BYTES;
        } catch {
          replica.usable = false;
          replica.lagBytes = null;
        }
      }),
    );
  }
}

function describe(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'replica';
  }
}
