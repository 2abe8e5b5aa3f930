import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './lock.js';
import { startFromTemplate } from './pglite-template.js';
import { ReplicaSet, type ReplicaState } from './replicas.js';
import * as schema from './schema/index.js';

/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where the database lives: a PostgreSQL server, or embedded PGlite (a directory or memory). */
export type DatabaseTarget =
  /**
   * `poolSize`: connections per pool (the primary's and each replica's), 10 by default. `work`:
   * what the connections are for, which sets their lock and statement timeouts (WORK_TIMEOUTS):
   * `calls` (the API, by default) or `batch` (imports, the command lines).
   */
  | { kind: 'postgres'; url: string; replicas?: string[]; poolSize?: number; work?: Work }
  /**
   * `templates`: the installation's templates a new `dataDir` may start from, first found wins;
   * `image`: a data directory as PGlite's tarball to start from instead (the tests' in-memory
   * databases: pglite-template.ts).
   */
  | { kind: 'pglite'; dataDir: string | null; templates?: readonly string[]; image?: Blob };

/** An open database: the Drizzle handle plus what the process needs around it. */
export interface Database {
  db: Db;
  /**
   * For reads that tolerate a little lag (the catalogue: searches, title pages, look-ups, OAI,
   * SRU): PostgreSQL's streaming replicas when `replicas` names some, else `db` itself
   * (replicas.ts, decision 0038). Writes and a patron's own data use `db`.
   */
  reader: Db;
  /**
   * For scheduled jobs (and whatever else is long but no patron waits on): PostgreSQL connections
   * of their own, with the `batch` timeouts; `db` itself on the embedded database.
   */
  batch: Db;
  /** The replicas and whether each is read now (empty without replicas). */
  replicas(): ReplicaState[];
  /** The installation's template this (new) embedded database was made from, if any (pglite-template.ts). */
  template: string | null;
  /** The embedded database's files as PGlite's tarball (PostgreSQL: none). */
  dump?: () => Promise<Blob>;
  kind: DatabaseTarget['kind'];
  /** Applies the committed migrations (idempotent; on PostgreSQL one process at a time, `exclusive`). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process sharing this database runs its own (PostgreSQL: a session
   * advisory lock on a connection of its own, released when the work ends or the process dies;
   * embedded: the DATA_DIR lock already excludes every other process). Several nodes starting at
   * once (issue 58) migrate and seed one after another, and the later ones find the work done.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /**
   * How many of the migrations this build carries the database has not applied (0 also when it
   * has newer ones: an older node beside a newer one, during a rolling upgrade). For readiness
   * and /metrics (decision 0059).
   */
  pendingMigrations(): Promise<number>;
  /** Each PostgreSQL connection pool's figures now, for /metrics (the embedded database: none). */
  pools(): PoolFigures[];
  /**
   * Raw SQL for libraries that bring their own (the job scheduler): with `values`, one
   * parameterised statement; without, a script of several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** A connection pool's figures at a moment (Database.pools). */
export interface PoolFigures {
  /** `calls` (the API's), `batch` (jobs, migrations), `reader` (the catalogue's reads), `replica:<host:port/db>`. */
  name: string;
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

function poolFigures(name: string, pool: pg.Pool): PoolFigures {
  return { name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

/** When each migration of the journal was made (drizzle's `created_at` of the ones applied), read once. */
let journal: number[] | undefined;

/**
 * How many journal migrations are newer than the last one `db` applied: drizzle's migrator applies
 * exactly those (a migration is applied when its `when` is not after the newest `created_at` in
 * `drizzle.__drizzle_migrations`).
 */
async function pendingMigrations(db: Db): Promise<number> {
  journal ??= readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);
  const [exists] = await queryRows<{ found: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists?.found) return journal.length;
  const [last] = await queryRows<{ at: string | number | null }>(db, sql`select max(created_at) as at from drizzle.__drizzle_migrations`);
  const applied = last?.at === null || last?.at === undefined ? -Infinity : Number(last.at);
  return journal.filter((when) => when > applied).length;
}

/** What a PostgreSQL connection is for: a patron's or a client's call, or long work no one waits on. */
export type Work = 'calls' | 'batch';

/**
 * Lock and statement timeouts by kind of work, in ms (0: none), set on every connection (issue 52).
 * A call waits at most `lock_timeout` for a lock: a table locked by a migration, a VACUUM FULL or a
 * forgotten admin transaction answers 503 in two seconds instead of holding the pool until the
 * lock goes (15 s of one lock filled the pool of 10 and refused 28 % of unrelated searches). A
 * runaway statement of a call is cancelled at 30 s. Imports and jobs wait longer and run as long
 * as they need. A transaction left idle is ended, whatever the work.
 */
export const WORK_TIMEOUTS: Record<Work, { lock_timeout: number; statement_timeout: number; idle_in_transaction_session_timeout: number }> = {
  calls: { lock_timeout: 2_000, statement_timeout: 30_000, idle_in_transaction_session_timeout: 60_000 },
  batch: { lock_timeout: 30_000, statement_timeout: 0, idle_in_transaction_session_timeout: 600_000 },
};

/** Connections of the catalogue's reads (searches, title pages) on the primary when there is no replica: a pool apart from the writes'. */
const READER_POOL_SIZE = 5;
/** Connections of scheduled jobs. */
const BATCH_POOL_SIZE = 2;

/**
 * SQLSTATEs that mean "the database is busy": a lock not granted within lock_timeout (55P03), a
 * statement cancelled at statement_timeout (57014). The call is answered 503 (try again), the
 * connection stays good.
 */
const BUSY_CODES = new Set(['55P03', '57014']);

/** True when `error` (or what it wraps) is a lock or statement timeout. */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && BUSY_CODES.has(code)) return true;
  }
  return false;
}

