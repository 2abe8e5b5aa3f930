import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind, withAdmin } from '../../test/database.js';
import { type RealServer, startRealServer } from '../../test/server.js';
import { postgresTool } from '../admin/backup.js';
import { openDatabase, queryRows } from '../db/client.js';
import { DEMO_PASSWORD } from '../seed/demo.js';

/**
 * `npm run backup` and `npm run restore` (decision 0060) on the engine of this test run, met
 * as an operator meets them: the real server (main.ts) serves the demo library while patrons keep
 * adding titles to their permanent baskets over HTTP, three titles a request (one INSERT: all or
 * none); the backup is made meanwhile (on the embedded database through the server's admin
 * socket), restored into a new database, and read there: every write answered 2xx before the
 * backup began is in it, every write is there whole or not at all, none sent after the backup
 * ended is. Then a restore onto that (now non-empty) database is refused without --force and
 * leaves it as it was, and done with --force; and the server starts on the restored database.
 */
const kind = testDatabaseKind();
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'estante-backup-'));
/** Titles 1…TITLES of the demo (its 209 real records and 60 generated titles, a few numbers skipped) are written. */
const TITLES = 240;
const PATRONS = ['aluno', 'professor', 'mestrando', 'leitora', 'pesquisador'];
const suffix = randomBytes(4).toString('hex');
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const dbUrl = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const created: string[] = [];

let server: RealServer | undefined;
/** The restored database: its URL (PostgreSQL) or DATA_DIR (embedded). */
let target = '';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- args` as a process of its own, with the configuration in `env` only. */
function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const { DATABASE_URL: _unset, DATA_DIR: _own, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `packages/api/src/cli/${script}.ts`, ...args],
      { cwd: repoRoot, env: { ...inherited, SEARCH_SNAPSHOTS: 'false', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The configuration that names the restored database. */
const targetEnv = (): Record<string, string> => (kind === 'postgres' ? { DATABASE_URL: target } : { DATA_DIR: target });

/** A database of our own on the test server (dropped in afterAll). */
async function createDatabase(role: string): Promise<string> {
  const name = `estante_backup_${suffix}_${role}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  created.push(name);
  return dbUrl(name);
}

/** Runs `sql` on the restored database (opened by this process for the while: the embedded one is locked meanwhile). */
async function onTarget<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const database = await openDatabase(
    kind === 'postgres' ? { kind: 'postgres', url: target, work: 'batch' } : { kind: 'pglite', dataDir: path.join(target, 'pglite') },
  );
  try {
    return await queryRows<T>(database.db, query);
  } finally {
    await database.close();
  }
}

const basketRows = async () =>
  new Set(
    (
      await onTarget<{ login: string; id: number }>(
        sql`select l.login, b.cod_acervo as id from permanent_basket b join logins l on l.cod_pessoa = b.cod_pessoa order by 1, 2`,
      )
    )
      // Ana has two logins (aluno and her enrolment number): the one the test signs in with.
      .filter((r) => PATRONS.includes(r.login))
      .map((r) => `${r.login}:${r.id}`),
  );

