/**
 * `npm run bench:desk -- [--loans 200] [--searchers 4]` (issue 53): how fast the desk lends and
 * takes back while the catalogue serves its normal search load. The server starts on a fresh
 * DATA_DIR with the demo library (`npm start`'s way); N clients search, one request after
 * another (20 ms apart); the desk (the demo's staff member) lends demo copies one after another
 * to the demo professor (a reason given, so no limit stops the run) and takes each back at once.
 * Prints p50/p95/max of check-outs, check-ins and searches, and the server's CPU time.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { calibrate, formatCalibration } from './calibrate.js';

const { values } = parseArgs({
  options: { loans: { type: 'string', default: '200' }, searchers: { type: 'string', default: '4' }, port: { type: 'string', default: '18433' } },
});
const loans = Number(values.loans);
const port = Number(values.port);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'estante-bench-desk-'));
const site = `http://127.0.0.1:${port}`;

// The machine's speed before the server starts (issue 59): figures from two machines compare by it.
console.log(formatCalibration(await calibrate(), 'before the run'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
  return `n=${sorted.length} p50=${at(0.5)} ms p95=${at(0.95)} ms max=${sorted.at(-1)!.toFixed(0)} ms`;
};
try {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('the server did not start');
    if (
      await fetch(`${site}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(500);
  }
  const grant = async (body: Record<string, string>) =>
    (
      (await (
        await fetch(`${site}/svc/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ client_id: 'estante-web', client_secret: 'estante-public', ...body }),
        })
      ).json()) as { access_token: string }
    ).access_token;
  const staff = await grant({ grant_type: 'password', username: 'funcionario', password: 'estante123' });
  const anonymous = await grant({ grant_type: 'client_credentials' });
  const desk = async (url: string, body: object) => {
    const started = performance.now();
    const response = await fetch(`${site}/svc${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return { status: response.status, took: performance.now() - started };
  };
  const WORDS = ['historia', 'brasil', 'educacao', 'poesia', 'ciencia', 'direito', 'musica', 'saude'];
  const searches: number[] = [];
  let running = true;
  const searcher = async (n: number) => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const response = await fetch(`${site}/svc/consulta?termo1=${WORDS[(i + n) % WORDS.length]}&pagina=${1 + (i % 3)}`, {
        headers: { authorization: `Bearer ${anonymous}` },
      });
      await response.arrayBuffer();
      searches.push(performance.now() - started);
      await sleep(20);
    }
  };
  const clients = Array.from({ length: Number(values.searchers) }, (_, n) => searcher(n));
  await sleep(2_000);
  const checkouts: number[] = [];
  const checkins: number[] = [];
  const cpuBefore = cpuOf(server.pid!);
  // Demo copies are numbered <title, 8 digits>-<n>: the first of each title, skipping those out or for library use only.
  for (let id = 1; checkouts.length < loans && id < 100_000; id++) {
    const tombo = `${String(id).padStart(8, '0')}-1`;
    const lent = await desk('/api/circulacao/emprestimo', { tombo, login: 'professor', motivo: 'Teste de desempenho do balcão' });
    if (lent.status !== 201) continue;
    checkouts.push(lent.took);
    const back = await desk('/api/circulacao/devolucao', { tombo });
    if (back.status !== 200) throw new Error(`check-in of ${tombo} answered ${back.status}`);
    checkins.push(back.took);
  }
  const cpu = cpuOf(server.pid!) - cpuBefore;
  running = false;
  await Promise.all(clients);
  console.log(`check-out: ${stats(checkouts)}`);
  console.log(`check-in:  ${stats(checkins)}`);
  console.log(`searches meanwhile (${values.searchers} clients): ${stats(searches)}`);
  console.log(
    `server CPU while lending: ${cpu.toFixed(1)} s (${((cpu * 1000) / (checkouts.length + checkins.length)).toFixed(0)} ms a desk call, searches included)`,
  );
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}
