import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BackupError, backupKind, ENGINE_NAMES, postgresTool, runTool } from '../admin/backup.js';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { APPLICATION_NAME } from '../db/client.js';
import { DataDirInUseError, lockDataDir } from '../db/lock.js';

const USAGE = `usage: npm run restore -- FILE [--force]
  restores a backup made by npm run backup into the configured database (decision 0060,
  docs/operations/backup.md); refused when that database is not empty, unless
  --force   empties it first (everything in it is lost)`;

/** Exit code of a refusal to overwrite data (a database not empty, a server using it). */
const REFUSED = 3;

/**
 * `npm run restore -- FILE [--force]`: the backup FILE into the configured database (the same
 * configuration as the server). A backup of the other engine is refused. So is a target that is
 * not empty (PostgreSQL: any table in it, ours or not — migrations applied count; embedded: a
 * database in DATA_DIR/pglite), unless --force, which empties it first in the same transaction as
 * the restore (PostgreSQL) or replaces the directory once the restored one is complete (embedded).
 * The server then starts on it as usual (migrations newer than the backup are applied then).
 * Exit code 0 restored, 1 a mistake or a failure, 3 refused (not empty, or a server uses it).
 */
async function main(argv: string[]): Promise<void> {
  const force = argv.includes('--force');
  const rest = argv.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) throw new BackupError(USAGE);
  const file = path.resolve(rest[0]!);
  const kind = backupKind(file);
  if (!kind) throw new BackupError(`${file} is not a backup made by npm run backup (neither pg_dump's custom format nor PGlite's tarball)`);
  const config = loadConfig();
  if (kind !== config.database.kind)
    throw new BackupError(
      `${file} is a backup of the ${ENGINE_NAMES[kind]}, but this configuration uses the ${ENGINE_NAMES[config.database.kind]}: ` +
        (kind === 'pglite' ? 'unset DATABASE_URL to restore it into DATA_DIR' : 'set DATABASE_URL to the PostgreSQL database to restore it into'),
    );
  const said = config.database.kind === 'postgres' ? await restorePostgres(config.database.url, file, force) : await restorePglite(config, file, force);
  // A search snapshot kept on this machine may be of the database as it was (search.persist.ts).
  if (config.searchSnapshotDir) rmSync(config.searchSnapshotDir, { recursive: true, force: true });
  process.stdout.write(`${said}\n`);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'estante-restore' });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to the database of DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL: the archive is checked whole first (`pg_restore --list`), then pg_restore's SQL
 * runs through psql in one transaction, after the schemas are dropped when --force says so: a
 * restore that fails leaves the database as it was.
 */
async function restorePostgres(url: string, file: string, force: boolean): Promise<string> {
  const { tables, schemas, servers, name } = await withClient(url, async (client) => {
    const found = await client.query<{ nspname: string; tables: number }>(
      `select n.nspname, count(c.oid)::int as tables from pg_namespace n left join pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p')
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp\\_%'
        group by n.nspname`,
    );
    const others = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = $1',
      [APPLICATION_NAME],
    );
    const database = await client.query<{ name: string }>('select current_database() as name');
    return {
      tables: found.rows.reduce((sum, r) => sum + r.tables, 0),
      schemas: found.rows.map((r) => r.nspname),
      servers: others.rows[0]!.n,
      name: database.rows[0]!.name,
    };
  });
  if (tables > 0 && !force)
    throw new BackupError(
      `the database ${name} is not empty (${tables} tables): restore into a new empty database (createdb), or add --force to empty it first`,
      REFUSED,
    );
  if (servers > 0) throw new BackupError(`${servers} connections of Estante servers are open on the database ${name}: stop the servers first`, REFUSED);
  await runTool('pg_restore', ['--list', file]).catch((error: BackupError) => {
    throw new BackupError(`${file} cannot be read: ${error.message}`);
  });
  const started = Date.now();
  const prelude = [
    ...schemas.map((schema) => `drop schema if exists "${schema.replaceAll('"', '""')}" cascade;`),
    // pg_dump leaves the public schema out (every database has one): it is made again.
    ...(schemas.includes('public') ? ['create schema public;'] : []),
  ].join('\n');
  await pipeRestore(url, file, force ? prelude : '');
  return `restored ${file} into the PostgreSQL database ${name}${force && tables > 0 ? ` (emptied first: ${tables} tables dropped)` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** `pg_restore -f - FILE | psql --single-transaction`, with `prelude` run first in the same transaction. */
async function pipeRestore(url: string, file: string, prelude: string): Promise<void> {
  const restore = spawn(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--file', '-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const psql = spawn(
    path.join(path.dirname(postgresTool('pg_restore')), 'psql'),
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1', '--file', '-', '--dbname', url],
    { stdio: ['pipe', 'ignore', 'pipe'], env: { ...process.env, PGAPPNAME: 'estante-restore', PGOPTIONS: '-c client_min_messages=warning' } },
  );
  let errors = '';
  restore.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  psql.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  psql.stdin.on('error', () => undefined);
  psql.stdin.write(`${prelude}\n`);
  restore.stdout.pipe(psql.stdin);
  const exited = (child: ChildProcess) =>
    new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => resolve(code ?? 1));
    });
  const [restored, applied] = await Promise.all([exited(restore), exited(psql)]);
  if (restored !== 0 || applied !== 0) {
    const line = errors.split('\n').find((l) => /error/i.test(l)) ?? errors.trim().split('\n').at(-1) ?? 'unknown error';
    throw new BackupError(`the restore failed and was rolled back: ${line.trim()}`);
  }
}

/**
 * The embedded database: only with no server on DATA_DIR (its lock says; taken here for the
 * while). The tarball is opened by PGlite into a directory beside the target (which recovers it,
 * as after a power cut), and replaces the target only once complete.
 */
async function restorePglite(config: Config, file: string, force: boolean): Promise<string> {
  const dataDir = config.database.kind === 'pglite' ? config.database.dataDir! : '';
  mkdirSync(path.dirname(dataDir), { recursive: true });
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError)
      throw new BackupError(`the embedded database in ${dataDir} is in use by process ${error.pid} (a running Estante server): stop it, then restore`, REFUSED);
    throw error;
  }
  try {
    const present = existsSync(path.join(dataDir, 'PG_VERSION'));
    if (present && !force)
      throw new BackupError(`there is a database in ${dataDir} already: restore into a new DATA_DIR, or add --force to replace it`, REFUSED);
    const started = Date.now();
    const incoming = `${dataDir}.restoring`;
    rmSync(incoming, { recursive: true, force: true });
    try {
      await openTarball(incoming, file);
      const previous = `${dataDir}.replaced`;
      rmSync(previous, { recursive: true, force: true });
      if (existsSync(dataDir)) renameSync(dataDir, previous);
      renameSync(incoming, dataDir);
      rmSync(previous, { recursive: true, force: true });
    } finally {
      rmSync(incoming, { recursive: true, force: true });
    }
    return `restored ${file} into the embedded database in ${dataDir}${present ? ' (the database there before was replaced)' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
  } finally {
    release();
  }
}

/** Opens the tarball into `dataDir` with PGlite (which recovers it) and checks it answers. */
async function openTarball(dataDir: string, file: string): Promise<void> {
  const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  let client;
  try {
    client = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent }, loadDataDir: new Blob([readFileSync(file)]) });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as an embedded database: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await client.query('select count(*) from pg_class');
  } finally {
    await client.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError;
  process.stderr.write(`restore: ${error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error)}\n`);
  process.exit(error instanceof BackupError ? error.exitCode : 1);
});
