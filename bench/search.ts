/**
 * `npm run bench:search -- [--titles N] [--queries FILE] [--count K] [--concurrency 1,8] [--workers W] [--network] [--mix normal|misspelt|typeahead]`
 *
 * Fills the configured database (DATABASE_URL, else embedded PGlite under DATA_DIR, default
 * ./data/bench) up to N generated titles, starts the real server (main.ts, its API workers) and
 * runs a query mix against the full search as the results page calls it (GET /svc/consulta:
 * page + total + facets + availability) over HTTP, printing p50/p95/p99 latency and throughput
 * per concurrency. The same queries are then timed as direct service calls (SQL + mapping, no
 * HTTP) to show the API's own overhead. A query file has one query string per line
 * (termo1=…&filtro=…). bench/README.md describes the passes.
 */
import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { consultaQueryFromParams, consultaQuerySchema } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/api/src/config.js';
import { executeCount, openDatabase, queryRows } from '../packages/api/src/db/client.js';
import { deriveMissing } from '../packages/api/src/modules/catalog/catalog.import.js';
import { SearchIndex } from '../packages/api/src/modules/search/search.index.js';
import { PREWARM_WORDS } from '../packages/api/src/modules/search/search.config.js';
import { NETWORK } from '../packages/api/src/modules/search/search.source.js';
import { search } from '../packages/api/src/modules/search/search.service.js';
import { typeahead } from '../packages/api/src/modules/search/search.suggest.js';
import { addGeneratedTitles, seedDemoIfEmpty } from '../packages/api/src/seed/demo.js';
import { calibrate, formatCalibration, inRounds } from './calibrate.js';
import { normalMix } from './mix.js';
import { type LoopResult, runLoop } from './loop.js';
import { childrenOf, cpuSeconds, freePort, processesNamed, until } from './process.js';

