import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTitles } from '../../test/factories.js';
import { type PrimaryAndReplica, primaryAndReplica } from '../../test/clusters.js';
import { type RealServer, startRealServer } from '../../test/server.js';
import { DEMO_PASSWORD } from '../seed/demo.js';
import { PRIMARY_COOKIE } from '../plugins/read-your-writes.js';
import { type Database, openDatabase } from './client.js';

/**
 * Reads on PostgreSQL's own streaming replication (issue 25, decision 0038), met by the real
 * server (`main.ts`, two API workers). The test makes a primary cluster of its own (initdb, on a
 * port of its own, replication allowed from 127.0.0.1) and a hot standby of it with
 * `pg_basebackup -R`, then shows: searches and title pages answered by the replica (even with the
 * primary stopped), writes on the primary, a catalogue change reaching the replica's searches when
 * the replica replays it (and not before), a patron's reads right after a write on the primary,
 * and a replica that goes away sending reads back to the primary with no error.
 */
let set: PrimaryAndReplica;
let server: RealServer;
let base = '';

const waitFor = (what: string, ok: () => boolean | Promise<boolean>, ms: number) => server.waitFor(what, ok, ms);

beforeAll(async () => {
  set = await primaryAndReplica('estante-replica');
  server = await startRealServer(set.primary.url(), { DATABASE_REPLICA_URL: set.replica.url() });
  base = server.base;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  set?.remove();
}, 60_000);

const call = (pathAndQuery: string, init: RequestInit = {}) => fetch(`${base}/svc${pathAndQuery}`, { ...init, signal: AbortSignal.timeout(10_000) });
const health = async () =>
  (await (await fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) })).json()) as { replicas?: { total: number; reading: number } };

async function token(body: Record<string, string>): Promise<string> {
  const response = await call('/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'estante-web', client_secret: 'estante-public', ...body }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function titlesFound(word: string, authorization: string, cookie?: string): Promise<string[]> {
  const response = await call(`/consulta?termo1=${word}`, { headers: { authorization, ...(cookie ? { cookie } : {}) } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { acervos: { titulo: string }[] }).acervos.map((a) => a.titulo);
}

describe('PostgreSQL read replicas (DATABASE_REPLICA_URL)', () => {
  it('reads from the replica, writes on the primary, and falls back to the primary when the replica goes away', async () => {
    const anonymous = `Bearer ${await token({ grant_type: 'client_credentials' })}`;
    // The demo library, seeded on the primary, reaches the replica; the workers read it there.
    await waitFor(
      'the replica to hold the demo titles',
      async () => (await set.replica.query<{ n: number }>('select count(*)::int as n from titles'))[0]!.n >= 40,
      30_000,
    );
    await waitFor('the replica to be read', async () => (await health()).replicas?.reading === 1, 10_000);
    expect((await health()).replicas).toEqual({ total: 1, reading: 1 });
    const [sample] = await set.replica.query<{ id: number; title: string }>('select cod_acervo as id, title from titles order by cod_acervo limit 1');
    const word = sample!.title.split(/\s+/).find((w) => /^\p{L}{5,}$/u.test(w))!;
    await waitFor('the sample title in the searches', async () => (await titlesFound(word, anonymous)).includes(sample!.title), 30_000);

    // With the primary stopped, the catalogue is still read (from the replica), and a write is
    // refused for now (503: writes go to the primary only).
    set.primary.stop();
    try {
      const record = await call(`/acervo/${sample!.id}`, { headers: { authorization: anonymous } });
      expect(record.status).toBe(200);
      expect(await titlesFound(word, anonymous)).toContain(sample!.title);
      const signIn = await call('/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'aluno', password: DEMO_PASSWORD }),
      });
      expect(signIn.status).toBe(503);
    } finally {
      set.primary.start();
    }
    await waitFor('the primary back', async () => (await fetch(`${base}/health`)).status === 200, 10_000);

    // A patron's write lands on the primary and says, with a cookie, to read from the primary for a while.
    const patron = `Bearer ${await token({ grant_type: 'password', username: 'aluno', password: DEMO_PASSWORD })}`;
    const kept = await call('/acervo/cesta-permanente', {
      method: 'POST',
      headers: { authorization: patron, 'content-type': 'application/json' },
      body: JSON.stringify({ acervos: [sample!.id] }),
    });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('set-cookie')).toMatch(new RegExp(`^${PRIMARY_COOKIE}=1; Max-Age=\\d+;`));
    expect((await set.primary.query<{ n: number }>('select count(*)::int as n from permanent_basket where cod_acervo = $1', [sample!.id]))[0]!.n).toBe(1);

    // A catalogue change made while the replica has paused its replay is not in the searches
    // (they read the replica) nor on its title page, except for a browser just back from a write
    // (its reads go to the primary); once the replica replays it, every search finds it.
    await set.replica.query('select pg_wal_replay_pause()');
    const primary: Database = await openDatabase({ kind: 'postgres', url: set.primary.url() });
    let added: Record<string, number>;
    try {
      added = await createTitles(primary.db, [{ id: 'replica-1', title: 'Zorblaxian replication studies', author: 'Quarrington, Tess', year: 2026 }]);
    } finally {
      await primary.close();
    }
    const addedId = added['replica-1']!;
    await sleep(1500);
    expect(await titlesFound('zorblaxian', anonymous)).toEqual([]);
    expect((await call(`/acervo/${addedId}`, { headers: { authorization: anonymous } })).status).toBe(404);
    const sticky = `${PRIMARY_COOKIE}=1`;
    expect((await call(`/acervo/${addedId}`, { headers: { authorization: anonymous, cookie: sticky } })).status).toBe(200);
    await set.replica.query('select pg_wal_replay_resume()');
    await waitFor('the new title in the replica’s searches', async () => (await titlesFound('zorblaxian', anonymous)).length === 1, 20_000);
    expect((await call(`/acervo/${addedId}`, { headers: { authorization: anonymous } })).status).toBe(200);

    // The replica goes away: every read is answered (by the primary), none fails.
    set.replica.stop('immediate');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2
          ? call(`/acervo/${sample!.id}`, { headers: { authorization: anonymous } })
          : call(`/consulta?termo1=${word}`, { headers: { authorization: anonymous } })
        ).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
    // And what only the primary has is found: reads are the primary's now.
    const again: Database = await openDatabase({ kind: 'postgres', url: set.primary.url() });
    let later: Record<string, number>;
    try {
      later = await createTitles(again.db, [{ id: 'replica-2', title: 'Quixotic failover notes', author: 'Quarrington, Tess', year: 2026 }]);
    } finally {
      await again.close();
    }
    expect((await call(`/acervo/${later['replica-2']!}`, { headers: { authorization: anonymous } })).status).toBe(200);
    await waitFor('the title added after the replica went away', async () => (await titlesFound('quixotic', anonymous)).length === 1, 20_000);
    await waitFor('health to count no replica read', async () => (await health()).replicas?.reading === 0, 10_000);

    // Back again, it is read again.
    set.replica.start();
    await waitFor('the replica read again', async () => (await health()).replicas?.reading === 1, 20_000);
    expect(server.output()).not.toMatch(/API worker \d+ stopped|Unhandled|failed to start/);
    expect(server.process.exitCode).toBeNull();
  }, 180_000);
});
