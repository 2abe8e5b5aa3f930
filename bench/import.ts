/**
 * `npm run bench:import -- [--records N] [--format iso|xml] [--items K --holdings koha] [--again]`
 * (issues 23, 57): how fast `npm run import` reads a large MARC file into the catalogue, and how
 * much memory it takes doing it.
 *
 * The file is N generated records (the demo generator's books, theses, scores… in Portuguese,
 * English and Spanish), written once to bench/data/ as ISO 2709 or MARCXML by our writers. The
 * database is DATABASE_URL's PostgreSQL server, in a database `estante_bench_import` (with
 * `--items`, `estante_bench_import_items`) dropped and created for each run (or, without DATABASE_URL, a fresh embedded one in a temporary folder).
 * The import is the real command, `npm run import -- <file>`'s command line (its node flags
 * included), with bench/max-rss.mjs preloaded so it reports its peak resident memory.
 * Prints records, seconds, records/s and the peak, and the resident memory when the importer has
 * read 25, 50, 75 and 100 % of the file (Linux: its /proc entry, sampled by this process).
 *
 * `--items K --holdings koha` (issue 57): each record also carries K Koha 952 items with barcodes
 * of their own (two libraries — one found by its code, CPL, one mapped, `--map-library BR1=<n>` —
 * two item types mapped to loan types, two collections, an acquisition date), imported with
 * `--holdings koha`; the database is migrated and given those libraries and loan types first.
 * Prints copies/s too (`--items K` alone: the same file, its items not read). `--again` imports
 * the same file a second time into the same database: nothing must change (0 new, 0 updated,
 * records and copies), or the bench fails. Each run also prints the CPU seconds of the importer
 * and of its PostgreSQL server processes (when the server is on this machine): what the import
 * costs whatever else the machine is doing, which its seconds are not.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { toIso2709, toMarcXml } from '../packages/api/src/marc/write.js';
import { openDatabase } from '../packages/api/src/db/client.js';
import { campuses, libraries } from '../packages/api/src/db/schema/institution.js';
import { loanTypes } from '../packages/api/src/db/schema/catalog.js';
import type { MarcRecord } from '../packages/api/src/marc/record.js';
import { generateRecord } from '../packages/api/src/seed/generator.js';
import { calibrate, formatCalibration } from './calibrate.js';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '300000' },
    format: { type: 'string', default: 'iso' },
    items: { type: 'string', default: '0' },
    holdings: { type: 'string' },
    again: { type: 'boolean', default: false },
  },
});
const records = Number(values.records);
if (!Number.isInteger(records) || records <= 0) throw new Error('--records takes a whole number');
if (values.format !== 'iso' && values.format !== 'xml') throw new Error('--format is iso or xml');
const items = Number(values.items);
if (!Number.isInteger(items) || items < 0 || items > 99) throw new Error('--items takes a whole number of items a record, 0 to 99');
if (values.holdings !== undefined && items === 0) throw new Error('--holdings koha goes with --items K');
if (values.holdings !== undefined && values.holdings !== 'koha') throw new Error('--holdings is koha');
const root = path.resolve(import.meta.dirname, '..');

/** Record n with its K Koha items (952): barcodes n-1…n-K, distinct across the file. */
function withItems(n: number, record: MarcRecord): MarcRecord {
  if (items === 0) return record;
  const fields = Array.from({ length: items }, (_, j) => ({
    tag: '952',
    ind1: ' ',
    ind2: ' ',
    subfields: [
      { code: '8', value: (n + j) % 2 === 0 ? 'GEN' : 'FIC' },
      { code: 'a', value: (n + j) % 3 === 2 ? 'BR1' : 'CPL' },
      { code: 'b', value: 'CPL' },
      { code: 'd', value: `20${String(10 + (n % 15))}-${String(1 + (j % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}` },
      { code: 'o', value: `${n % 1000}.${j} B${n}` },
      { code: 'p', value: `${n}-${j + 1}` },
      { code: 'y', value: j === 1 && n % 4 === 3 ? 'REF' : 'BK' },
    ],
  }));
  return { ...record, fields: [...record.fields, ...fields] };
}

