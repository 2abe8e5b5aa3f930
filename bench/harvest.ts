/**
 * `npm run bench:harvest -- [--titles N] [--workers W]` (issue 22): how long one Estante takes to
 * harvest another's whole catalogue over OAI-PMH.
 *
 * The partner is the real server (`packages/api/src/main.ts`, as `npm start` runs it) over
 * DATABASE_URL (or DATA_DIR's embedded database), filled up to N generated titles first; the
 * harvesting library is this process over HARVEST_DATABASE_URL (another PostgreSQL database) or,
 * without it, a fresh embedded database in a temporary folder — adding the partner as
 * `npm run network -- add` does and harvesting it as `npm run network -- harvest` does, from an
 * empty network each run. Prints the records, the time and the rate.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/api/src/config.js';
import { openDatabase, queryRows } from '../packages/api/src/db/client.js';
import { runAdminCommand } from '../packages/api/src/admin/commands.js';
import { harvestNow } from '../packages/api/src/modules/network/network.harvest.js';
import { addGeneratedTitles, seedDemoIfEmpty } from '../packages/api/src/seed/demo.js';
import { calibrate, formatCalibration } from './calibrate.js';
import { freePort, until } from './process.js';

const { values } = parseArgs({ options: { titles: { type: 'string', default: '100000' }, workers: { type: 'string' } } });
const titles = Number(values.titles);
if (!Number.isInteger(titles) || titles <= 0) throw new Error('--titles takes a whole number');

// The partner: filled up to N generated titles.
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve('data/bench'), LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
const partnerConfig = loadConfig(env);
const partnerDb = await openDatabase(partnerConfig.database);
await partnerDb.migrate();
await seedDemoIfEmpty(partnerDb.db, { titles: 0 });
const have = (await queryRows<{ n: number }>(partnerDb.db, sql`select count(*)::int as n from titles where control_number like 'GEN%'`))[0]?.n ?? 0;
if (have < titles) {
  process.stderr.write(`generating titles ${have + 1}…${titles}\n`);
  await addGeneratedTitles(partnerDb.db, titles - have, have + 1, (n) => n % 50_000 === 0 && process.stderr.write(`  ${have + n}\n`));
  await partnerDb.db.execute(sql`analyze`);
}
const partnerTitles = (await queryRows<{ n: number }>(partnerDb.db, sql`select count(*)::int as n from titles`))[0]?.n ?? 0;
await partnerDb.close();

// The machine's speed before the partner's server starts (issue 59): figures from two machines compare by it.
console.log(formatCalibration(await calibrate(), 'before the run'));
const port = await freePort();
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: {
    ...(env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SEARCH_PREWARM_WORDS: '0',
    ...(values.workers ? { API_WORKERS: values.workers } : {}),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let serverLog = '';
server.stdout.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
await until(() => /all \d+ API workers are ready|"msg":"Estante is running at/.test(serverLog) || server.exitCode !== null);
if (server.exitCode !== null) throw new Error(`the partner's server stopped:\n${serverLog}`);

// The harvesting library: another database, its network emptied.
const scratch = process.env.HARVEST_DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), 'estante-harvest-'));
const harvesterEnv: NodeJS.ProcessEnv = { ...process.env, SEED_DEMO: 'false' };
if (process.env.HARVEST_DATABASE_URL) harvesterEnv.DATABASE_URL = process.env.HARVEST_DATABASE_URL;
else {
  delete harvesterEnv.DATABASE_URL;
  harvesterEnv.DATA_DIR = scratch!;
}
const harvesterConfig = loadConfig(harvesterEnv);
const harvester = await openDatabase(harvesterConfig.database);
await harvester.migrate();
await harvester.db.execute(sql`delete from network_partners`);
const url = `http://127.0.0.1:${port}/oai`;
console.log(await runAdminCommand(harvester.db, { command: 'network.add', args: [url, 'Parceiro', 'de', 'bancada'] }));
const started = performance.now();
let last = 0;
const [result] = await harvestNow(harvester.db, 'Parceiro de bancada', {
  onProgress: (p) => {
    if (p.received - last >= 10_000) process.stderr.write(`  ${(last = p.received)} records, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  },
});
const seconds = (performance.now() - started) / 1000;
const stored = (await queryRows<{ n: number }>(harvester.db, sql`select count(*)::int as n from network_titles`))[0]?.n ?? 0;
console.log(
  `# harvest benchmark — partner: ${partnerConfig.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${partnerTitles.toLocaleString('en')} titles; ` +
    `harvester: ${process.env.HARVEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
console.log(
  `${result?.status}: ${result?.received.toLocaleString('en')} records in ${result?.pages} pages, ${stored.toLocaleString('en')} stored, ` +
    `${seconds.toFixed(1)} s (${Math.round((result?.received ?? 0) / seconds)} records/s)${result?.error ? `; ${result.error}` : ''}`,
);
await harvester.close();
if (scratch) rmSync(scratch, { recursive: true, force: true });
server.kill('SIGTERM');
await until(() => server.exitCode !== null);
