import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deskEndpoints } from '@estante/contracts/circulation';
import { operationsEndpoints as ops } from '@estante/contracts/jobs';
import { endpointUrl } from '@estante/contracts/kernel';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { queryRows } from '../../db/client.js';
import { patronToken, publicToken } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { createInstitution, createPatron, createTitles, grantStaffRoles } from '../../../test/factories.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { OPS_PROMETHEUS, promtool, sample, samples } from '../../../test/prometheus.js';

/**
 * Watching the server (decision 0059): liveness and readiness, the Prometheus scrape after real
 * traffic (checked by Debian's promtool, its counters moving by what was done), and the request id
 * from the proxy's header to the answer, the request's log line, the mail it sent and the job it
 * queued.
 */
let database: TestDatabase;
let mail: TestMailSink;
let app: FastifyInstance;
/** Every line the app logged, parsed. */
const lines: Record<string, unknown>[] = [];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let gestora = '';
let anaId = 0;

/** The app over `db`, logging into `into`. */
async function appOver(db: TestDatabase, env: Record<string, string> = {}, into: Record<string, unknown>[] = []) {
  const built = await buildApp({
    config: loadConfig({ SEED_DEMO: 'false', WEB_DIST: '/nonexistent', ...env }),
    database: db,
    logger: { level: 'info', stream: { write: (line: string) => void into.push(JSON.parse(line) as Record<string, unknown>) } },
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startTestMailSink();
  app = await appOver(database, { SMTP_URL: mail.url }, lines);
  await createInstitution(database.db);
  await createPatron(database.db, { login: 'gestora', nome: 'Gestora Teste', password: 'senha-gestora-1' });
  await grantStaffRoles(database.db, 'gestora', ['administracao', 'circulacao']);
  anaId = (await createPatron(database.db, { login: 'ana', nome: 'Ana Teste', password: 'senha-ana-1', email: 'ana@example.org' })).codPessoa;
  gestora = await patronToken(app, 'gestora', 'senha-gestora-1');
});
afterAll(async () => {
  await app?.scheduler.stop();
  await app?.close();
  await database?.dispose();
  await mail?.close();
});

const scrape = async (on: FastifyInstance = app) => {
  const response = await on.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
};
const requests = (text: string, route: string, status: number) =>
  sample(text, 'estante_http_requests_total', { method: 'GET', route, status: String(status) }) ?? 0;

describe('GET /health/live and /health/ready', () => {
  it('answers liveness without asking anything', async () => {
    const live = await app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });

  it('is 503 until the search index is loaded (asking starts it), then 200', async () => {
    const first = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(first.statusCode).toBe(503);
    expect(first.json()).toEqual({ status: 'unready', search: 'loading', database: 'up', migrations: 'applied', missing: ['search'] });
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/health/ready' })).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).json()).toEqual({
      status: 'ready',
      search: 'loaded',
      database: 'up',
      migrations: 'applied',
      missing: [],
    });
  });

  it('is 503 while a migration this build carries is not applied', async () => {
    const [last] = await queryRows<{ hash: string; created_at: string }>(
      database.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    try {
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unready', database: 'up', migrations: 'pending', missing: ['migrations'] });
      expect(sample(await scrape(), 'estante_database_migrations_pending')).toBe(1);
    } finally {
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last!.hash}, ${last!.created_at})`);
    }
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    expect(sample(await scrape(), 'estante_database_migrations_pending')).toBe(0);
  });

  it('is 503 naming the database while it is away, and /metrics still answers', async () => {
    const other = await createTestDatabase();
    const otherApp = await appOver(other);
    try {
      await expect.poll(async () => (await otherApp.inject({ method: 'GET', url: '/health/ready' })).statusCode, { timeout: 20_000 }).toBe(200);
      await other.close();
      const ready = await otherApp.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unready', search: 'loaded', database: 'down', migrations: 'unknown', missing: ['database'] });
      expect((await otherApp.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      const text = await scrape(otherApp);
      expect(sample(text, 'estante_database_up')).toBe(0);
      // What is known without the database is still there; what needs it is left out.
      expect(sample(text, 'estante_search_index_loaded', { index: 'catalogue' })).toBe(1);
      expect(sample(text, 'estante_search_catalogue_version', { index: 'catalogue' })).toBeUndefined();
      expect(sample(text, 'estante_database_migrations_pending')).toBeUndefined();
      expect(promtool(['check', 'metrics'], text)).toMatchObject({ status: 0 });
    } finally {
      await otherApp.close();
      await other.dispose();
    }
    // The scrape describes this file's app again (the other one is closed).
    expect(sample(await scrape(), 'estante_database_up')).toBe(1);
  });
});

describe('GET /metrics', () => {
  it('after traffic, passes promtool check metrics and counts each route by its pattern and status', async () => {
    const before = await scrape();
    const token = await publicToken(app);
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/health/live' });
    for (let i = 0; i < 2; i++) {
      const ok = await app.inject({ method: 'GET', url: `/svc/parametros/atividade/${i + 1}`, headers: { authorization: `Bearer ${token}` } });
      expect([200, 404]).toContain(ok.statusCode);
    }
    expect((await app.inject({ method: 'GET', url: '/svc/nao/existe' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/svc/outra/coisa/que/nao/existe' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/svc/parametros/instituicao', headers: { 'x-idioma': '7' } })).statusCode).toBe(400);
    const after = await scrape();

    const check = promtool(['check', 'metrics'], after);
    expect(check, check.output).toMatchObject({ status: 0 });
    expect(requests(after, '/health/live', 200) - requests(before, '/health/live', 200)).toBe(3);
    const titles = (text: string) => sample(text, 'estante_http_requests_total', { route: '/svc/parametros/atividade/:id' }) ?? 0;
    expect(titles(after) - titles(before)).toBe(2);
    expect(requests(after, 'unmatched', 404) - requests(before, 'unmatched', 404)).toBe(2);
    expect(requests(after, '/svc/parametros/instituicao', 400) - requests(before, '/svc/parametros/instituicao', 400)).toBe(1);
    // The latency histogram counts the same requests.
    const histogram = (text: string) =>
      sample(text, 'estante_http_request_duration_seconds_count', { method: 'GET', route: '/health/live', status: '200' }) ?? 0;
    expect(histogram(after) - histogram(before)).toBe(3);
    // Routes are patterns, never URLs: no label carries a title's number or an unknown path.
    const routes = new Set(samples(after).flatMap((s) => (s.labels.route ? [s.labels.route] : [])));
    expect([...routes].filter((r) => /\/\d+|nao\/existe/.test(r))).toEqual([]);

    // The rest of what is promised is there.
    expect(sample(after, 'estante_database_up')).toBe(1);
    expect(sample(after, 'estante_database_migrations_pending')).toBe(0);
    expect(sample(after, 'estante_search_index_loaded', { index: 'catalogue' })).toBe(1);
    expect(sample(after, 'estante_search_index_version', { index: 'catalogue' })).toBe(
      sample(after, 'estante_search_catalogue_version', { index: 'catalogue' }),
    );
    expect(sample(after, 'estante_search_index_titles', { index: 'catalogue' })).toBe(0);
    expect(sample(after, 'estante_search_index_age_seconds', { index: 'catalogue' })).toBeGreaterThanOrEqual(0);
    // The first snapshot is read whole; none patched yet (search.patch.ts, issue 59).
    expect(sample(after, 'estante_search_index_full_reads', { index: 'catalogue' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'estante_search_index_patches', { index: 'catalogue' })).toBe(0);
    expect(sample(after, 'estante_metrics_processes')).toBe(1);
    expect(sample(after, 'nodejs_eventloop_lag_p99_seconds', { role: 'primary' })).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'process_resident_memory_bytes', { role: 'primary' })).toBeGreaterThan(0);
    expect(sample(after, 'estante_job_failures_total', { job_name: 'jobs.mail-log' })).toBe(0);
    if (database.kind === 'postgres') {
      expect(sample(after, 'estante_database_pool_max', { pool: 'calls' })).toBe(10);
      expect(sample(after, 'estante_database_pool_connections', { pool: 'calls' })).toBeGreaterThan(0);
      expect(sample(after, 'estante_database_pool_waiting', { pool: 'calls' })).toBe(0);
    } else {
      // The embedded database has one connection and no pool.
      expect(sample(after, 'estante_database_pool_connections')).toBeUndefined();
    }
  });

  it('shows an index nobody searches following the catalogue (a scrape starts its next snapshot)', async () => {
    const version = (text: string, name: string) => sample(text, name, { index: 'catalogue' });
    const before = await scrape();
    expect(version(before, 'estante_search_index_version')).toBe(version(before, 'estante_search_catalogue_version'));
    await createTitles(database.db, [{ id: 'v1', title: 'Vidas secas', author: 'Ramos, Graciliano', year: 1938 }]);
    await expect
      .poll(async () => {
        const text = await scrape();
        return [version(text, 'estante_search_index_version'), version(text, 'estante_search_index_titles')];
      })
      .toEqual([expect.any(Number), 1]);
    const after = await scrape();
    expect(version(after, 'estante_search_catalogue_version')).toBeGreaterThan(version(before, 'estante_search_catalogue_version')!);
    expect(version(after, 'estante_search_index_version')).toBe(version(after, 'estante_search_catalogue_version'));
    // Followed by patching its snapshot with the one title the change log names, not by reading the catalogue again.
    expect(version(after, 'estante_search_index_patches')).toBeGreaterThan(version(before, 'estante_search_index_patches')!);
    expect(version(after, 'estante_search_index_full_reads')).toBe(version(before, 'estante_search_index_full_reads'));
    expect(version(after, 'estante_search_index_patch_seconds')).toBeGreaterThan(0);
  });

  it('exports every metric the example alert rules use', async () => {
    const rules = readFileSync(path.join(OPS_PROMETHEUS, 'estante-alerts.yml'), 'utf8');
    const used = new Set([...rules.matchAll(/\b((?:estante|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1]!));
    expect(used.size).toBeGreaterThan(5);
    const exported = new Set([...(await scrape()).matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]!));
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('asks for METRICS_TOKEN when one is set', async () => {
    const other = await appOver(database, { METRICS_TOKEN: 'segredo-das-metricas-1' });
    try {
      expect((await other.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await other.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer outro-segredo-qualquer' } })).statusCode).toBe(401);
      const allowed = await other.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer segredo-das-metricas-1' } });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    } finally {
      await other.close();
    }
  });
});

describe('the request id', () => {
  const logged = (reqId: string) => lines.filter((l) => l.reqId === reqId);

  it('keeps a well-formed X-Request-Id, sends it back, and logs the request once with it', async () => {
    const id = 'f3b2c1d0e9a8b7c6d5e4f3a2b1c0d9e8';
    const response = await app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
    expect(logged(id)).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        route: '/health/live',
        req: expect.objectContaining({ url: '/health/live' }),
        res: { statusCode: 200 },
      }),
    ]);
  });

  it('replaces one that is not (too long, or with characters a log line should not carry) with a new one', async () => {
    for (const bad of ['x'.repeat(129), 'a b', '"><script>', 'id\u00e9']) {
      const response = await app.inject({ method: 'GET', url: '/svc/nao/existe', headers: { 'x-request-id': bad } });
      const given = response.headers['x-request-id'] as string;
      expect(given).toMatch(UUID);
      expect(logged(given)).toHaveLength(1);
      expect(lines.some((l) => l.reqId === bad)).toBe(false);
    }
    const none = await app.inject({ method: 'GET', url: '/health/live' });
    expect(none.headers['x-request-id']).toMatch(UUID);
  });

  it('is in the log line of the mail a request sent, and the mail is counted', async () => {
    const before = sample(await scrape(), 'estante_mail_messages_total', { outcome: 'sent' })!;
    const id = 'recibo-ana-1';
    const receipt = await app.inject({
      method: 'POST',
      url: `/svc${endpointUrl(deskEndpoints.receipt, { params: { codPessoa: String(anaId) } })}`,
      headers: { authorization: `Bearer ${gestora}`, 'x-request-id': id },
      payload: {},
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['x-request-id']).toBe(id);
    await expect.poll(() => logged(id).find((l) => l.msg === 'mail sent'), { timeout: 10_000 }).toBeDefined();
    const line = logged(id).find((l) => l.msg === 'mail sent')!;
    expect(line.mail).toEqual({ logId: expect.any(Number), recipients: 1 });
    // The same number as the mail log's row, and the address only there.
    const [row] = await queryRows<{ para: string[] }>(database.db, sql`select para from mail_log where id = ${(line.mail as { logId: number }).logId}`);
    expect(row?.para).toEqual(['ana@example.org']);
    expect(JSON.stringify(line)).not.toContain('ana@example.org');
    expect(sample(await scrape(), 'estante_mail_messages_total', { outcome: 'sent' })).toBe(before + 1);
  });

  it('is carried by a job a request queued, into the job’s log line; the run is counted', async () => {
    const before = await scrape();
    await app.scheduler.start({ pollingSeconds: 0.5, catchUp: false });
    const id = 'executar-agora-1';
    const asked = await app.inject({
      method: 'POST',
      url: `/svc${endpointUrl(ops.runNow, { params: { nome: 'jobs.mail-log' } })}`,
      headers: { authorization: `Bearer ${gestora}`, 'x-request-id': id },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await expect.poll(() => logged(id).find((l) => l.msg === 'job completed'), { timeout: 30_000 }).toBeDefined();
    expect(logged(id).find((l) => l.msg === 'job completed')).toMatchObject({
      job: 'jobs.mail-log',
      jobId: expect.any(String),
      output: '0 message(s) older than 90 days removed from the mail log',
    });
    const after = await scrape();
    const runs = (text: string) => sample(text, 'estante_job_runs_total', { job_name: 'jobs.mail-log' })!;
    expect(runs(after) - runs(before)).toBe(1);
    expect(sample(after, 'estante_job_failures_total', { job_name: 'jobs.mail-log' })).toBe(0);
    const timed = (text: string) => sample(text, 'estante_job_duration_seconds_count', { job_name: 'jobs.mail-log' }) ?? 0;
    expect(timed(after) - timed(before)).toBe(1);
    expect(promtool(['check', 'metrics'], after)).toMatchObject({ status: 0 });
  });
});
