/**
 * `npm run bench:import -- [--records N] [--format iso|xml]` (issue 23): how fast `npm run import`
 * reads a large MARC file into the catalogue, and how much memory it takes doing it.
 *
 * The file is N generated records (the demo generator's books, theses, scores… in Portuguese,
 * English and Spanish), written once to bench/data/ as ISO 2709 or MARCXML by our writers. The
 * database is DATABASE_URL's PostgreSQL server, in a database `estante_bench_import` dropped and
 * created for each run (or, without DATABASE_URL, a fresh embedded one in a temporary folder).
 * The import is the real command, `npm run import -- <file>`'s command line (its node flags
 * included), with bench/max-rss.mjs preloaded so it reports its peak resident memory.
 * Prints records, seconds, records/s and the peak.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { toIso2709, toMarcXml } from '../packages/api/src/marc/write.js';
import { generateRecord } from '../packages/api/src/seed/generator.js';

const { values } = parseArgs({ options: { records: { type: 'string', default: '300000' }, format: { type: 'string', default: 'iso' } } });
const records = Number(values.records);
if (!Number.isInteger(records) || records <= 0) throw new Error('--records takes a whole number');
if (values.format !== 'iso' && values.format !== 'xml') throw new Error('--format is iso or xml');
const root = path.resolve(import.meta.dirname, '..');

// The file, generated once.
const file = path.join(root, 'bench/data', `import-${records}.${values.format === 'iso' ? 'mrc' : 'xml'}`);
if (!existsSync(file)) {
  mkdirSync(path.dirname(file), { recursive: true });
  process.stderr.write(`writing ${records} records to ${path.relative(root, file)}…\n`);
  const out = createWriteStream(`${file}.part`);
  const write = async (chunk: string | Uint8Array) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  if (values.format === 'xml') await write('<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n');
  for (let from = 1; from <= records; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, records - from + 1) }, (_, i) => generateRecord(from + i));
    if (values.format === 'iso') await write(toIso2709(batch));
    else {
      const xml = toMarcXml(batch);
      await write(xml.slice(xml.indexOf('<record>'), xml.lastIndexOf('</collection>')));
    }
  }
  if (values.format === 'xml') await write('</collection>\n');
  out.end();
  await once(out, 'finish');
  renameSync(`${file}.part`, file);
}
const size = statSync(file).size;

// A fresh database.
const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
let cleanup = () => {};
if (process.env.DATABASE_URL) {
  const server = new URL(process.env.DATABASE_URL);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(server), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query('drop database if exists estante_bench_import with (force)');
  await admin.query('create database estante_bench_import');
  await admin.end();
  env.DATABASE_URL = Object.assign(new URL(server), { pathname: '/estante_bench_import' }).toString();
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'estante-bench-import-'));
  env.DATA_DIR = dir;
  cleanup = () => rmSync(dir, { recursive: true, force: true });
}

// The import, timed, in its own process.
process.stderr.write(`importing ${path.relative(root, file)} (${(size / 1e6).toFixed(1)} MB) into ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}…\n`);
const started = performance.now();
// `npm run import`'s own command line (its node flags included), with the memory report preloaded.
const script = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.import!.split(' ');
if (script[0] !== 'node') throw new Error('npm run import is expected to run node');
const child = spawn(process.execPath, ['--import', path.join(root, 'bench/max-rss.mjs'), ...script.slice(1), file], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let stdout = '';
let stderr = '';
child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
const [code] = (await once(child, 'exit')) as [number];
const seconds = (performance.now() - started) / 1000;
cleanup();
const peak = Number(/max-rss-kb (\d+)/.exec(stderr)?.[1] ?? 0) / 1024;
process.stdout.write(`${stdout.trim().split('\n')[0]}\n`);
if (code !== 0) {
  process.stderr.write(stderr.slice(-2000));
  throw new Error(`the import exited with ${code}`);
}
process.stdout.write(
  `${records} records (${(size / 1e6).toFixed(1)} MB, ${values.format === 'iso' ? 'ISO 2709' : 'MARCXML'}) in ${seconds.toFixed(1)} s: ` +
    `${Math.round(records / seconds)} records/s, peak memory ${peak.toFixed(0)} MB\n`,
);
