import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { marcRecord } from '../test/marc.js';
import { toIso2709 } from './marc/write.js';
import { queryRows } from './db/client.js';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

/** Servers started and not yet exited: a test that fails midway must not leave one owning DATA_DIR for the next. */
const running = new Set<ChildProcess>();

/** Runs the server as `npm start` does (bundled, decision 0068), with `env` on top of a quiet default environment. */
function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['../../scripts/start.mjs'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', ...env },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  running.add(child);
  child.once('exit', () => running.delete(child));
  return { child, output: () => output };
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

async function waitFor<T>(probe: () => T | undefined, ms = 45_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the API process (main.ts)', () => {
  afterEach(async () => {
    const left = [...running];
    for (const child of left) child.kill('SIGKILL');
    await Promise.all(left.map((child) => (child.exitCode === null && child.signalCode === null ? exited(child) : null)));
  });

  it('stops at once with a one-line explanation when a setting is bad', async () => {
    const { child, output } = start({ PORT: 'abc' });
    expect(await exited(child)).toBe(1);
    expect(output().trim()).toBe('estante: Invalid configuration: PORT="abc": expected a whole number from 0 to 65535');
  });

  it('refuses several API workers on the embedded database, which lives in one process', async () => {
    const { child, output } = start({ API_WORKERS: '2', DATA_DIR: path.join(tmpdir(), 'estante-unused') });
    expect(await exited(child)).toBe(1);
    expect(output().trim()).toBe('estante: Invalid configuration: API_WORKERS=2: the embedded database runs in one process; set DATABASE_URL for more');
  });

  describe('with a good configuration', () => {
    let database: TestDatabase | undefined;
    let dataDir: string | undefined;
    let env: Record<string, string>;
    beforeAll(async () => {
      // DATA_DIR holds the mail sink and the kept search snapshots, and on PGlite the database.
      dataDir = mkdtempSync(path.join(tmpdir(), 'estante-main-'));
      if (process.env.ESTANTE_TEST_DB === 'postgres') {
        database = await createTestDatabase();
        env = { DATABASE_URL: database.url!, DATA_DIR: dataDir };
      } else {
        env = { DATA_DIR: dataDir };
      }
    });
    afterAll(async () => {
      await database?.dispose();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('migrates, seeds, serves, and on SIGTERM closes cleanly', async () => {
      const { child, output } = start({ ...env, PORT: '0', DEMO_TITLES: '50' });
      const url = await waitFor(() => /Estante is running at (http:\/\/localhost:\d+)\//.exec(output())?.[1]);
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      if (database) {
        // DATABASE_URL was honoured: the seed's rows are in that server's database.
        const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from titles`);
        expect(rows[0]!.n).toBeGreaterThanOrEqual(50);
      }
      child.kill('SIGTERM');
      expect(await exited(child), output()).toBe(0);
      expect(output(), output()).toMatch(/"msg":"closed"/);
    });

    // Several workers need PostgreSQL: the embedded database's run has only the refusal above.
    if (process.env.ESTANTE_TEST_DB === 'postgres')
      it('on PostgreSQL runs several API workers on one port, and SIGTERM stops them all', async () => {
        const { child, output } = start({ ...env, PORT: '0', SEED_DEMO: 'false', API_WORKERS: '2' });
        const url = await waitFor(() => /Estante is running at (http:\/\/localhost:\d+)\//.exec(output())?.[1]);
        await waitFor(() => (output().includes('all 2 API workers are ready') ? true : undefined));
        const token = await fetch(`${url}/svc/oauth/token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' }),
        });
        const { access_token } = (await token.json()) as { access_token: string };
        // A token from one worker is good at the other: several searches in a row all answer.
        for (let i = 0; i < 6; i++) {
          const search = await fetch(`${url}/svc/consulta?termo1=qualquer`, { headers: { authorization: `Bearer ${access_token}` } });
          expect(search.status).toBe(200);
        }
        // One search index for both workers (decision 0040): read once, in the primary process.
        const indexed = (output().match(/\{[^\n]*"msg":"search index ready"[^\n]*\}/g) ?? []).map((line) => JSON.parse(line) as { pid: number });
        expect(indexed.map((line) => line.pid)).toEqual([child.pid]);
        // The workers are started while the index is read (they load the app meanwhile), and
        // listen only once it is ready: no search meets a worker whose index is not there yet.
        const log = output();
        expect(log.indexOf('starting 2 API workers')).toBeLessThan(log.indexOf('"msg":"search index ready"'));
        expect(log.indexOf('"msg":"search index ready"')).toBeLessThan(log.indexOf('Estante is running'));
        child.kill('SIGTERM');
        expect(await exited(child)).toBe(0);
        expect(output().match(/"msg":"closed"/g)).toHaveLength(2);

        // Started again, the primary loads the snapshot the first run kept (decision 0037), and both workers answer.
        const again = start({ ...env, PORT: '0', SEED_DEMO: 'false', API_WORKERS: '2' });
        const url2 = await waitFor(() => /Estante is running at (http:\/\/localhost:\d+)\//.exec(again.output())?.[1]);
        await waitFor(() => (again.output().includes('all 2 API workers are ready') ? true : undefined));
        const ready = again.output().match(/\{[^\n]*"msg":"search index ready"[^\n]*\}/g) ?? [];
        expect(ready.map((line) => typeof (JSON.parse(line) as { loadMs?: number }).loadMs)).toEqual(['number']);
        const token2 = await fetch(`${url2}/svc/oauth/token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' }),
        });
        const auth = `Bearer ${((await token2.json()) as { access_token: string }).access_token}`;
        expect((await fetch(`${url2}/svc/consulta?termo1=qualquer`, { headers: { authorization: auth } })).status).toBe(200);
        again.child.kill('SIGTERM');
        expect(await exited(again.child)).toBe(0);
      });

    // The embedded database has one owner; the command-line tools go through it while it runs.
    if (process.env.ESTANTE_TEST_DB !== 'postgres')
      it('owns DATA_DIR alone: a second server refuses, and npm run import goes through the running one, searchable at once and kept after a restart', async () => {
        const { child, output } = start({ ...env, PORT: '0', SEED_DEMO: 'false' });
        const url = await waitFor(() => /Estante is running at (http:\/\/localhost:\d+)\//.exec(output())?.[1]);
        const second = start({ ...env, PORT: '0', SEED_DEMO: 'false' });
        expect(await exited(second.child)).toBe(1);
        expect(second.output()).toContain(`in use by process ${child.pid}`);

        const file = path.join(dataDir!, 'novos.mrc');
        writeFileSync(file, toIso2709([marcRecord({ id: 'imp-1', title: 'Memorial de Aires', author: 'Assis, Machado de', year: 1908 })]));
        const cli = spawn(process.execPath, ['--import', 'tsx', 'src/cli/import.ts', file], {
          cwd: apiDir,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        });
        let cliOutput = '';
        cli.stdout.on('data', (chunk: Buffer) => (cliOutput += chunk.toString()));
        cli.stderr.on('data', (chunk: Buffer) => (cliOutput += chunk.toString()));
        expect(await exited(cli)).toBe(0);
        expect(cliOutput).toContain('1 records read, 1 new');

        const find = async (base: string) => {
          const token = await fetch(`${base}/svc/oauth/token`, {
            method: 'POST',
            body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' }),
          });
          const { access_token } = (await token.json()) as { access_token: string };
          const search = await fetch(`${base}/svc/consulta?termo1=memorial%20aires`, { headers: { authorization: `Bearer ${access_token}` } });
          return ((await search.json()) as { total: number }).total;
        };
        expect(await find(url)).toBe(1);
        child.kill('SIGTERM');
        expect(await exited(child)).toBe(0);

        const again = start({ ...env, PORT: '0', SEED_DEMO: 'false' });
        const url2 = await waitFor(() => /Estante is running at (http:\/\/localhost:\d+)\//.exec(again.output())?.[1]);
        expect(await find(url2)).toBe(1);
        again.child.kill('SIGTERM');
        expect(await exited(again.child)).toBe(0);
      });

    it('lets a request that is in flight at SIGTERM finish, then exits without waiting for the client', async () => {
      const { child, output } = start({ ...env, PORT: '0', SEED_DEMO: 'false' });
      const port = await waitFor(() => /Estante is running at http:\/\/localhost:(\d+)\//.exec(output())?.[1]);
      const body = 'grant_type=client_credentials&client_id=estante-web&client_secret=estante-public';
      const socket = connect(Number(port), '127.0.0.1');
      let response = '';
      let serverClosed = false;
      socket.on('data', (chunk) => (response += chunk.toString()));
      socket.on('end', () => (serverClosed = true));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // Headers and half the body now; the rest after SIGTERM, as a slow upload would.
      socket.write(
        `POST /svc/oauth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
      );
      await new Promise((r) => setTimeout(r, 200));
      child.kill('SIGTERM');
      await waitFor(() => (output().includes('shutting down') ? true : undefined));
      socket.write(body.slice(20));
      expect(await exited(child)).toBe(0);
      expect(response).toMatch(/^HTTP\/1\.1 200/);
      expect(response).toMatch(/access_token/);
      expect(response.toLowerCase()).toContain('connection: close');
      expect(serverClosed).toBe(true);
      socket.destroy();
    });
  });
});