beforeAll(async () => {
  if (kind === 'postgres' && !adminUrl) throw new Error('the postgres project needs TEST_DATABASE_URL');
  const source = kind === 'postgres' ? await createDatabase('source') : null;
  server = await startRealServer(source, { LOG_LEVEL: 'info' }, 1);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  for (const name of created) await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const call = (base: string, route: string, init: RequestInit = {}) => fetch(`${base}/svc${route}`, { ...init, signal: AbortSignal.timeout(15_000) });

async function signIn(base: string, username: string): Promise<string> {
  const response = await call(base, '/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username, password: DEMO_PASSWORD }),
  });
  expect(response.status, `sign-in of ${username}`).toBe(200);
  return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
}

interface Write {
  patron: string;
  ids: number[];
  sentAt: number;
  answeredAt: number;
  status: number;
}

describe(`npm run backup / npm run restore (${kind})`, () => {
  const file = path.join(dir, kind === 'postgres' ? 'estante.dump' : 'estante.tar.gz');
  const writes: Write[] = [];
  let backupStarted = 0;
  let backupEnded = 0;

  it('backs the demo up while patrons write, and the restored database holds every write acknowledged before it, each whole', async () => {
    const base = server!.base;
    const tokens = Object.fromEntries(await Promise.all(PATRONS.map(async (p) => [p, await signIn(base, p)] as const)));
    // The demo's titles, numbered from 1 in a new database with a few gaps (a real record's duplicate).
    const ids: number[] = [];
    for (let from = 1; from <= TITLES; from += 20) {
      const found = await Promise.all(
        Array.from({ length: 20 }, (_, i) => from + i).map(async (id) =>
          (await call(base, `/acervo/${id}`, { headers: { authorization: tokens[PATRONS[0]!]! } })).status === 200 ? id : 0,
        ),
      );
      ids.push(...found.filter(Boolean));
    }
    expect(ids.length).toBeGreaterThan(TITLES / 2);

    // Each patron adds three new titles a request, one request after another, until the backup is done.
    let backupDone = false;
    const writer = async (patron: string) => {
      for (let first = 0; first + 3 <= ids.length && !backupDone; first += 3) {
        const chunk = ids.slice(first, first + 3);
        const sentAt = Date.now();
        const response = await call(base, '/acervo/cesta-permanente', {
          method: 'POST',
          headers: { authorization: tokens[patron]!, 'content-type': 'application/json' },
          body: JSON.stringify({ acervos: chunk }),
        }).catch(() => null);
        writes.push({ patron, ids: chunk, sentAt, answeredAt: Date.now(), status: response?.status ?? 0 });
        await sleep(100);
      }
    };
    const writing = Promise.all(PATRONS.map(writer));
    while (writes.filter((w) => w.status === 200).length < 2 * PATRONS.length) await sleep(20);

    backupStarted = Date.now();
    const backup = await cli('backup', [file], kind === 'postgres' ? { DATABASE_URL: sourceUrl() } : { DATA_DIR: server!.dataDir });
    backupEnded = Date.now();
    backupDone = true;
    await writing;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^backed up the (PostgreSQL|embedded) database/);
    // The patrons went on writing while it ran.
    expect(writes.filter((w) => w.sentAt > backupStarted && w.answeredAt < backupEnded && w.status === 200).length).toBeGreaterThan(0);
    expect(writes.filter((w) => w.status !== 200).map((w) => `${w.patron} ${w.ids.join(',')}: ${w.status}`)).toEqual([]);

    // A judge nobody here wrote reads the file.
    const listing =
      kind === 'postgres'
        ? execFileSync(postgresTool('pg_restore'), ['--list', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
        : execFileSync('tar', ['-tzf', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(listing).toMatch(kind === 'postgres' ? /TABLE DATA public permanent_basket/ : /PG_VERSION/);

    target = kind === 'postgres' ? await createDatabase('restored') : path.join(dir, 'restored');
    const restore = await cli('restore', [file], targetEnv());
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^restored /);

    const rows = await basketRows();
    const present = (w: Write) => w.ids.filter((id) => rows.has(`${w.patron}:${id}`)).length;
    const missing = writes.filter((w) => w.status === 200 && w.answeredAt < backupStarted && present(w) !== 3);
    expect(missing, 'acknowledged before the backup began, missing from it').toEqual([]);
    const partial = writes.filter((w) => present(w) !== 0 && present(w) !== 3);
    expect(partial, 'writes restored in part').toEqual([]);
    const later = writes.filter((w) => w.sentAt > backupEnded && present(w) !== 0);
    expect(later, 'writes sent after the backup ended, found in it').toEqual([]);
    const written = new Set(writes.flatMap((w) => w.ids.map((id) => `${w.patron}:${id}`)));
    expect([...rows].filter((r) => !written.has(r))).toEqual([]);
    expect(rows.size).toBeGreaterThanOrEqual(3 * writes.filter((w) => w.answeredAt < backupStarted).length);
  }, 120_000);

  it('refuses the other engine’s configuration, and a restore of the embedded database under its running server', async () => {
    const wrong = await cli(
      'restore',
      [file],
      kind === 'postgres' ? { DATA_DIR: path.join(dir, 'elsewhere') } : { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^restore: .* is a backup of the (PostgreSQL database|embedded database) .*\n$/);
    if (kind === 'pglite') {
      const busy = await cli('restore', [file, '--force'], { DATA_DIR: server!.dataDir });
      expect(busy.code).toBe(3);
      expect(busy.stderr).toMatch(/^restore: the embedded database in .* is in use by process \d+ .*stop it, then restore\n$/);
    }
    const missingFile = await cli('restore', [path.join(dir, 'nothing.dump')], targetEnv());
    expect(missingFile).toMatchObject({ code: 1, stderr: `restore: ${path.join(dir, 'nothing.dump')}: no such file\n` });
  });

  it('refuses to restore onto a database that is not empty, leaving it as it was, and replaces it with --force', async () => {
    expect(target, 'the first test restored a database').not.toBe('');
    await server?.stop();
    server = undefined;
    const before = await basketRows();
    const [dropped] = [...before];
    const [login, id] = dropped!.split(':');
    await onTarget(
      sql`delete from permanent_basket b using logins l where l.cod_pessoa = b.cod_pessoa and l.login = ${login!} and b.cod_acervo = ${Number(id)}`,
    );

    const refused = await cli('restore', [file], targetEnv());
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^restore: (the database \S+ is not empty \(\d+ tables\)|there is a database in \S+ already): .*--force.*\n$/);
    const after = await basketRows();
    expect(after.size).toBe(before.size - 1);
    expect(after.has(dropped!)).toBe(false);

    const forced = await cli('restore', [file, '--force'], targetEnv());
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect([...(await basketRows())]).toEqual([...before]);

    // The server starts on the restored database and serves what it holds.
    server = await startRealServer(kind === 'postgres' ? target : null, { ...(kind === 'pglite' ? { DATA_DIR: target } : {}), LOG_LEVEL: 'info' }, 1);
    const token = await signIn(server.base, login!);
    const basket = await call(server.base, '/api/acervo/cesta-permanente/colecao', { headers: { authorization: token } });
    expect(basket.status).toBe(200);
    const ids = ((await basket.json()) as { itens: { cod_acervo: number }[] }).itens.map((i) => i.cod_acervo);
    expect(ids).toContain(Number(id));
    expect(ids.length).toBe([...before].filter((r) => r.startsWith(`${login}:`)).length);
  }, 180_000);
});

function sourceUrl(): string {
  return dbUrl(`estante_backup_${suffix}_source`);
}
