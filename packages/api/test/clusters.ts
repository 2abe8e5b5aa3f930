import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server.js';

/**
 * PostgreSQL clusters of a test's own (issues 25, 58): a primary made by initdb on a free port,
 * and a hot standby of it made by `pg_basebackup -R` that streams its WAL — PostgreSQL's own
 * replication, as a library's IT team would run it. The programs refuse to run as root: as root
 * (CI, this machine) they run as `postgres`.
 */
export interface Cluster {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` (`estante` by default). */
  url(database?: string): string;
  start(): void;
  /** `fast` (the default) or `immediate` (a crash, as far as its clients can tell). */
  stop(mode?: 'fast' | 'immediate'): void;
  /** A query on a connection of its own. */
  query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[], database?: string): Promise<T[]>;
}

export interface PrimaryAndReplica {
  primary: Cluster;
  replica: Cluster;
  /** Stops both clusters (however they are) and removes their files. */
  remove(): void;
}

const bin = (() => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return path.join('/usr/lib/postgresql', versions[0]!, 'bin');
})();
const asRoot = process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs (as `postgres` when this process is root); its standard output. */
export function pgTool(tool: string, args: string[]): string {
  const command = path.join(bin, tool);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    : execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function cluster(dir: string, name: string, port: number): Cluster {
  const data = path.join(dir, name);
  const ctl = (args: string[]) => pgTool('pg_ctl', ['-D', data, '-l', path.join(dir, `${name}.log`), '-w', '-t', '60', ...args]);
  const url = (database = 'estante') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    start: () => void ctl(['start']),
    stop: (mode = 'fast') => void ctl(['-m', mode, 'stop']),
    query: async <T extends pg.QueryResultRow>(text: string, values?: unknown[], database?: string) => {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A primary with a database `estante` and a streaming hot standby of it, both started. Settings
 * for tests (fsync off, small buffers); replication allowed from 127.0.0.1 by initdb's own
 * pg_hba.conf with --auth=trust.
 */
export async function primaryAndReplica(prefix: string): Promise<PrimaryAndReplica> {
  const dir = mkdtempSync(`/tmp/${prefix}-`);
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const primary = cluster(dir, 'primary', await freePort());
  const replica = cluster(dir, 'replica', await freePort());
  const settings = (port: number) =>
    `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nfsync = off\nshared_buffers = 32MB\nwal_level = replica\nmax_wal_senders = 4\nhot_standby = on\nmax_connections = 200\n`;
  const remove = () => {
    for (const each of [replica, primary]) {
      try {
        each.stop('immediate');
      } catch {
        // not running
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pgTool('initdb', ['-D', path.join(dir, 'primary'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    appendFileSync(path.join(dir, 'primary', 'postgresql.conf'), settings(primary.port));
    primary.start();
    await primary.query('create database estante', [], 'postgres');
    // The standby: a base backup of the primary that streams its WAL (-R writes primary_conninfo).
    pgTool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      path.join(dir, 'replica'),
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    appendFileSync(path.join(dir, 'replica', 'postgresql.conf'), settings(replica.port));
    replica.start();
  } catch (error) {
    remove();
    throw error;
  }
  return { primary, replica, remove };
}