// The file, generated once.
const file = path.join(root, 'bench/data', `import-${records}${items > 0 ? `-items${items}` : ''}.${values.format === 'iso' ? 'mrc' : 'xml'}`);
if (!existsSync(file)) {
  mkdirSync(path.dirname(file), { recursive: true });
  process.stderr.write(`writing ${records} records to ${path.relative(root, file)}…\n`);
  const out = createWriteStream(`${file}.part`);
  const write = async (chunk: string | Uint8Array) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  if (values.format === 'xml') await write('<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n');
  for (let from = 1; from <= records; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, records - from + 1) }, (_, i) => withItems(from + i, generateRecord(from + i)));
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
const database = items > 0 ? 'estante_bench_import_items' : 'estante_bench_import';
let cleanup = () => {};
if (process.env.DATABASE_URL) {
  const server = new URL(process.env.DATABASE_URL);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(server), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  env.DATABASE_URL = Object.assign(new URL(server), { pathname: `/${database}` }).toString();
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'estante-bench-import-'));
  env.DATA_DIR = dir;
  cleanup = () => rmSync(dir, { recursive: true, force: true });
}

// The copies' libraries and loan types: CPL found by its code, the branch mapped from Koha's BR1.
const holdingsArgs: string[] = [];
if (values.holdings) {
  const opened = await openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR! });
  try {
    await opened.migrate();
    const [campus] = await opened.db.insert(campuses).values({ nome: 'Campus' }).returning();
    const made = await opened.db
      .insert(libraries)
      .values([
        { codCampus: campus!.codCampus, nome: 'Biblioteca Central', sigla: 'CPL' },
        { codCampus: campus!.codCampus, nome: 'Biblioteca Setorial', sigla: 'BS' },
      ])
      .returning();
    await opened.db.insert(loanTypes).values([
      { codTipoEmprestimo: 1, descricao: 'Normal', permiteEmprestimo: true, permiteReserva: true },
      { codTipoEmprestimo: 2, descricao: 'Consulta local', permiteEmprestimo: false, permiteReserva: false },
    ]);
    holdingsArgs.push('--holdings', 'koha', '--map-library', `BR1=${made[1]!.codBiblioteca}`, '--map-loan-type', 'BK=1', '--map-loan-type', 'REF=2');
  } finally {
    await opened.close();
  }
}

// `npm run import`'s own command line (its node flags included), with the memory report preloaded.
const script = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.import!.split(' ');
if (script[0] !== 'node') throw new Error('npm run import is expected to run node');

