// A PostgreSQL restart under load, as a library's operator would meet it (issue 17). Starts the
// real server (two API workers) on OUTAGE_DATABASE_URL, keeps a patron writing and reading,
// runs OUTAGE_STOP, waits OUTAGE_DOWN_MS, runs OUTAGE_START, and prints what callers saw:
// answers by status, refused connections, how long after the database the service was back,
// and acknowledged writes lost. Use a PostgreSQL cluster of its own (bench/README.md).
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const { OUTAGE_DATABASE_URL, OUTAGE_STOP, OUTAGE_START } = process.env;
if (!OUTAGE_DATABASE_URL || !OUTAGE_STOP || !OUTAGE_START) {
  console.error('usage: OUTAGE_DATABASE_URL=postgres://… OUTAGE_STOP="pg_ctl … stop" OUTAGE_START="pg_ctl … start -w" node bench/outage.mjs');
  process.exit(1);
}
const port = 8931;
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  DATABASE_URL: OUTAGE_DATABASE_URL,
  PORT: String(port),
  HOST: '127.0.0.1',
  API_WORKERS: '2',
  DEMO_TITLES: '200',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'estante-outage-')),
  WEB_DIST: '/nonexistent',
  LOG_LEVEL: 'error',
};
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
server.stdout.on('data', (c) => (out += c));
server.stderr.on('data', (c) => (out += c));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
while (!out.includes('all 2 API workers are ready')) {
  await sleep(200);
  if (server.exitCode !== null) {
    console.log(out);
    process.exit(1);
  }
}
const tok = await (
  await fetch(`${base}/svc/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'aluno', password: 'estante123' }),
  })
).json();
const auth = { authorization: `Bearer ${tok.access_token}`, 'content-type': 'application/json' };
const ids = Array.from({ length: 400 }, (_, i) => i + 1);
const log = [];
const acked = [];
let stop = false;
const t0 = Date.now();
async function writer() {
  for (const id of ids) {
    if (stop) break;
    const at = Date.now() - t0;
    try {
      const r = await fetch(`${base}/svc/acervo/cesta-permanente`, { method: 'POST', headers: auth, body: JSON.stringify({ acervos: [id] }) });
      log.push([at, r.status]);
      if (r.status === 200) acked.push(id);
      await r.arrayBuffer();
    } catch {
      log.push([at, 'refused']);
    }
    await sleep(25);
  }
}
async function reader() {
  while (!stop) {
    const at = Date.now() - t0;
    try {
      const r = await fetch(`${base}/svc/api/acervo/cesta-permanente/colecao`, { headers: auth });
      log.push([at, r.status]);
      await r.arrayBuffer();
    } catch {
      log.push([at, 'refused']);
    }
    await sleep(10);
  }
}
const work = [writer(), reader(), reader(), reader()];
await sleep(1500);
const down = Date.now() - t0;
execSync(OUTAGE_STOP);
await sleep(Number(process.env.OUTAGE_DOWN_MS ?? 4000));
execSync(OUTAGE_START);
const up = Date.now() - t0;
let healthy = null;
while (healthy === null) {
  const r = await fetch(`${base}/health`).catch(() => null);
  if (r?.status === 200) healthy = Date.now() - t0;
  else await sleep(100);
}
await sleep(1000);
stop = true;
await Promise.all(work);
const kept = new Set((await (await fetch(`${base}/svc/api/acervo/cesta-permanente/colecao`, { headers: auth })).json()).itens.map((i) => i.cod_acervo));
const counts = {};
for (const [, s] of log) counts[s] = (counts[s] ?? 0) + 1;
const e503 = log.filter(([, s]) => s === 503).map(([a]) => a);
console.log(
  JSON.stringify({
    dbDownAt: down,
    dbUpAt: up,
    healthyAt: healthy,
    backAfterDbMs: healthy - up,
    counts,
    first503: Math.min(...e503),
    last503: Math.max(...e503),
    acknowledged: acked.length,
    lost: acked.filter((i) => !kept.has(i)).length,
    serverAlive: server.exitCode === null,
    workerDeaths: (out.match(/API worker \d+ stopped/g) ?? []).length,
  }),
);
server.kill('SIGTERM');
