import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrimaryAndReplica, primaryAndReplica } from '../test/clusters.js';
import { type RunningNginx, startNginx } from '../test/nginx.js';
import { type RealServer, startRealServer } from '../test/server.js';
import { DEMO_PASSWORD } from './seed/demo.js';
import { PRIMARY_COOKIE } from './plugins/read-your-writes.js';

/**
 * Several Estante nodes in production (issue 58, items 2 and 5): two nodes — separate processes
 * with separate DATA_DIRs, as separate machines would be — behind nginx (Debian's) upstreams,
 * writing to one PostgreSQL primary and reading from a streaming replica made by pg_basebackup.
 * Checked, each as a client sees it: a session signed in on one node works on the other; a title
 * imported through one node is found on every node within 5 s; a job runs once across nodes; a
 * node killed mid-load loses no acknowledged write and the proxy routes around it; a hold just
 * placed is never missing on the other node while the replica lags; a rolling restart of both
 * nodes behind the proxy fails no request.
 */
let set: PrimaryAndReplica;
const nodes: RealServer[] = [];
const dataDirs: string[] = [];
const ports: number[] = [];
let proxy: RunningNginx;

/**
 * Starts node `i` (again, on its own port and DATA_DIR), reading from the replica and believing
 * the proxy's forwarded headers. Its port taken meanwhile by another test's process, it takes
 * another: the upstream follows at the next reload.
 */
async function startNode(i: number): Promise<RealServer> {
  const env = { DATA_DIR: dataDirs[i]!, DATABASE_REPLICA_URL: set.replica.url(), TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' };
  let node: RealServer;
  try {
    node = await startRealServer(set.primary.url(), ports[i] ? { ...env, PORT: String(ports[i]) } : env, 1);
  } catch (error) {
    if (!ports[i] || !String(error).includes('EADDRINUSE')) throw error;
    node = await startRealServer(set.primary.url(), env, 1);
  }
  ports[i] = Number(new URL(node.base).port);
  nodes[i] = node;
  return node;
}

/** The upstream's nodes, those in `down` marked down (drained: no new request). */
const addresses = (down: number[]) => ports.map((port, i) => ({ address: `127.0.0.1:${port}`, extra: down.includes(i) ? 'down' : '' }));
/** Rewrites nginx's upstream and reloads it gracefully, as an operator drains a node. */
const drain = (down: number[]) => proxy.upstream(addresses(down));

const running = (node: RealServer) => node.process.exitCode === null && node.process.signalCode === null;

/** Stops a node as systemd would (SIGTERM: it finishes its requests) and waits for it to end. */
async function stopGracefully(node: RealServer): Promise<void> {
  if (!running(node)) return;
  const ended = new Promise((resolve) => node.process.once('exit', resolve));
  node.process.kill('SIGTERM');
  await ended;
}

beforeAll(async () => {
  set = await primaryAndReplica('estante-nodes');
  for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(`/tmp/estante-node-${i}-`));
  // Both nodes start at once on the empty primary: one migrates and seeds, the other waits for it
  // (the startup lock) and finds the work done.
  await Promise.all([startNode(0), startNode(1)]);
  proxy = await startNginx({ nodes: addresses([]) });
}, 240_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(nodes.map((node) => node?.stop()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  set?.remove();
}, 60_000);

const json = { 'content-type': 'application/json' };
type Json = Record<string, unknown>;

/**
 * A call to `base` (a node over HTTP, or nginx over HTTPS with its self-signed certificate), under
 * the API's base path, on a connection of its own; answered as fetch answers.
 */
function call(base: string, pathAndQuery: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const url = `${base}/svc${pathAndQuery}`;
    const options = { method: init.method ?? 'GET', headers: init.headers ?? {}, agent: false as const, timeout: 20_000 };
    const answered = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        resolve(new Response(response.statusCode === 204 ? null : Buffer.concat(chunks), { status: response.statusCode!, headers }));
      });
    };
    const request = url.startsWith('https:') ? https.request(url, { ...options, ca: proxy.cert }, answered) : http.request(url, options, answered);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * One request, its outcome however it ends. Each is on a connection of its own: nginx's graceful
 * reload closes its idle keep-alive connections to clients, and a request a client sends on one at
 * that very moment meets a closed connection before any answer — a browser sends it again by
 * itself (it never reached a server); a connection per request shows what the proxy and the nodes
 * did with each request, which is what is checked here.
 */