/** How long a call waits for a PostgreSQL connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 3000;
/** The API's connections show under this name in pg_stat_activity. */
export const APPLICATION_NAME = 'estante';

/**
 * SQLSTATE classes and codes that mean "the database cannot be reached now" rather than "this
 * statement is wrong": connection exceptions (08…), operator intervention (57P01 terminated,
 * 57P02 crash shutdown, 57P03 cannot connect now), and too many connections (53300).
 */
const UNAVAILABLE_CODES = /^(08\d{3}|57P0[1-3]|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|terminating connection due to administrator command|is not currently accepting connections|the database system is (starting up|shutting down)/i;

/**
 * True when `error` (or the error it wraps: Drizzle wraps driver errors in `cause`) says the
 * database is out of reach — the caller should be told 503 and try again, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** What drizzle's node-postgres session keeps, used to build its transactions. */
interface PgSessionParts {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: (work: (tx: NodePgTransaction<typeof schema, never>) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => Promise<unknown>;
}

/**
 * drizzle-orm 0.44's node-postgres `transaction` sends BEGIN before its try/finally, so when the
 * connection dies before BEGIN answers (a database restart) the pooled client is never released:
 * each outage leaks pool slots until none is left, every call then waits out the connect timeout,
 * and `pool.end()` waits for ever at shutdown (found by outage.pg.test.ts). This is the same
 * transaction with its client always released, and discarded when its connection failed.
 * `pools` says where to run it: the first pool, or the next when `retryNext` says the failure
 * was the first one's (a replica gone, a write sent to a standby).
 */
function routeTransactions(
  db: ReturnType<typeof drizzlePg<typeof schema>>,
  pools: () => pg.Pool[],
  retryNext: (pool: pg.Pool, error: unknown) => boolean = () => false,
): void {
  const session = (db as unknown as { session: PgSessionParts }).session;
  const runOn = async (pool: pg.Pool, work: Parameters<PgSessionParts['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    const client = await pool.connect();
    const tx = new NodePgTransaction(session.dialect, new NodePgSession(client, session.dialect, session.schema, session.options), session.schema);
    let broken: Error | undefined;
    try {
      await tx.execute(
        sql`begin${config ? sql` ${(tx as unknown as { getTransactionConfigSQL(c: typeof config): SQL }).getTransactionConfigSQL(config)}` : undefined}`,
      );
      try {
        const result = await work(tx as NodePgTransaction<typeof schema, never>);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`);
        throw error;
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  session.transaction = async (work, config) => {
    const order = pools();
    for (let i = 0; ; i++) {
      try {
        return await runOn(order[i]!, work, config);
      } catch (error) {
        if (i === order.length - 1 || !retryNext(order[i]!, error)) throw error;
      }
    }
  };
}

/** Opens the database named by `target`. The caller must `close()` it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const work = target.work ?? 'calls';
    const newPool = (max: number, kind: Work) => {
      const created = new pg.Pool({
        connectionString: target.url,
        max,
        // During an outage a call waits this long for a connection, then fails (503) instead of hanging.
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        application_name: APPLICATION_NAME,
        ...WORK_TIMEOUTS[kind],
      });
      // A dropped connection must never crash the process: idle ones are reported on the pool,
      // ones in use on the client itself (an unhandled 'error' event would kill the process).
      // The query in flight fails on its own; the pool discards the broken client and connects a
      // new one for the next call, so service resumes by itself when the server is back.
      created.on('error', () => undefined);
      created.on('connect', (client) => client.on('error', () => undefined));
      return created;
    };
    const pool = newPool(target.poolSize ?? 10, work);
    const db = drizzlePg(pool, { schema });
    routeTransactions(db, () => [pool]);
    // Pools connect on demand: one a process never uses costs nothing.
    const pools = [pool];
    const named: [string, pg.Pool][] = [[work, pool]];
    let batch = db;
    if (work === 'calls') {
      const batchPool = newPool(BATCH_POOL_SIZE, 'batch');
      pools.push(batchPool);
      named.push(['batch', batchPool]);
      batch = drizzlePg(batchPool, { schema });
      routeTransactions(batch, () => [batchPool]);
    }
    let reader: Db = db;
    let replicas: ReplicaSet | null = null;
    if (!target.replicas?.length && work === 'calls') {
      // Searches and title pages read through a pool of their own: writes waiting on a lock or
      // a slow statement never leave the catalogue without a connection.
      const readPool = newPool(Math.min(READER_POOL_SIZE, target.poolSize ?? 10), 'calls');
      pools.push(readPool);
      named.push(['reader', readPool]);
      const read = drizzlePg(readPool, { schema });
      routeTransactions(read, () => [readPool]);
      reader = read;
    }
    if (target.replicas?.length) {
      const set = new ReplicaSet(
        target.replicas,
        pool,
        { max: target.poolSize ?? 10, application_name: APPLICATION_NAME, ...WORK_TIMEOUTS[work] },
        isDatabaseUnavailable,
      );
      replicas = set;
      await set.start();
      const read = drizzlePg({ client: { query: set.query } as unknown as pg.Pool, schema });
      routeTransactions(
        read,
        () => set.order().map((o) => o.pool),
        (failed, error) => set.failedOn(failed, error),
      );
      reader = read;
    }
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const holder = new pg.Client({ connectionString: target.url, application_name: APPLICATION_NAME, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      holder.on('error', () => undefined);
      await holder.connect();
      try {
        // Waits as long as another process holds it (no lock_timeout on this connection).
        await holder.query(`select pg_advisory_lock(hashtext('estante.startup'))`);
        return await work();
      } finally {
        // Ending the session releases the lock.
        await holder.end().catch(() => undefined);
      }
    };
    return {
      db,
      reader,
      batch,
      replicas: () => replicas?.states ?? [],
      template: null,
      kind: 'postgres',
      // Migrations may rewrite a large table: they run with the batch timeouts.
      migrate: () => exclusive(() => migratePg(batch, { migrationsFolder })),
      exclusive,
      ping: () => ping(db),
      pendingMigrations: () => pendingMigrations(db),
      pools: () =>
        [...named, ...(replicas?.pools.map(({ name, pool }): [string, pg.Pool] => [`replica:${name}`, pool]) ?? [])].map(([n, p]) => poolFigures(n, p)),
      executeSql: async (text, values) => {
        const result = values?.length ? await pool.query(text, values) : await pool.query(text);
        const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
        return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
      },
      close: once(async () => {
        await replicas?.stop();
        await Promise.all(pools.map((p) => p.end()));
      }),
    };
  }
  // One process owns an embedded data directory (a second one would lose writes on close).
  let release = () => undefined as void;
  let template: string | null = null;
  if (target.dataDir) {
    mkdirSync(target.dataDir, { recursive: true });
    release = lockDataDir(target.dataDir);
    // A new directory starts as a copy of one of the installation's templates (pglite-template.ts).
    if (target.templates?.length) template = startFromTemplate(target.dataDir, target.templates);
  }
  // The embedded engine is loaded only when it is used: a process on a PostgreSQL server (an API
  // worker, `npm run import`) does not carry its ~50 MB of WebAssembly and extensions.
  const [{ PGlite: Engine }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  try {
    client = await Engine.create({
      dataDir: target.dataDir ?? undefined,
      extensions: { unaccent, pg_trgm },
      ...(target.image && !template ? { loadDataDir: target.image } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    reader: db as unknown as Db,
    batch: db as unknown as Db,
    replicas: () => [],
    template,
    dump: () => client.dumpDataDir('gzip'),
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusive: (work) => work(),
    ping: () => ping(db as unknown as Db),
    pendingMigrations: () => pendingMigrations(db as unknown as Db),
    pools: () => [],
    executeSql: async (text, values) => {
      if (values?.length) {
        const result = await client.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      try {
        const last = (await client.exec(text)).at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
      } catch (error) {
        // The embedded database has one connection: a script that failed inside its own BEGIN
        // must not leave that connection in an aborted transaction for every later query.
        if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    close: once(() => client.close().finally(release)),
  };
}

/** Whether `db` is the embedded database (one connection, shared by everything the process does). */
export function isEmbedded(db: Db): boolean {
  // PGlite's client is the only one that can dump its data directory.
  return typeof (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client?.dumpDataDir === 'function';
}

/** Closing twice is harmless: the second call waits for the first. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Runs raw SQL and returns its rows (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Reads rows in batches by a key, ascending: `page(after)` asks for the batch after key `after`
 * (starting at `first`), `batch` rows at most, ordered by `key`. The next batch is asked for as
 * soon as one arrives, before the caller takes it in, so the database makes it while this process
 * works (a connection queues the two; inside a transaction they see the same snapshot).
 */
export async function* rowsByKey<T>(
  db: Pick<Db, 'execute'>,
  page: (after: number) => SQL,
  key: (row: T) => number,
  batch: number,
  first = -1,
): AsyncGenerator<T[]> {
  const ask = (after: number) => {
    const rows = queryRows<T>(db, page(after));
    // Awaited below; a caller that stops early must not leave it rejected unheard.
    rows.catch(() => undefined);
    return rows;
  };
  let next: Promise<T[]> | null = ask(first);
  while (next) {
    const rows: T[] = await next;
    next = rows.length === batch ? ask(key(rows[rows.length - 1]!)) : null;
    yield rows;
  }
}

/** Runs a raw SQL write and returns how many rows it touched (pg: rowCount, PGlite: affectedRows). */
export async function executeCount(db: Pick<Db, 'execute'>, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}