const { values } = parseArgs({
  options: {
    titles: { type: 'string', default: '100000' },
    queries: { type: 'string' },
    count: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '1,8' },
    prewarm: { type: 'string', default: String(PREWARM_WORDS) },
    workers: { type: 'string' },
    // Search the partner network (base=rede) instead, with as many harvested records as titles.
    network: { type: 'boolean', default: false },
    // normal: the results page's searches; misspelt: the same with one word misspelt (issue 26's
    // "did you mean"); typeahead: the search box's suggestions as you type (GET /consulta/sugestoes);
    // broad: one frequent word, subject heading or surname matching 1–5 % of titles (issue 27).
    mix: { type: 'string', default: 'normal' },
    // Start the passes as soon as every worker listens, while they still read ahead (issue 25).
    'during-read-ahead': { type: 'boolean', default: false },
    // Leave the interest-matching queue as it is: searches measured while an import is matched
    // (issue 18, beside `npm run bench:interest`).
    'keep-interest-queue': { type: 'boolean', default: false },
  },
});
const mix = values.mix as 'normal' | 'misspelt' | 'typeahead' | 'broad';
if (!['normal', 'misspelt', 'typeahead', 'broad'].includes(mix)) throw new Error('--mix takes normal, misspelt, typeahead or broad');
const callPath = mix === 'typeahead' ? 'consulta/sugestoes' : 'consulta';
/** What the first service pass's searches answered: found as typed, a suggestion applied or offered, nothing. */
const answers = { found: 0, applied: 0, offered: 0, nothing: 0 };
/** Where each pass's CPU went, printed after the HTTP passes' table and after the service passes. */
const cpuLines: string[] = [];
const network = values.network === true;
const titles = Number(values.titles);
const count = Number(values.count);
const levels = values.concurrency!.split(',').map(Number);
const prewarmWords = Number(values.prewarm);
if (![titles, count, ...levels].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--titles, --count and --concurrency take whole numbers');

const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve('data/bench'), LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
const config = loadConfig(env);
const database = await openDatabase(config.database);
await database.migrate();
await deriveMissing(database.db, (m) => console.log(m));
await seedDemoIfEmpty(database.db, { titles: 0 });
const have = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from titles where control_number like 'GEN%'`))[0]?.n ?? 0;
if (have < titles) {
  const started = Date.now();
  process.stderr.write(`generating titles ${have + 1}…${titles}\n`);
  await addGeneratedTitles(database.db, titles - have, have + 1, (n) => n % 50_000 === 0 && process.stderr.write(`  ${have + n}\n`));
  process.stderr.write(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}
// Statistics as autovacuum would keep them, whoever filled the database (npm run generate, a
// copy of another): without them PostgreSQL plans the page's copies per library as a scan, and
// at two million titles a search cost 15 ms of its CPU instead of 1.5 (a server here runs with
// autovacuum off).
await database.db.execute(sql`analyze`);
// Generated titles are queued for interest matching as an import's are (issue 18): the server's
// job would match them during the passes. The bench measures searches (the matching has its own,
// npm run bench:interest), so it empties the queue first.
if (!values['keep-interest-queue']) {
  const unqueued = await executeCount(database.db, sql`delete from interest_pending`);
  if (unqueued > 0) process.stderr.write(`emptied the interest-matching queue (${unqueued} titles)\n`);
}
if (network) await fillNetwork(titles);
const total = (await queryRows<{ total: number }>(database.db, sql`select count(*)::int as total from titles`))[0]?.total ?? 0;
const networkTotal = (await queryRows<{ total: number }>(database.db, sql`select count(*)::int as total from network_titles`))[0]?.total ?? 0;

// Each pass gets its own draw from the same distribution (or the file's queries every time), so a
// warm pass meets the words the previous passes cached only as often as their frequency says.
// All drawn now: the embedded database is closed while the server runs.
const fromFile = values.queries
  ? readFileSync(values.queries, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
  : null;
const drawMix = (n: number, seed: number) =>
  mix === 'typeahead'
    ? typeaheadMix(n, seed)
    : mix === 'misspelt'
      ? misspeltMix(n, seed)
      : mix === 'broad'
        ? broadMix(n, seed)
        : normalMix(database.db, n, seed).then((mix) => mix.map((m) => m.q));
const draw = async (seed: number) => (fromFile ?? (await drawMix(count, seed))).map((q) => (network ? `${q}&base=rede` : q));
const queries = await draw(1);
const warmDraws = await Promise.all(levels.map((_, i) => draw(2 + i)));
await database.close();
// The machine's speed before the passes, nothing of ours running (issue 59): the unit the passes'
// CPU ms a search are divided by, so runs on different machines compare.
const calibrated = await calibrate();
// The PostgreSQL processes on this machine are the database's only when it is a local server;
// on PGlite (in the server's own processes) or a remote server they would be someone else's work.
const localPostgres = config.database.kind === 'postgres' && ['', 'localhost', '127.0.0.1', '[::1]'].includes(new URL(config.database.url).hostname);

// The real server, as `npm start` runs it (its API workers, each reading its index and the
// frequent words before it takes connections), on a free port.
const port = await freePort();
const serverEnv: Record<string, string> = {
  ...(env as Record<string, string>),
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  SEED_DEMO: 'false',
  SEARCH_PREWARM_WORDS: String(prewarmWords),
  ...(values.workers ? { API_WORKERS: values.workers } : {}),
};
const profileArgs = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
const startedAt = performance.now();
const server = spawn(process.execPath, [...profileArgs, 'scripts/start.mjs'], {
  env: serverEnv,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let serverLog = '';
let upSeconds = 0;
server.stdout.on('data', (chunk: Buffer) => {
  serverLog += chunk.toString();
  if (!upSeconds && serverLog.includes('Estante is running at')) upSeconds = (performance.now() - startedAt) / 1000;
});
// Ready when every worker is (one API process says only that it runs).
await until(() => /all \d+ API workers are ready|"msg":"Estante is running at/.test(serverLog) || server.exitCode !== null);
if (server.exitCode !== null) throw new Error(`the server stopped:\n${serverLog}`);
// The partner network's index is read after the server listens (decision 0028): wait for every worker's.
if (network) await until(() => (serverLog.match(/network search index ready/g)?.length ?? 0) >= indexesUp(serverLog) || server.exitCode !== null);
const startSeconds = (performance.now() - startedAt) / 1000;
// Workers listen before they read ahead (decision 0037): the passes start once every worker has,
// as they did when reading ahead came before listening (`--during-read-ahead`: at once).
if (!values['during-read-ahead'])
  await until(() => (serverLog.match(/"msg":"search index read ahead"/g)?.length ?? 0) >= indexesUp(serverLog) || server.exitCode !== null);
const readAheadSeconds = (performance.now() - startedAt) / 1000;
const ready = [...serverLog.matchAll(/\{[^\n]*"msg":"search index ready"[^\n]*\}/g)].map(
  (m) => JSON.parse(m[0]) as { titles: number; buildMs: number; loadMs?: number; readApart?: boolean },
);
const base = `http://127.0.0.1:${port}`;
const token = (
  (await (
    await fetch(`${base}/svc/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: config.publicClient.id, client_secret: config.publicClient.secret }),
    })
  ).json()) as { access_token: string }
).access_token;

// The HTTP client runs in its own process, as a load generator would.
const client = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
console.log(
  `# search benchmark — ${database.kind}, ${total.toLocaleString('en')} titles${network ? ` + ${networkTotal.toLocaleString('en')} partner network records, searching the network (base=rede)` : ''}, ${queries.length} queries${values.queries ? ` from ${values.queries}` : ` (generated ${mix} mix)`}`,
);
console.log(
  `server: ${/all (\d+) API workers are ready/.exec(serverLog)?.[1] ?? 1} API worker(s), ${ready.length === 1 ? 'one search index' : `${ready.length} search indexes`}, up in ${upSeconds.toFixed(1)} s, all ready in ${startSeconds.toFixed(1)} s, ${values['during-read-ahead'] ? 'passes started at once, during the read-ahead' : `all read ahead in ${readAheadSeconds.toFixed(1)} s`} (index snapshot ${ready.map((r) => (r.readApart ? `read apart in ${(r.buildMs / 1000).toFixed(1)} s, loaded in ${((r.loadMs ?? 0) / 1000).toFixed(1)}` : r.loadMs !== undefined ? `loaded from disk in ${(r.loadMs / 1000).toFixed(1)}` : `read in ${(r.buildMs / 1000).toFixed(1)}`)).join(' / ')} s; the ${prewarmWords} most frequent words are read ahead after listening)`,
);
console.log(formatCalibration(calibrated, 'before the passes'));
console.log('| path | concurrency | p50 ms | p95 ms | p99 ms | searches/s | errors |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
// First searches after start: every phrase and every word but the frequent ones is met for the first time.
report(`HTTP /svc/${callPath}, first searches after start`, 1, await http(queries, 1));
for (const [i, level] of levels.entries()) report(`HTTP /svc/${callPath}, fresh draw`, level, await http(warmDraws[i]!, level));
// The API's own overhead: the first warm pass's queries once more (all cached now) over HTTP,
// then (below) as direct service calls.
report(`HTTP /svc/${callPath}, the c1 queries again`, 1, await http(warmDraws[0]!, 1));
console.log(memoryLine());
console.log(await heapLine());
for (const line of cpuLines.splice(0)) console.log(line);
client.send('exit');
server.kill('SIGTERM');
await until(() => server.exitCode !== null);

// In this process, an index that has read nothing ahead: the cost of a word's first sight
// (what a server meets for words outside its read-ahead, and for all words while a big import
// is being taken in), then the same queries as service calls once cached.
const again = await openDatabase(config.database);
const index = new SearchIndex(again.db, {
  cacheMegabytes: config.searchCacheMb,
  prewarmWords: 0,
  // Its own folder: this process runs the TypeScript through tsx and the server its bundle
  // (decision 0068), whose kept files carry another code hash; in one folder each would take the
  // other's files for an older version's and remove them.
  snapshotDir: config.searchSnapshotDir && path.join(config.searchSnapshotDir, 'in-process'),
  ...(network ? { source: NETWORK } : {}),
});
await index.current();
// The posting lists the server kept (decision 0064): loaded, not read ahead — every word is still met for the first time.
const postingsStarted = performance.now();
const postingsIn = await index.postingsReady();
console.log(
  `in-process index: snapshot in, posting lists ${postingsIn ? `in after ${((performance.now() - postingsStarted) / 1000).toFixed(1)} s more` : 'none'}`,
);
report('service, first sight of every word (nothing read ahead)', 1, await service(queries));
if (mix !== 'typeahead')
  console.log(
    `answers: ${answers.found} found as typed, ${answers.applied} answered by their suggestion (nothing as typed), ${answers.offered} with a suggestion offered, ${answers.nothing} nothing`,
  );
await index.prewarm({ limit: prewarmWords });
await runLoop(warmDraws[0]!, 1, direct);
report('service (SQL + mapping), the c1 queries again', 1, await service(warmDraws[0]!));
const { atoms, atomBytes, rankings, rankingBytes, decoded, decodedBytes, postings } = index.stats();
console.log(
  `in-process cache: ${atoms} words and phrases from PostgreSQL, ${(atomBytes / 2 ** 20).toFixed(1)} MB; ${decoded} words decoded from the posting lists, ${(decodedBytes / 2 ** 20).toFixed(1)} MB; ${rankings} broad texts' rankings kept, ${(rankingBytes / 2 ** 20).toFixed(1)} MB; ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB resident`,
);
if (postings)
  console.log(
    `posting lists: ${postings.lexemes} lexemes, ${(postings.bytes / 2 ** 20).toFixed(1)} MB (${postings.overlayTitles} titles in the overlay, ${postings.removed} masked in the base)`,
  );
await again.close();
for (const line of cpuLines.splice(0)) console.log(line);
// Once more after the last pass: a round dearer or cheaper than before means the machine's speed
// changed during the run (another load on shared cores, a clock that throttled).
const calibratedAfter = await calibrate();
console.log(
  formatCalibration(
    calibratedAfter,
    `after the passes (CPU ×${(calibratedAfter.cpuMs / calibrated.cpuMs).toFixed(2)}, wall ×${(calibratedAfter.wallMs / calibrated.wallMs).toFixed(2)} the round before them)`,
  ),
);

/** What V8 holds of the server's primary after the passes, from its own /metrics (prom-client's process figures). */
async function heapLine(): Promise<string> {
  try {
    const scraped = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const figure = (name: string) => {
      const line = scraped.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes('role="primary"'));
      return line ? `${(Number(line.slice(line.lastIndexOf(' ') + 1)) / 2 ** 20).toFixed(0)} MB` : '?';
    };
    return `server heap after the passes (primary): ${figure('nodejs_heap_size_used_bytes')} used of ${figure('nodejs_heap_size_total_bytes')}, ${figure('nodejs_external_memory_bytes')} outside the heap (array buffers included)`;
  } catch (error) {
    return `server heap after the passes: not read (${String(error)})`;
  }
}

/**
 * The server's memory as the kernel counts it (/proc/PID/status): each process's resident set
 * (VmRSS), its peak since the process started (VmHWM: a first start's full read) and the part of
 * it that is shared memory (RssShmem), the primary and its API workers.
 */
function memoryLine(): string {
  const read = (pid: number) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
      return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024, shared: kb('RssShmem') / 1024 };
    } catch {
      return null;
    }
  };
  const primary = read(server.pid!);
  const workers = childrenOf(server.pid!)
    .map(read)
    .filter((m) => m !== null);
  const mb = (m: { rss: number; peak: number; shared: number }) => `${m.rss.toFixed(0)} MB (${m.shared.toFixed(0)} shared, peak ${m.peak.toFixed(0)} MB)`;
  return `server memory after the passes: primary ${primary ? mb(primary) : '?'}; API workers ${workers.map(mb).join(' / ') || 'none (one process)'}`;
}

/** How many search indexes the server holds (one in the primary for all API workers, decision 0040). */
function indexesUp(log: string): number {
  return log.match(/"msg":"search index ready"/g)?.length ?? 1;
}

async function direct(q: string): Promise<boolean> {
  if (mix === 'typeahead') {
    const params = new URLSearchParams(q);
    await typeahead(index, params.get('termo')!, (params.get('campo') ?? 'livre') as 'livre');
    return true;
  }
  const parsed = consultaQuerySchema.safeParse(consultaQueryFromParams(new URLSearchParams(q)));
  if (!parsed.success) return false;
  const answer = await search(index, parsed.data, 'pt');
  const kind = answer.sugestao ? (answer.sugestao.aplicada ? 'applied' : 'offered') : answer.total > 0 ? 'found' : 'nothing';
  answers[kind]++;
  return true;
}

/** One HTTP pass, run by the client process (load.ts), with the CPU each part of the machine spent on it. */
async function http(list: string[], concurrency: number): Promise<LoopResult & PassCpu> {
  const before = cpuNow();
  const result = await new Promise<LoopResult>((resolve) => {
    client.once('message', (answer) => resolve(answer as LoopResult));
    client.send({ base, token, list, concurrency, path: callPath });
  });
  const after = cpuNow();
  const spent = (group: keyof typeof after) => [...after[group]].reduce((sum, [pid, seconds]) => sum + seconds - (before[group].get(pid) ?? 0), 0);
  const groups = (['primary', 'workers', 'postgres', 'client'] as const).filter((g) => after[g].size > 0);
  const parts = groups.map((g): [string, number] => [g, spent(g)]);
  return { ...result, ...passCpu(parts, list.length, result.seconds) };
}

/**
 * One pass in this process (service calls, one at a time), with the CPU it spent: this process's
 * (PGlite's too, on the embedded database) and a local PostgreSQL server's.
 */
async function service(list: string[]): Promise<LoopResult & PassCpu> {
  const postgres = () => new Map(localPostgres ? processesNamed('postgres').map((pid) => [pid, cpuSeconds(pid)]) : []);
  const postgresBefore = postgres();
  const before = process.cpuUsage();
  const result = await runLoop(list, 1, direct);
  const spent = process.cpuUsage(before);
  const parts: [string, number][] = [['bench', (spent.user + spent.system) / 1e6]];
  if (localPostgres) parts.push(['postgres', [...postgres()].reduce((sum, [pid, seconds]) => sum + seconds - (postgresBefore.get(pid) ?? 0), 0)]);
  return { ...result, ...passCpu(parts, list.length, result.seconds) };
}

/** A pass's CPU a search, each part's and all: in ms, and in calibration rounds (the figure that compares across machines). */
interface PassCpu {
  cpu: string;
  rounds: string;
}

/** `parts`: the CPU seconds each process (or group of processes) spent on a pass of `searches` searches in `seconds`. */
function passCpu(parts: [string, number][], searches: number, seconds: number): PassCpu {
  const all = parts.reduce((sum, [, s]) => sum + s, 0);
  const ms = (s: number) => (s * 1000) / searches;
  return {
    cpu: `${parts.map(([g, s]) => `${g} ${ms(s).toFixed(1)}`).join(', ')}; all ${ms(all).toFixed(1)} ms a search, ${((all / seconds) * 100).toFixed(0)} % of one core`,
    rounds: `${parts.map(([g, s]) => `${g} ${inRounds(ms(s), calibrated)}`).join(', ')}; all ${inRounds(ms(all), calibrated)}`,
  };
}

/** CPU seconds so far of the server's primary, its API workers, PostgreSQL's processes (a local server's) and the client, per pid. */
function cpuNow() {
  const of = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
  return {
    primary: of([server.pid!]),
    workers: of(childrenOf(server.pid!)),
    postgres: of(localPostgres ? processesNamed('postgres') : []),
    client: of([client.pid!]),
  };
}

function report(label: string, concurrency: number, r: { latencies: number[]; errors: number; seconds: number } & Partial<PassCpu>) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(`| ${label} | ${concurrency} | ${p(0.5)} | ${p(0.95)} | ${p(0.99)} | ${(sorted.length / r.seconds).toFixed(1)} | ${r.errors} |`);
  if (r.cpu) cpuLines.push(`CPU ms a search, ${label}, c${concurrency}: ${r.cpu}`);
  if (r.rounds)
    cpuLines.push(
      `CPU a search in calibration rounds, ${label}, c${concurrency}: ${r.rounds} (CPU ms a search ÷ ${calibrated.cpuMs.toFixed(1)} ms, a round before the passes)`,
    );
}

