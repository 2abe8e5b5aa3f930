import { execFile } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/client.js';

/**
 * Backups of either engine (decision 0060), shared by `npm run backup` / `npm run restore`
 * (cli/backup.ts, cli/restore.ts) and the running server's admin command `backup`.
 *
 * A backup file is what the engine's own tools make, with nothing of ours around it, so that
 * tools nobody here wrote can read it: PostgreSQL's is pg_dump's custom format (it starts with
 * `PGDMP`; `pg_restore --list FILE` shows it); the embedded database's is PGlite's gzipped tar
 * of its data directory (`tar tzf FILE` shows it). The first bytes tell one from the other
 * (backupKind), so a restore refuses the other engine's file with a clear message.
 */

/** Which engine a backup file is for. */
export type BackupKind = 'postgres' | 'pglite';

/** A user mistake or a refusal (missing file, wrong engine, a target not empty): one line, no stack. */
export class BackupError extends Error {
  constructor(
    message: string,
    /** The process's exit code: 1 a mistake or failure, 3 a refusal to overwrite data. */
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

export const ENGINE_NAMES: Record<BackupKind, string> = { postgres: 'PostgreSQL database (DATABASE_URL)', pglite: 'embedded database (PGlite, DATA_DIR)' };

/** The first `length` bytes of `file`. */
function head(file: string, length: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    return buffer.subarray(0, readSync(fd, buffer, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Which engine's backup `file` is: pg_dump's custom format starts with `PGDMP`; PGlite's
 * tarball is gzip (1f 8b) whose first tar header says `ustar` at byte 257. Null: neither.
 * Throws BackupError when the file cannot be read.
 */
export function backupKind(file: string): BackupKind | null {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file`);
  let start: Buffer;
  try {
    start = head(file, 64 * 1024);
  } catch (error) {
    throw new BackupError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (start.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (start[0] === 0x1f && start[1] === 0x8b) {
    try {
      // A partial gzip stream: the first tar header is all we need.
      const tar = gunzipSync(start, { finishFlush: 2 /* Z_SYNC_FLUSH */ });
      if (tar.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
    } catch {
      return null;
    }
  }
  return null;
}

/** Writes `data` to `file` through a temporary file beside it: a reader never meets half a backup. */
export function writeWhole(file: string, data: Uint8Array): void {
  const partial = `${file}.partial-${process.pid}`;
  try {
    writeFileSync(partial, data, { mode: 0o600 });
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`${file}: cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/** The PGlite instance behind a Drizzle handle of the embedded database; null on PostgreSQL. */
export function embeddedClient(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: PGlite }).$client;
  return typeof client?.dumpDataDir === 'function' ? client : null;
}

/**
 * The embedded database's backup into `file` (an absolute path). PGlite answers one query at a
 * time: `dumpDataDir` runs between two of them, so the tarball holds every transaction committed
 * before it and none that was still open (whose rows the restored database's recovery discards,
 * as after a power cut). Answers a line for the operator.
 */
export async function backupEmbedded(db: Db, file: string): Promise<string> {
  const client = embeddedClient(db);
  if (!client) throw new BackupError('this server does not run on the embedded database: back up its PostgreSQL database instead');
  if (!path.isAbsolute(file)) throw new BackupError(`${file}: expected an absolute path`);
  if (!existsSync(path.dirname(file))) throw new BackupError(`${path.dirname(file)}: no such directory`);
  const started = Date.now();
  const tarball = await client.dumpDataDir('gzip');
  writeWhole(file, new Uint8Array(await tarball.arrayBuffer()));
  return `backed up the embedded database to ${file} (${megabytes(tarball.size)}, ${((Date.now() - started) / 1000).toFixed(1)} s)`;
}

/** The admin channel's `backup FILE` (admin/commands.ts): the running server backs its embedded database up. */
export async function backupCommand(db: Db, args: string[]): Promise<string> {
  if (args.length !== 1 || !args[0]) throw new BackupError('usage: backup <absolute file path>');
  return backupEmbedded(db, args[0]);
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The path of PostgreSQL's `tool` (pg_dump, pg_restore): the newest installed major version's
 * (Debian: /usr/lib/postgresql/<v>/bin; a newer pg_dump reads older servers, not the reverse),
 * else the one on PATH.
 */
export function postgresTool(tool: 'pg_dump' | 'pg_restore', root = '/usr/lib/postgresql'): string {
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const candidate = path.join(root, version, 'bin', tool);
    if (existsSync(candidate)) return candidate;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, tool))) return path.join(dir, tool);
  }
  throw new BackupError(`${tool} not found: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)`);
}

/** Runs a PostgreSQL program; its failure is a BackupError carrying its own last error line. */
export function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  const command = postgresTool(tool);
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const lines = stderr
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const said = lines.find((l) => /error:/i.test(l)) ?? lines.at(-1) ?? error.message;
      reject(new BackupError(`${tool} failed: ${said.replace(/^\S*(pg_dump|pg_restore):\s*/, '')}`));
    });
  });
}
