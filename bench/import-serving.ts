/**
 * `npm run bench:import-serving -- [--records 4000]` (issue 52): what patrons meet while a
 * librarian imports a file into a running server on the embedded database. The server starts
 * on a fresh DATA_DIR with the demo library (`npm start`'s way); four clients then ask, one
 * request after another, for `/health` and for a search; after a few seconds of that alone,
 * `npm run import -- <file>` (the real command, which hands the file to the running server)
 * imports N generated records. Prints the p50/p95/max of each kind of request before and during
 * the import, and the import's time.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { toIso2709 } from '../packages/api/src/marc/write.js';
import { generateRecord } from '../packages/api/src/seed/generator.js';
import { calibrate, formatCalibration } from './calibrate.js';

const { values } = parseArgs({ options: { records: { type: 'string', default: '4000' }, port: { type: 'string', default: '18431' } } });
const records = Number(values.records);
const port = Number(values.port);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'estante-bench-serving-'));
const site = `http://127.0.0.1:${port}`;

// Records numbered past the demo's generated titles: all new to the catalogue.
const file = path.join(dataDir, 'import.mrc');
writeFileSync(file, toIso2709(Array.from({ length: records }, (_, i) => generateRecord(900_000 + i))));

// The machine's speed before the server starts (issue 59): figures from two machines compare by it.
console.log(formatCalibration(await calibrate(), 'before the run'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
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
  const token = (
    (await (
      await fetch(`${site}/svc/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const WORDS = ['historia', 'brasil', 'educacao', 'poesia', 'ciencia', 'direito', 'musica', 'saude'];
  type Phase = 'before' | 'during';
  const times: Record<Phase, Record<'health' | 'search', number[]>> = { before: { health: [], search: [] }, during: { health: [], search: [] } };
  let phase: Phase = 'before';
  let running = true;
  let importStarted = 0;
  /** Requests slower than a second during the import: when they started (s after the import began) and how long they took. */
  const stalls: string[] = [];
  const client = async (n: number) => {
    for (let i = 0; running; i++) {
      const kind = (i + n) % 2 === 0 ? 'health' : 'search';
      const url = kind === 'health' ? `${site}/health` : `${site}/svc/consulta?termo1=${WORDS[(i + n) % WORDS.length]}&pagina=${1 + (i % 3)}`;
      const started = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      const took = performance.now() - started;
      times[phase][kind].push(took);
      if (phase === 'during' && took > 1000) stalls.push(`${kind} at +${((started - importStarted) / 1000).toFixed(1)} s took ${(took / 1000).toFixed(1)} s`);
      await sleep(20);
    }
  };
  const clients = Array.from({ length: 4 }, (_, n) => client(n));
  await sleep(5_000);
  phase = 'during';
  const started = performance.now();
  importStarted = started;
  const importer = spawn(process.execPath, ['--max-old-space-size=128', '--import', 'tsx', 'packages/api/src/cli/import.ts', file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  importer.stdout.on('data', (d: Buffer) => (output += d.toString()));
  const [code] = (await once(importer, 'exit')) as [number];
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(clients);
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
    return `n=${sorted.length} p50=${at(0.5)} ms p95=${at(0.95)} ms max=${sorted.at(-1)!.toFixed(0)} ms`;
  };
  console.log(output.trim());
  console.log(`import: exit ${code}, ${records} records in ${seconds.toFixed(1)} s (${(records / seconds).toFixed(0)} records/s)`);
  for (const p of ['before', 'during'] as const)
    for (const kind of ['health', 'search'] as const) console.log(`${p} the import, ${kind}: ${stats(times[p][kind])}`);
  if (stalls.length) console.log(`slower than a second: ${stalls.join('; ')}`);
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}
