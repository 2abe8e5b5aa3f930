import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealServer, startRealServer } from '../../../test/server.js';
import { promtool, sample } from '../../../test/prometheus.js';
import { APPLICATION_NAME } from '../../db/client.js';
import { withAdmin } from '../../../test/database.js';

/**
 * Watching the real server (`main.ts`, two API workers over PostgreSQL; decision 0059): a scrape
 * that lands on one worker adds up the whole process set — both workers' requests and the primary's
 * search index — and passes promtool; readiness and /metrics through a worker while the database
 * is away, and back.
 */
const adminUrl = process.env.TEST_DATABASE_URL!;
const name = `estante_watch_${randomBytes(5).toString('hex')}`;
let server: RealServer;

/** A GET on a connection of its own (the cluster hands each new connection to the next worker in turn). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.base}${path}`, { agent: false, headers, timeout: 15_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${path} timed out`)));
    request.on('error', reject);
  });
}

/** The server's JSON log lines so far. */
const logLines = () =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  server = await startRealServer(url.toString(), { LOG_LEVEL: 'info' });
}, 150_000);

afterAll(async () => {
  await server?.stop();
  await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
});

describe('watching two API workers and their primary', () => {
  it('adds up every process in a scrape through one worker, and passes promtool', async () => {
    const live = (text: string) => sample(text, 'estante_http_requests_total', { method: 'GET', route: '/health/live', status: '200' }) ?? 0;
    const before = live((await get('/metrics')).body);
    const ids = Array.from({ length: 40 }, (_, i) => `vigia-${i}`);
    for (const id of ids) {
      const response = await get('/health/live', { 'x-request-id': id });
      expect(response.status).toBe(200);
      expect(response.headers['x-request-id']).toBe(id);
    }
    // Each request was logged once with its id, by whichever worker answered: both did.
    await expect.poll(() => logLines().filter((l) => ids.includes(l.reqId as string)).length, { timeout: 5000 }).toBe(40);
    const pids = new Set(logLines().flatMap((l) => (ids.includes(l.reqId as string) ? [l.pid] : [])));
    expect(pids.size).toBe(2);

    const scraped = await get('/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = scraped.body;
    const check = promtool(['check', 'metrics'], text);
    expect(check, check.output).toMatchObject({ status: 0 });
    // One scrape, one worker: every request of both workers is in it, and the primary's index.
    expect(sample(text, 'estante_metrics_processes')).toBe(3);
    expect(live(text) - before).toBe(40);
    expect(sample(text, 'estante_search_index_loaded', { index: 'catalogue' })).toBe(1);
    // The demo library's titles (its 60 generated ones and the hand-made ones).
    expect(sample(text, 'estante_search_index_titles', { index: 'catalogue' })).toBeGreaterThan(60);
    expect(sample(text, 'estante_search_index_version', { index: 'catalogue' })).toBe(sample(text, 'estante_search_catalogue_version', { index: 'catalogue' }));
    expect(sample(text, 'estante_database_up')).toBe(1);
    expect(sample(text, 'estante_database_migrations_pending')).toBe(0);
    // The pools of all three summed: the primary's (20 at two workers, for the index's reads) and each worker's (10).
    expect(sample(text, 'estante_database_pool_max', { pool: 'calls' })).toBeGreaterThan(20);
    // The process figures stay apart by role: the primary's event loop (where searches run) is not averaged away.
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds', { role: 'primary' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds', { role: 'worker' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes', { role: 'worker' })).toBeGreaterThan(
      sample(text, 'process_resident_memory_bytes', { role: 'primary' })! / 10,
    );
    // Every job counted once however many workers define it.
    expect(sample(text, 'estante_job_failures_total', { job_name: 'jobs.mail-log' })).toBe(0);

    const ready = await get('/health/ready');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready', search: 'loaded', database: 'up', migrations: 'applied', missing: [] });
  }, 60_000);

  it('says the database is away (readiness 503, /metrics still 200), then that it is back', async () => {
    await withAdmin(adminUrl, async (c) => {
      await c.query(`alter database ${name} allow_connections false`);
      await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2`, [name, APPLICATION_NAME]);
    });
    try {
      const ready = await get('/health/ready');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ status: 'unready', search: 'loaded', database: 'down', missing: ['database'] });
      expect((await get('/health/live')).status).toBe(200);
      const scraped = await get('/metrics');
      expect(scraped.status).toBe(200);
      expect(sample(scraped.body, 'estante_database_up')).toBe(0);
      expect(sample(scraped.body, 'estante_metrics_processes')).toBe(3);
      expect(promtool(['check', 'metrics'], scraped.body)).toMatchObject({ status: 0 });
    } finally {
      await withAdmin(adminUrl, (c) => c.query(`alter database ${name} allow_connections true`));
    }
    await server.waitFor('ready again', async () => (await get('/health/ready')).status === 200, 15_000);
    expect(sample((await get('/metrics')).body, 'estante_database_up')).toBe(1);
    expect(server.output()).not.toMatch(/API worker \d+ stopped|Unhandled|failed to start/);
  }, 60_000);
});
