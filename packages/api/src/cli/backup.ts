import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { BackupError, backupEmbedded, megabytes, runTool } from '../admin/backup.js';
import { callAdmin } from '../admin/channel.js';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirInUseError } from '../db/lock.js';

const USAGE = `usage: npm run backup -- FILE [--force]
  backs the configured database up into FILE (decision 0060, docs/operations/backup.md):
  PostgreSQL (DATABASE_URL): pg_dump's custom format, consistent while the servers serve;
  the embedded database (DATA_DIR): PGlite's tarball, made by the running server when one runs.
  --force   replaces FILE when it exists`;

/**
 * `npm run backup -- FILE [--force]`: a consistent backup of the configured database (the same
 * configuration as the server: DATABASE_URL, else the embedded database in DATA_DIR). Exit code
 * 0 done, 1 a mistake or a failure (one line on stderr).
 */
async function main(argv: string[]): Promise<void> {
  const force = argv.includes('--force');
  const rest = argv.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) throw new BackupError(USAGE);
  const file = path.resolve(rest[0]!);
  if (existsSync(file) && !force) throw new BackupError(`${file} exists: choose another name, or add --force to replace it`);
  if (!existsSync(path.dirname(file))) throw new BackupError(`${path.dirname(file)}: no such directory`);
  const config = loadConfig();
  process.stdout.write(`${config.database.kind === 'postgres' ? await backupPostgres(config.database.url, file) : await backupPglite(config, file)}\n`);
}

/**
 * pg_dump takes one snapshot (a repeatable-read transaction) for the whole dump: the file holds
 * every transaction committed before it started and nothing after, while the servers go on
 * serving (it takes only ACCESS SHARE locks). Written beside FILE, then renamed.
 */
async function backupPostgres(url: string, file: string): Promise<string> {
  const started = Date.now();
  const partial = `${file}.partial-${process.pid}`;
  try {
    await runTool('pg_dump', ['--format=custom', '--file', partial, '--dbname', url]);
    // Patrons' personal data and password hashes: readable by the one who made it.
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
  return `backed up the PostgreSQL database ${name} to ${file} (${megabytes(statSync(file).size)}, ${((Date.now() - started) / 1000).toFixed(1)} s)`;
}

/**
 * The embedded database belongs to the server while one runs: it makes the backup itself, asked
 * over its admin socket. With none running, this process opens the database (holding its lock,
 * so a server started meanwhile waits its turn: it refuses to start on a held directory).
 */
async function backupPglite(config: Config, file: string): Promise<string> {
  if (config.adminSocket) {
    const answer = await callAdmin(config.adminSocket, { command: 'backup', args: [file] });
    if (answer) {
      if (!answer.ok) throw new BackupError(answer.error);
      return answer.output;
    }
  }
  const dataDir = config.database.kind === 'pglite' ? config.database.dataDir! : '';
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`there is no embedded database in ${dataDir} (DATA_DIR) to back up`);
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await backupEmbedded(database.db, file);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirInUseError;
  process.stderr.write(`backup: ${error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error)}\n`);
  process.exit(1);
});