/**
 * A deterministic mix drawn from the catalogue itself, so word frequencies are the
 * catalogue's: 45% 1–3 keywords, 20% title phrases, 20% author names, 15% keyword + deep page;
 * a third of them with 1–2 facet filters.
 */
/**
 * The partner network's records for the benchmark: the generated titles copied into
 * network_titles (the columns a harvest derives from the same MARC records), shared among four
 * bench partners, up to `n` — what a harvest of partners with such catalogues leaves behind,
 * without timing one here (the harvest has its own benchmark, bench/harvest.ts).
 */
async function fillNetwork(n: number) {
  for (let i = 1; i <= 4; i++) {
    await database.db.execute(
      sql`insert into network_partners (nome, base_url, record_url) values (${`Parceiro de bancada ${i}`}, ${`http://bench-${i}.invalid/oai`}, ${`http://bench-${i}.invalid/acervo/{id}`})
          on conflict do nothing`,
    );
  }
  const have = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from network_titles`))[0]?.n ?? 0;
  if (have >= n) return;
  const started = Date.now();
  process.stderr.write(`copying generated titles into the partner network (${have}…${n})\n`);
  const partners = await queryRows<{ id: number }>(
    database.db,
    sql`select cod_empresa as id from network_partners where nome like 'Parceiro de bancada %' order by nome`,
  );
  // 50,000 titles a statement, by id (an offset would scan every title before it: quadratic at ten million).
  let after = 0;
  for (let from = 0; from < n; from += 50_000) {
    const upTo = (
      await queryRows<{ last: number | null }>(
        database.db,
        sql`select max(cod_acervo)::int as last from (select cod_acervo from titles where control_number like 'GEN%' and cod_acervo > ${after}
                                                      order by cod_acervo limit ${Math.min(50_000, n - from)}) b`,
      )
    )[0]?.last;
    if (upTo === null || upTo === undefined) break;
    await database.db.execute(
      sql`insert into network_titles (cod_empresa, identifier, datestamp, link, marc, cod_tipo_obra, title, responsibility, author, added_authors, subjects,
                                      edition, place, publisher, ano_publicacao, idioma, physical_description, series, notes, call_number, isbn, issn,
                                      link_capa, acesso_remoto, possui_acessibilidade, cod_area_conhecimento, dados_adicionais)
          select (${`{${partners.map((p) => p.id).join(',')}}`}::int[])[1 + t.cod_acervo % ${partners.length}], 'oai:bench:' || t.cod_acervo, to_char(t.updated_at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                 null, t.marc, t.cod_tipo_obra, t.title, t.responsibility, t.author, t.added_authors, t.subjects, t.edition, t.place, t.publisher,
                 t.ano_publicacao, t.idioma, t.physical_description, t.series, t.notes, t.call_number, t.isbn, t.issn, t.link_capa, t.acesso_remoto,
                 t.possui_acessibilidade, t.cod_area_conhecimento, t.dados_adicionais
          from titles t where t.control_number like 'GEN%' and t.cod_acervo > ${after} and t.cod_acervo <= ${upTo}
          on conflict do nothing`,
    );
    after = upTo;
    process.stderr.write(`  ${Math.min(from + 50_000, n)}\n`);
  }
  await database.db.execute(sql`analyze network_titles`);
  process.stderr.write(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

/** The sample of generated titles a mix draws from (one in 97, by the draw's number). */
async function sampleTitles(draw: number) {
  return queryRows<{ title: string; author: string | null; subject: string | null }>(
    database.db,
    sql`select title, author, subjects[1] as subject from titles where control_number like 'GEN%' and cod_acervo % 97 = ${draw % 97} order by cod_acervo limit 2000`,
  );
}

/**
 * Issue 26's "did you mean" mix: searches as the normal mix draws them (1–3 title words, an
 * author's surname in the author field, 2–3 title words), with their longest word misspelt as
 * patrons do — two letters swapped, one dropped or doubled, ç/c/s/z or x/ch confused, accents
 * dropped — so most find nothing and the answer is the suggestion's.
 */
async function misspeltMix(n: number, draw: number): Promise<string[]> {
  let seed = 4242 + draw;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const sample = await sampleTitles(draw);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const words = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2);
  const out: string[] = [];
  while (out.length < n) {
    const t = pick(sample);
    const r = rnd();
    const params = new URLSearchParams();
    let ws: string[];
    if (r < 0.5) {
      const all = words(t.title);
      ws = Array.from({ length: 1 + Math.floor(rnd() * Math.min(3, all.length)) }, () => pick(all));
    } else if (r < 0.8 && t.author) {
      ws = words(t.author.split(',')[0]!);
      params.set('campo1', 'autor');
    } else {
      const all = words(t.title);
      const start = Math.floor(rnd() * Math.max(1, all.length - 2));
      ws = all.slice(start, start + 2 + Math.floor(rnd() * 2));
    }
    const longest = ws.reduce((best, w, i) => (w.length > ws[best]!.length ? i : best), 0);
    if (!ws[longest] || ws[longest]!.length < 5) continue;
    ws[longest] = misspell(ws[longest]!, rnd);
    params.set('termo1', ws.join(' '));
    out.push(params.toString());
  }
  return out;
}

/** One typo in a word (five letters or more), as patrons make them. */
function misspell(word: string, rnd: () => number): string {
  const at = 1 + Math.floor(rnd() * (word.length - 2));
  const kind = Math.floor(rnd() * 5);
  const folded = word.normalize('NFD').replace(/\p{M}/gu, '');
  if (kind === 0) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 2) return word.slice(0, at) + word[at] + word.slice(at);
  if (kind === 3 && folded !== word) return folded;
  const sound = word
    .replace(/ç/, 's')
    .replace(/ss/, 's')
    .replace(/ch/, 'x')
    .replace(/z/, 's')
    .replace(/c([ei])/, 's$1');
  return sound !== word ? sound : word.slice(0, at) + word.slice(at + 1);
}