/** The resident memory (MB) of a running process, and how far into `file` it has read (0–1); undefined where /proc is not. */
function sample(pid: number, fd: { n?: string }): { rss: number; read: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    if (fd.n === undefined) fd.n = readdirSync(`/proc/${pid}/fd`).find((n) => readlinkSafe(`/proc/${pid}/fd/${n}`) === file);
    const pos = fd.n === undefined ? 0 : Number(/pos:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/fdinfo/${fd.n}`, 'utf8'))?.[1] ?? 0);
    return { rss, read: pos / size };
  } catch {
    return undefined; // not Linux, or the process or its file already closed
  }
}
/**
 * CPU seconds (user + system) of a process, from /proc; undefined where there is none. What a
 * run costs, whatever else the machine is doing: on a busy machine the seconds it takes are not.
 */
function cpuSeconds(pid: number | string): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime, in clock ticks (100 a second)
  } catch {
    return undefined;
  }
}

/** The PostgreSQL server processes serving `database` (their title names it), when the server runs on this machine. */
function backends(): string[] {
  try {
    return readdirSync('/proc').filter((pid) => {
      if (!/^\d+$/.test(pid)) return false;
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(`postgres: `) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `);
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

function readlinkSafe(link: string): string | undefined {
  try {
    return readlinkSync(link);
  } catch {
    return undefined;
  }
}

/** One timed import of the file, in its own process. */
async function importOnce(label: string): Promise<{ lines: string[]; seconds: number }> {
  process.stderr.write(
    `${label}: importing ${path.relative(root, file)} (${(size / 1e6).toFixed(1)} MB) into ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}… (load ${loadavg()[0]!.toFixed(2)})\n`,
  );
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', path.join(root, 'bench/max-rss.mjs'), ...script.slice(1), ...holdingsArgs, file], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // Resident memory at each quarter of the file read, sampled every 100 ms.
  const quarters: (number | undefined)[] = [undefined, undefined, undefined];
  const fd: { n?: string } = {};
  // CPU seconds of the importer and of its database's server processes, as last seen.
  let importerCpu: number | undefined;
  const serverCpu = new Map<string, number>();
  let ticks = 0;
  const sampler = setInterval(() => {
    if (child.pid === undefined) return;
    importerCpu = cpuSeconds(child.pid) ?? importerCpu;
    if (ticks++ % 5 === 0) for (const pid of backends()) serverCpu.set(pid, cpuSeconds(pid) ?? serverCpu.get(pid) ?? 0);
    else for (const pid of serverCpu.keys()) serverCpu.set(pid, cpuSeconds(pid) ?? serverCpu.get(pid)!);
    const s = sample(child.pid, fd);
    if (!s) return;
    for (let q = 0; q < 3; q++) if (quarters[q] === undefined && s.read >= (q + 1) / 4) quarters[q] = s.rss;
  }, 100);
  const [code] = (await once(child, 'exit')) as [number];
  clearInterval(sampler);
  const serverSeconds = [...serverCpu.values()].reduce((a, b) => a + b, 0);
  const seconds = (performance.now() - started) / 1000;
  const peak = Number(/max-rss-kb (\d+)/.exec(stderr)?.[1] ?? 0) / 1024;
  const lines = stdout.trim().split('\n');
  process.stdout.write(`${lines.join('\n')}\n`);
  if (code !== 0) {
    process.stderr.write(stderr.slice(-2000));
    throw new Error(`the import exited with ${code}`);
  }
  const copies = Number(
    /copies \([^)]*\): (\d+) new, (\d+) updated, (\d+) unchanged/
      .exec(stdout)
      ?.slice(1, 4)
      .reduce((a, b) => a + Number(b), 0) ?? 0,
  );
  const mb = (n: number | undefined) => (n === undefined ? '?' : n.toFixed(0));
  process.stdout.write(
    `${label}: ${records} records${values.holdings ? ` with ${copies} copies` : ''} (${(size / 1e6).toFixed(1)} MB, ${values.format === 'iso' ? 'ISO 2709' : 'MARCXML'}) in ${seconds.toFixed(1)} s: ` +
      `${Math.round(records / seconds)} records/s${values.holdings ? `, ${Math.round(copies / seconds)} copies/s` : ''}, peak memory ${peak.toFixed(0)} MB ` +
      `(RSS at 25/50/75 % of the file ${quarters.map(mb).join(' / ')} MB, peak at 100 % ${mb(peak)} MB; load ${loadavg()[0]!.toFixed(2)}); ` +
      `CPU: importer ${importerCpu?.toFixed(1) ?? '?'} s, PostgreSQL ${serverCpu.size > 0 ? `${serverSeconds.toFixed(1)} s` : '? (not on this machine)'}\n`,
  );
  return { lines, seconds };
}

try {
  // The machine's speed before the import (issue 59): figures from two machines compare by it.
  process.stdout.write(`${formatCalibration(await calibrate(), 'before the import')}\n`);
  await importOnce('import');
  if (values.again) {
    const { lines } = await importOnce('re-import');
    // The same file again changes nothing: no title and no copy new or updated.
    const changed = lines.filter((l) => /: \d+ records read, [1-9]\d* new|, [1-9]\d* updated|\): [1-9]\d* new|[1-9]\d* deleted/.test(l));
    if (changed.length > 0) throw new Error(`the re-import changed the catalogue:\n${changed.join('\n')}`);
  }
} finally {
  cleanup();
}
