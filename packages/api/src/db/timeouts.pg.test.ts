import pg from 'pg';
import { holdsEndpoints } from '@estante/contracts/circulation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../test/app.js';
import { createCopies, createInstitution, createLibraries, createPatron, createTitles } from '../../test/factories.js';
import { WORK_TIMEOUTS } from './client.js';

let t: TestApp;
let patron: string;
let anonymous: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createInstitution(db);
  const [central] = await createLibraries(db, ['Biblioteca Central']);
  const id = await createTitles(db, [{ id: 'v', title: 'Vidas secas', author: 'Ramos, Graciliano', year: 1938 }]);
  await createCopies(db, [{ codAcervo: id.v!, codBiblioteca: central!.codBiblioteca, tombo: 'V1' }]);
  await createPatron(db, { login: 'ana', nome: 'Ana Souza', password: 'senha-ana-1' });
  patron = await patronToken(t.app, 'ana', 'senha-ana-1');
  anonymous = await publicToken(t.app);
});
afterAll(() => t.close());

/** Holds `lock table <table> in access exclusive mode` on a connection of its own until `release()`. */
async function lockTable(table: string) {
  const client = new pg.Client({ connectionString: t.database.url! });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in access exclusive mode`);
  // Never for ever: a test that hangs would say less than one that fails.
  const timer = setTimeout(() => void client.query('rollback'), 20_000);
  return async () => {
    clearTimeout(timer);
    await client.query('rollback').catch(() => undefined);
    await client.end();
  };
}

describe('a table locked by someone else (issue 52: lock and statement timeouts)', () => {
  it('sets the call timeouts on every connection of the API', async () => {
    const [settings] = (await t.database.executeSql("select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement"))
      .rows as { lock: string; statement: string }[];
    expect(settings).toEqual({ lock: `${WORK_TIMEOUTS.calls.lock_timeout / 1000}s`, statement: `${WORK_TIMEOUTS.calls.statement_timeout / 1000}s` });
  });

  it('answers the calls that need it 503 (try again) while the lock holds, and searches keep answering', async () => {
    const release = await lockTable('holds');
    let released = false;
    try {
      const holds = Array.from({ length: 12 }, () => call(t.app, holdsEndpoints.mine, {}, patron));
      const searches = Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'GET', url: '/svc/consulta?termo1=vidas', headers: { authorization: `Bearer ${anonymous}` } }),
      );
      const searched = await Promise.all(searches);
      // More searches than the API's pool has connections, all answered while twelve calls wait on the lock.
      expect(searched.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(searched[0]!.json().total).toBe(1);
      const answered = await Promise.all(holds);
      // Answered while the lock still holds: the lock timeout, not the lock's end, ended the wait.
      expect(released).toBe(false);
      expect(answered.map((r) => r.status)).toEqual(Array(12).fill(503));
      expect(answered[0]!.body).toMatchObject({ status: 503 });
    } finally {
      released = true;
      await release();
    }
    // The lock gone, the same call answers.
    expect((await call(t.app, holdsEndpoints.mine, {}, patron)).status).toBe(200);
  }, 60_000);
});
