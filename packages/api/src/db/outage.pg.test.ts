import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealServer, startRealServer } from '../../test/server.js';
import { DEMO_PASSWORD } from '../seed/demo.js';
import { APPLICATION_NAME } from './client.js';
import { withAdmin } from '../../test/database.js';

/**
 * A database outage, met by the real server (`main.ts`, two API workers over PostgreSQL) while
 * a patron keeps writing: its connections are terminated and new ones refused for two seconds,
 * as a PostgreSQL restart would. No process may die, every call during the outage is answered
 * (503 with Retry-After, never a refused connection nor a 500), service comes back by itself
 * within 5 s of the database, every write the server acknowledged is there, and SIGTERM still
 * stops it cleanly.
 */
const adminUrl = process.env.TEST_DATABASE_URL!;
const name = `estante_outage_${randomBytes(5).toString('hex')}`;
let server: RealServer;
let base = '';
let dbUrl = '';
const waitFor = (what: string, ok: () => boolean | Promise<boolean>, ms: number) => server.waitFor(what, ok, ms);

beforeAll(async () => {
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  dbUrl = url.toString();
  server = await startRealServer(dbUrl);
  base = server.base;
}, 150_000);

afterAll(async () => {
  await server?.stop();
  await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
});

const call = (url: string, init: RequestInit = {}) => fetch(`${base}/svc${url}`, { ...init, signal: AbortSignal.timeout(10_000) });

describe('a database outage (spec §6: cannot reach the server, try later)', () => {
  it('answers 503 while the database is away, loses no acknowledged write, and recovers by itself', async () => {
    const signIn = await call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'aluno', password: DEMO_PASSWORD }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const own = new pg.Client({ connectionString: dbUrl });
    await own.connect();
    const ids = (await own.query<{ id: number }>('select cod_acervo as id from titles order by cod_acervo limit 60')).rows.map((r) => r.id);
    await own.end();
    expect(ids.length).toBeGreaterThan(40);

    // The patron keeps one title after another in the permanent basket, one call every 50 ms.
    const acknowledged: number[] = [];
    const statuses: number[] = [];
    let refused = 0;
    let stop = false;
    const writer = (async () => {
      for (const id of ids) {
        if (stop) break;
        try {
          const response = await call('/acervo/cesta-permanente', { method: 'POST', headers: auth, body: JSON.stringify({ acervos: [id] }) });
          statuses.push(response.status);
          if (response.status === 200) acknowledged.push(id);
          if (response.status === 503) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
          await response.arrayBuffer();
        } catch {
          refused++;
        }
        await sleep(50);
      }
    })();

    // Readers keep both workers' connections busy, and hold attempts keep transactions open
    // (the title locked, the rules checked, then refused: its copies are on the shelf), so the
    // outage cuts connections in the middle of a query and in the middle of a transaction.
    const others: number[] = [];
    const busy = (request: () => Promise<Response>) => async () => {
      while (!stop) {
        try {
          const response = await request();
          others.push(response.status);
          await response.arrayBuffer();
        } catch {
          refused++;
        }
      }
    };
    const readers = [
      ...Array.from(
        { length: 4 },
        busy(() => call('/api/acervo/cesta-permanente/colecao', { headers: auth })),
      ),
      // Searches, which the workers ask of the primary's index (decision 0040).
      ...Array.from(
        { length: 2 },
        busy(() => call('/consulta?termo1=educacao', { headers: auth })),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        busy(() => call('/reserva', { method: 'POST', headers: auth, body: JSON.stringify({ cod_acervo: ids[i]!, biblioteca: 1 }) }))(),
      ),
    ];

    await sleep(400);
    // The outage: connections cut (in use or idle), new ones refused, for two seconds.
    await withAdmin(adminUrl, async (c) => {
      await c.query(`alter database ${name} allow_connections false`);
      for (let i = 0; i < 3; i++) {
        await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2`, [name, APPLICATION_NAME]);
        await sleep(50);
      }
    });
    await sleep(300);
    const during = await call('/api/acervo/cesta-permanente/colecao', { headers: auth });
    expect(during.status).toBe(503);
    expect(((await during.json()) as { key: string }).key).toBe('ServidorIndisponivel');
    // A search too: the database error met in the primary's index is a 503 in the worker.
    const searchDuring = await call('/consulta?termo1=educacao', { headers: auth });
    expect(searchDuring.status).toBe(503);
    expect(((await searchDuring.json()) as { key: string }).key).toBe('ServidorIndisponivel');
    expect((await fetch(`${base}/health`)).status).toBe(503);
    await sleep(1700);
    await withAdmin(adminUrl, (c) => c.query(`alter database ${name} allow_connections true`));
    const back = Date.now();
    await waitFor('service back', async () => (await fetch(`${base}/health`)).status === 200, 5000);
    expect(Date.now() - back).toBeLessThanOrEqual(5000);
    await writer;
    stop = true;
    await Promise.all(readers);

    // Nothing refused, nothing failed but with 503, some writes went through on each side of it.
    expect(refused).toBe(0);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(others.filter((s) => s !== 200 && s !== 422 && s !== 503)).toEqual([]);
    expect(others).toContain(503);
    expect(statuses).toContain(503);
    expect(statuses.at(-1)).toBe(200);
    // No API process died.
    expect(server.output()).not.toMatch(/API worker \d+ stopped|Unhandled|failed to start/);
    expect(server.process.exitCode).toBeNull();
    // Every acknowledged write is there.
    const kept = await call('/api/acervo/cesta-permanente/colecao', { headers: auth });
    expect(kept.status).toBe(200);
    const held = new Set(((await kept.json()) as { itens: { cod_acervo: number }[] }).itens.map((i) => i.cod_acervo));
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(acknowledged.filter((id) => !held.has(id))).toEqual([]);

    // And it still stops cleanly: nothing the outage broke holds a connection (drizzle's own
    // transaction kept one whenever BEGIN failed, and shutdown then waited for ever).
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    expect(await Promise.race([exited, sleep(30_000).then(() => 'still running')])).toBe(0);
  }, 120_000);
});
