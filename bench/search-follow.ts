/**
 * `npm run bench:search-follow -- [--records 10000] [--nodes 2] [--batch 1000]` (issue 59, item 2):
 * how long an import of N titles into a large catalogue takes to be searchable on every node.
 *
 * Needs DATABASE_URL (a PostgreSQL server already holding the catalogue, e.g. after
 * `npm run generate -- --titles 1000000`). Starts `--nodes` servers of one API process each on
 * that database, each with a data folder of its own (its own kept snapshot and posting lists, as
 * separate machines would have), and waits until each has read its frequent words ahead. Then imports N generated
 * titles through the import (importMarcRecords, in batches as a file import or a harvest writes
 * them), every one carrying one subject word found nowhere else, and asks each node, every 100 ms,
 * how many titles that word finds. Prints the import's time and, per node, how long after the
 * import's last commit it found all N, with the snapshot figures it logged.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/api/src/config.js';
import { openDatabase, queryRows } from '../packages/api/src/db/client.js';
import { importMarcRecords } from '../packages/api/src/modules/catalog/catalog.import.js';
import type { ReadItem } from '../packages/api/src/marc/iso2709.js';
import { generateRecord } from '../packages/api/src/seed/generator.js';
import { calibrate, formatCalibration } from './calibrate.js';
import { freePort, until } from './process.js';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '10000' },
    nodes: { type: 'string', default: '2' },
    batch: { type: 'string', default: '1000' },
  },
});
const records = Number(values.records);
const nodes = Number(values.nodes);
const batch = Number(values.batch);
if (![records, nodes, batch].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--records, --nodes and --batch take whole numbers');
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the PostgreSQL database holding the catalogue');

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const database = await openDatabase(config.database);
await database.migrate();
const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(database.db, sql`select count(*)::int as total from titles`);
const [{ next } = { next: 0 }] = await queryRows<{ next: number }>(
  database.db,
  sql`select coalesce(max(substring(control_number from 4)::int), 0) + 1 as next from titles where control_number ~ '^GEN[0-9]+$'`,
);
// A word of letters only, new to the catalogue: the search for it finds exactly the imported titles.
const word = `lote${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

console.log(formatCalibration(await calibrate(), 'before the run'));
const dirs: string[] = [];
/** A node: one server process on its own data folder (`--nodes` of them share the database). */
function startNode(n: number, port: number, dataDir: string) {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, API_WORKERS: '1', LOG_LEVEL: 'info', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { n, port, dataDir, child, started, log: () => log, base: `http://127.0.0.1:${port}` };
}
const servers = await Promise.all(
  Array.from({ length: nodes }, async (_, n) => {
    const dataDir = process.env.BENCH_NODE_DIRS ? path.join(process.env.BENCH_NODE_DIRS, `node-${n}`) : mkdtempSync(path.join(tmpdir(), 'estante-follow-'));
    if (!process.env.BENCH_NODE_DIRS) dirs.push(dataDir);
    return startNode(n, await freePort(), dataDir);
  }),
);
async function tokenOf(base: string): Promise<string> {
  const answer = await fetch(`${base}/svc/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: config.publicClient.id, client_secret: config.publicClient.secret }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}
try {
  await until(() =>
    servers.every((s) => (s.log().includes('"msg":"search index ready"') && s.log().includes('"msg":"Estante is running at')) || s.child.exitCode !== null),
  );
  for (const s of servers) if (s.child.exitCode !== null) throw new Error(`node ${s.n} stopped:\n${s.log()}`);
  // Settled: each node has read its frequent words ahead (after its posting lists), as a node that
  // has been serving for a while has; the import does not compete with their first start.
  await until(() => servers.every((s) => s.log().includes('"msg":"search index read ahead"') || s.child.exitCode !== null));
  const tokens = await Promise.all(servers.map((s) => tokenOf(s.base)));
  const found = async (s: (typeof servers)[number]) => {
    const answer = await fetch(`${s.base}/svc/consulta?termo1=${word}&quantPag=1`, { headers: { authorization: `Bearer ${tokens[s.n]}` } });
    return answer.ok ? ((await answer.json()) as { total: number }).total : -1;
  };
  // Every node searched once (its snapshot made) before the import.
  for (const s of servers) if ((await found(s)) !== 0) throw new Error(`node ${s.n}: the new word is already found`);
  const ready = servers.map((s) => ((performance.now() - s.started) / 1000).toFixed(1));
  console.log(
    `# following an import — PostgreSQL, ${total.toLocaleString('en')} titles, ${nodes} node(s) of one API process each (ready in ${ready.join(' / ')} s), ${records.toLocaleString('en')} new titles in batches of ${batch}`,
  );

  const importStarted = performance.now();
  const seen = servers.map(() => ({ at: null as number | null, firstAt: null as number | null }));
  let imported = false;
  // Nodes are asked while the import runs, as patrons' searches would.
  const polling = Promise.all(
    servers.map(async (s) => {
      while (seen[s.n]!.at === null) {
        const n = await found(s).catch(() => -1);
        if (n > 0 && seen[s.n]!.firstAt === null) seen[s.n]!.firstAt = performance.now();
        if (imported && n === records) seen[s.n]!.at = performance.now();
        else await sleep(100);
      }
    }),
  );
  for (let from = 0; from < records; from += batch) {
    const items = Array.from({ length: Math.min(batch, records - from) }, (_, i): ReadItem => {
      const n = next + from + i;
      const record = generateRecord(n);
      record.fields.push({ tag: '650', ind1: ' ', ind2: '4', subfields: [{ code: 'a', value: `Lote ${word}` }] });
      return { kind: 'record', position: n, offset: n, record, warnings: [] };
    });
    await importMarcRecords(database.db, items);
  }
  const importEnded = performance.now();
  imported = true;
  await Promise.race([polling, sleep(600_000).then(() => Promise.reject(new Error('a node did not find the titles within 10 minutes')))]);

  console.log(`import: ${((importEnded - importStarted) / 1000).toFixed(1)} s (${Math.round(records / ((importEnded - importStarted) / 1000))} titles/s)`);
  console.log('| node | all found, after the import ended | first found, after the import began | snapshots patched | last patch | full reads |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const s of servers) {
    const metrics = await (await fetch(`${s.base}/metrics`)).text().catch(() => '');
    const figure = (name: string) => new RegExp(`^${name}\\{index="catalogue"\\} (\\S+)`, 'm').exec(metrics)?.[1] ?? '?';
    const at = seen[s.n]!;
    console.log(
      `| ${s.n} | ${((at.at! - importEnded) / 1000).toFixed(2)} s | ${at.firstAt === null ? '—' : `${((at.firstAt - importStarted) / 1000).toFixed(2)} s`} | ${figure('estante_search_index_patches')} | ${figure('estante_search_index_patch_seconds')} s | ${figure('estante_search_index_full_reads')} |`,
    );
  }

  // A restart with the changes since (item 2): node 0 stopped and started again on its data
  // folder, whose kept snapshot (written at most every 5 minutes) predates the import; the time
  // until it answers the search with all N titles.
  const first = servers[0]!;
  first.child.kill('SIGTERM');
  await until(() => first.child.exitCode !== null);
  const again = startNode(0, first.port, first.dataDir);
  servers[0] = again;
  let all = -1;
  while (all !== records) {
    await sleep(100);
    if (!again.log().includes('"msg":"Estante is running at')) continue;
    all = await found(again).catch(() => -1);
    if (all === -1) tokens[0] = await tokenOf(again.base).catch(() => tokens[0]!);
  }
  const readyLine = /\{[^\n]*"msg":"search index ready"[^\n]*\}/.exec(again.log())?.[0];
  const loaded = readyLine ? (JSON.parse(readyLine) as { loadMs?: number; buildMs?: number }) : {};
  const metrics = await (await fetch(`${again.base}/metrics`)).text().catch(() => '');
  const figure = (name: string) => new RegExp(`^${name}\\{index="catalogue"\\} (\\S+)`, 'm').exec(metrics)?.[1] ?? '?';
  console.log(
    `restart of node 0 with the changes since: all ${records.toLocaleString('en')} found ${((performance.now() - again.started) / 1000).toFixed(1)} s after it was started (kept snapshot ${loaded.loadMs === undefined ? 'not loaded: read whole' : `loaded in ${(loaded.loadMs / 1000).toFixed(1)} s`}; snapshots patched ${figure('estante_search_index_patches')}, last patch ${figure('estante_search_index_patch_seconds')} s, full reads ${figure('estante_search_index_full_reads')})`,
  );
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
  await until(() => servers.every((s) => s.child.exitCode !== null));
  await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