/**
 * Issue 26's typeahead mix: what the search box sends as a patron types — the first 3 to 12
 * characters of a title, an author's surname or a subject, in any field (60 %) or the heading's
 * own (40 %).
 */
async function typeaheadMix(n: number, draw: number): Promise<string[]> {
  let seed = 777 + draw;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const sample = await sampleTitles(draw);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const out: string[] = [];
  while (out.length < n) {
    const t = pick(sample);
    const r = rnd();
    const [heading, campo] =
      r < 0.4 ? [t.title, 'titulo'] : r < 0.75 && t.author ? [t.author, 'autor'] : t.subject ? [t.subject, 'assunto'] : [t.title, 'titulo'];
    const typed = heading.slice(0, 3 + Math.floor(rnd() * 10)).trim();
    if (typed.replace(/[^\p{L}\p{N}]/gu, '').length < 3) continue;
    const params = new URLSearchParams({ termo: typed });
    if (rnd() >= 0.6) params.set('campo', campo);
    out.push(params.toString());
  }
  return out;
}

/**
 * Issue 27's broad mix: searches a patron types that match 1–5 % of the catalogue, drawn from the
 * catalogue's own frequencies (the search vocabulary, migration 0040): a single frequent word in
 * any field (40 %), a frequent subject heading in the subject field (30 %), a frequent author
 * surname in the author field (30 %); a third with a facet filter, some on a later page.
 */