async function once(method: string, pathAndQuery: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  try {
    const response = await call(proxy.https, pathAndQuery, { method, headers: { ...headers, ...(body ? json : {}) }, ...(body ? { body } : {}) });
    return { status: response.status, body: (await response.text()).slice(0, 200) };
  } catch (error) {
    return { status: 0, body: `${(error as NodeJS.ErrnoException).code ?? ''} ${(error as Error).message}` };
  }
}

async function signIn(base: string, username?: string): Promise<{ access: string; refresh?: string }> {
  const response = await call(base, '/oauth/token', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      client_id: 'estante-web',
      client_secret: 'estante-public',
      ...(username ? { grant_type: 'password', username, password: DEMO_PASSWORD } : { grant_type: 'client_credentials' }),
    }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string; refresh_token?: string };
  return { access: `Bearer ${body.access_token}`, ...(body.refresh_token ? { refresh: body.refresh_token } : {}) };
}

const waitFor = (what: string, ok: () => boolean | Promise<boolean>, ms: number) => nodes[0]!.waitFor(what, ok, ms);

describe('two nodes behind nginx on a primary and a streaming replica', () => {
  it('a session signed in on one node works on the other', async () => {
    const [a, b] = nodes.map((n) => n.base) as [string, string];
    const patron = await signIn(a, 'aluno');
    const onB = await call(b, '/api/reserva', { headers: { authorization: patron.access } });
    expect(onB.status).toBe(200);
    // The refresh token made on A is rotated on B.
    const refreshed = await call(b, '/oauth/token', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ grant_type: 'refresh_token', client_id: 'estante-web', client_secret: 'estante-public', refresh_token: patron.refresh }),
    });
    expect(refreshed.status).toBe(200);
    const rotated = ((await refreshed.json()) as { access_token: string }).access_token;
    expect((await call(a, '/api/reserva', { headers: { authorization: `Bearer ${rotated}` } })).status).toBe(200);
  });

  it('a title imported through one node is found on every node within 5 s', async () => {
    const [a, b] = nodes.map((n) => n.base) as [string, string];
    const cataloguer = await signIn(a, 'catalogacao');
    const record = `<?xml version="1.0" encoding="UTF-8"?>
<collection xmlns="http://www.loc.gov/MARC21/slim"><record>
  <leader>00000nam a2200000 a 4500</leader>
  <controlfield tag="001">nodes-1</controlfield>
  <controlfield tag="008">200101s2024    bl            000 0 por d</controlfield>
  <datafield tag="100" ind1="1" ind2=" "><subfield code="a">Quintela, Marta</subfield></datafield>
  <datafield tag="245" ind1="1" ind2="0"><subfield code="a">Xylofonia dos nós replicados</subfield></datafield>
</record></collection>`;
    const upload = await call(a, '/api/equipe/catalogacao/importacoes?arquivo=nodes.xml', {
      method: 'POST',
      headers: { authorization: cataloguer.access, 'content-type': 'application/octet-stream' },
      body: record,
    });
    expect(upload.status).toBe(202);
    await waitFor(
      'the import to finish',
      async () =>
        ((await (await call(a, '/api/equipe/catalogacao/importacoes/ultima', { headers: { authorization: cataloguer.access } })).json()) as Json).estado ===
        'concluida',
      30_000,
    );
    const anonymous = (await signIn(b)).access;
    const found = async (base: string) =>
      ((await (await call(base, '/consulta?termo1=xylofonia', { headers: { authorization: anonymous } })).json()) as { acervos: unknown[] }).acervos.length ===
      1;
    // Within 5 s of the import's end, on the node that imported it and on the other (reading the replica).
    await Promise.all([waitFor('the title on node A', () => found(a), 5_000), waitFor('the title on node B', () => found(b), 5_000)]);
    expect(await found(proxy.https)).toBe(true);
  });

  it('a job asked to run once through the proxy runs once, though both nodes work jobs', async () => {
    const admin = await signIn(proxy.https, 'funcionario');
    const jobs = (await (await call(proxy.https, '/api/equipe/tarefas', { headers: { authorization: admin.access } })).json()) as { nome: string }[];
    const job = jobs[0]!.nome;
    const runs = async () =>
      ((await (await call(proxy.https, `/api/equipe/tarefas/${job}/execucoes`, { headers: { authorization: admin.access } })).json()) as Json[]).length;
    const before = await runs();
    const asked = await call(proxy.https, `/api/equipe/tarefas/${job}/execucoes`, { method: 'POST', headers: { authorization: admin.access } });
    expect(asked.status).toBe(202);
    await waitFor('the run', async () => (await runs()) === before + 1, 30_000);
    // Both nodes poll for work every 2 s: give them time to run it again if they were going to.
    await sleep(5_000);
    expect(await runs()).toBe(before + 1);
    // The catch-up run each node queues at start was queued once for the day, not once per node.
    const catchUps = await set.primary.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from (select name, singleton_key from pgboss.job union all select name, singleton_key from pgboss.archive) runs
       where singleton_key like 'catch-up:%' group by name, singleton_key`,
    );
    expect(catchUps.length).toBeGreaterThan(0);
    expect(catchUps.filter((c) => c.n !== 1)).toEqual([]);
  });

  it('a hold just placed through one node is there on the other while the replica lags', async () => {
    const [a, b] = nodes.map((n) => n.base) as [string, string];
    const patron = await signIn(a, 'professor');
    // A title some library holds but cannot lend now (its copies there are all out).
    const ids = await set.primary.query<{ id: number }>('select cod_acervo as id from titles order by cod_acervo limit 80');
    let target: { cod_acervo: number; biblioteca: number } | undefined;
    for (const { id } of ids) {
      const info = (await (await call(a, `/reserva/${id}/informacoes-iniciais`, { headers: { authorization: patron.access } })).json()) as {
        bibliotecas?: { cod_biblioteca: number; exemplares: number; disponiveis: number }[];
      };
      const library = info.bibliotecas?.find((l) => l.exemplares > 0 && l.disponiveis === 0);
      if (library) {
        target = { cod_acervo: id, biblioteca: library.cod_biblioteca };
        break;
      }
    }
    expect(target).toBeDefined();
    // The title's queue as the browser reads it on node B (with the cookie a write sets, if any).
    const queue = async (headers: Record<string, string>) =>
      (
        (await (await call(b, `/reserva/${target!.cod_acervo}/informacoes-iniciais`, { headers: { authorization: patron.access, ...headers } })).json()) as {
          bibliotecas: { cod_biblioteca: number; fila: number }[];
        }
      ).bibliotecas.find((l) => l.cod_biblioteca === target!.biblioteca)!.fila;
    const before = await queue({});
    // The replica stops replaying: whatever reads it now reads the past.
    await set.replica.query('select pg_wal_replay_pause()');
    try {
      const placed = await call(a, '/reserva', { method: 'POST', headers: { ...json, authorization: patron.access }, body: JSON.stringify(target) });
      expect(placed.status).toBe(200);
      const { cod_reserva } = (await placed.json()) as { cod_reserva: number };
      const cookie = placed.headers.get('set-cookie')!.split(';')[0]!;
      expect(cookie).toBe(`${PRIMARY_COOKIE}=1`);
      // On the other node: the patron's holds, and the title's queue, with the hold in them.
      const holds = (await (await call(b, '/api/reserva', { headers: { authorization: patron.access, cookie } })).json()) as { cod_reserva: number }[];
      expect(holds.map((h) => h.cod_reserva)).toContain(cod_reserva);
      expect(await queue({ cookie })).toBe(before + 1);
    } finally {
      await set.replica.query('select pg_wal_replay_resume()');
    }
  });

  it('a node killed mid-load loses no acknowledged write, and the proxy routes around it', async () => {
    const patrons = ['aluno', 'professor'];
    const tokens = await Promise.all(patrons.map((p) => signIn(proxy.https, p)));
    const ids = (await set.primary.query<{ id: number }>('select cod_acervo as id from titles order by cod_acervo limit 60')).map((r) => r.id);
    const acknowledged: Set<number>[] = patrons.map(() => new Set());
    let killedAt = 0;
    const lateFailures: string[] = [];
    await Promise.all(
      tokens.map(async (token, p) => {
        for (const [n, id] of ids.entries()) {
          if (p === 0 && n === 15) {
            nodes[0]!.process.kill('SIGKILL');
            killedAt = Date.now();
          }
          const started = Date.now();
          const response = await call(proxy.https, '/api/acervo/cesta-permanente', {
            method: 'PUT',
            headers: { ...json, authorization: token.access },
            body: JSON.stringify({ acervo: id }),
          }).catch((error: unknown) => error as Error);
          if (response instanceof Response && response.status === 200) acknowledged[p]!.add(id);
          // A request sent a moment after the kill finds the other node: nginx routes around the dead one.
          else if (killedAt && started > killedAt + 1_000) lateFailures.push(`${id}: ${response instanceof Response ? response.status : response.message}`);
        }
      }),
    );
    expect(lateFailures).toEqual([]);
    expect(acknowledged.map((s) => s.size).reduce((a, b) => a + b)).toBeGreaterThan(100);
    for (const [p, token] of tokens.entries()) {
      const basket = (await (
        await call(proxy.https, '/api/acervo/cesta-permanente/colecao?tipoBusca=todos', { headers: { authorization: token.access } })
      ).json()) as {
        itens: { cod_acervo: number }[];
      };
      const kept = new Set(basket.itens.map((i) => i.cod_acervo));
      expect([...acknowledged[p]!].filter((id) => !kept.has(id))).toEqual([]);
    }
    await nodes[0]!.stop();
  });

  it('both nodes restarted one after the other behind the proxy: no request fails', async () => {
    // Node A is back. Then each node in turn is drained, stopped, the new release's expand step
    // applied (at the first), and started again, while four clients search and write throughout.
    if (!running(nodes[0]!)) await startNode(0);
    await drain([]);
    const anonymous = (await signIn(proxy.https)).access;
    const patron = await signIn(proxy.https, 'aluno');
    const [{ id }] = (await set.primary.query<{ id: number }>('select min(cod_acervo)::int as id from titles')) as [{ id: number }];
    const failures: string[] = [];
    let served = 0;
    let going = true;
    const load = async (k: number) => {
      while (going) {
        const write = k === 0;
        const outcome = await once(
          write ? 'PUT' : 'GET',
          write ? '/api/acervo/cesta-permanente' : '/consulta?termo1=historia',
          { authorization: write ? patron.access : anonymous },
          write ? JSON.stringify({ acervo: id }) : undefined,
        );
        if (outcome.status === 200) served++;
        else failures.push(`${write ? 'PUT' : 'GET'} ${outcome.status} ${outcome.body}`);
      }
    };
    const clients = Array.from({ length: 4 }, (_, k) => load(k));
    for (const i of [0, 1]) {
      // Drain: the node leaves the upstream (nginx reloads gracefully), then stops as systemd stops it.
      await drain([i]);
      await stopGracefully(nodes[i]!);
      await nodes[i]!.stop();
      // The new release's expand step (docs/operations/upgrades.md) runs while the old node still
      // serves: a new nullable column and an index built without blocking writes.
      if (i === 0) {
        await set.primary.query('alter table titles add column upgrade_probe text');
        await set.primary.query('create index concurrently titles_upgrade_probe on titles (upgrade_probe)');
      }
      await startNode(i);
      await drain([]);
    }
    going = false;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(50);
  }, 180_000);
});