async function broadMix(n: number, draw: number): Promise<string[]> {
  let seed = 2727 + draw;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const low = Math.ceil(total * 0.01);
  const high = Math.floor(total * 0.05);
  const words = await queryRows<{ word: string }>(
    database.db,
    sql`select word from search_terms where n between ${low} and ${high} and word ~ '^[[:alpha:]]{3,}$' order by word`,
  );
  const subjects = await queryRows<{ display: string }>(
    database.db,
    sql`select display from search_headings where kind = 's' and n between ${low} and ${high} order by key`,
  );
  const surnames = await queryRows<{ word: string }>(
    database.db,
    sql`select word from search_terms where n_b between ${low} and ${high} and word ~ '^[[:alpha:]]{3,}$' order by word`,
  );
  const types = await queryRows<{ t: number }>(database.db, sql`select distinct cod_tipo_obra as t from titles order by 1`);
  if (words.length + subjects.length + surnames.length === 0) throw new Error('no word, subject or surname matches 1–5 % of the titles');
  const out: string[] = [];
  while (out.length < n) {
    const r = rnd();
    const params = new URLSearchParams();
    if (r < 0.4 && words.length) params.set('termo1', pick(words).word);
    else if (r < 0.7 && subjects.length) {
      params.set('termo1', pick(subjects).display);
      params.set('campo1', 'assunto');
    } else if (surnames.length) {
      params.set('termo1', pick(surnames).word);
      params.set('campo1', 'autor');
    } else continue;
    if (rnd() < 0.33) params.append('filtro', `T:${pick(types).t}`);
    if (rnd() < 0.15) params.set('pagina', String(2 + Math.floor(rnd() * 10)));
    out.push(params.toString());
  }
  return out;
}
