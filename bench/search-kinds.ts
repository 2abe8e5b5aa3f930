/**
 * `npm run bench:search-kinds -- [--count K] [--draws D] [--rounds R] [--prewarm W] [--only KIND]`
 *
 * The CPU one search of each kind costs in the search index itself, in this process: the
 * index is loaded from the kept files in DATA_DIR (a restart's, written by a `bench:search`
 * run on the same DATABASE_URL), its frequent words read ahead as a server's are, then D draws
 * of the normal mix (bench:search's, other seeds) are searched one at a time as service calls
 * and each search's CPU (process.cpuUsage: this process; PostgreSQL apart) is added to its
 * kind's. Each draw is a first sight of its texts. R rounds repeat it on a new index each, so
 * a change can be compared against the spread of one code's runs (the first round also pays
 * for compiling the code). `--only KIND` searches that kind alone ("phrase", "author, filtered"…).
 */
import { parseArgs } from 'node:util';
import { consultaQueryFromParams, consultaQuerySchema } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/api/src/config.js';
import { openDatabase, queryRows } from '../packages/api/src/db/client.js';
import { SearchIndex } from '../packages/api/src/modules/search/search.index.js';
import { search } from '../packages/api/src/modules/search/search.service.js';
import { calibrate, formatCalibration } from './calibrate.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '400' },
    draws: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    prewarm: { type: 'string', default: '2000' },
    only: { type: 'string' },
  },
});
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
const database = await openDatabase(config.database);

interface Query {
  kind: string;
  q: string;
}

const draws = await Promise.all(Array.from({ length: Number(values.draws) }, (_, i) => queryMix(Number(values.count), 10 + i)));
const calibrated = await calibrate();
console.log(`calibration: ${formatCalibration(calibrated)}`);
const kinds = ['keywords', 'keywords, filtered', 'phrase', 'phrase, filtered', 'author', 'author, filtered', 'deep page', 'deep page, filtered'];
for (let round = 0; round < Number(values.rounds); round++) {
  const index = new SearchIndex(database.db, {
    cacheMegabytes: config.searchCacheMb,
    prewarmWords: Number(values.prewarm),
    snapshotDir: config.searchSnapshotDir,
  });
  await index.current();
  await index.postingsReady();
  await index.warm();
  const cpu = new Map<string, { ms: number; n: number }>();
  for (const draw of draws)
    for (const { kind, q } of draw) {
      if (values.only && kind !== values.only) continue;
      const parsed = consultaQuerySchema.parse(consultaQueryFromParams(new URLSearchParams(q)));
      const before = process.cpuUsage();
      await search(index, parsed, 'pt');
      const spent = process.cpuUsage(before);
      const k = cpu.get(kind) ?? { ms: 0, n: 0 };
      k.ms += (spent.user + spent.system) / 1000;
      k.n++;
      cpu.set(kind, k);
    }
  const all = [...cpu.values()].reduce((a, b) => ({ ms: a.ms + b.ms, n: a.n + b.n }), { ms: 0, n: 0 });
  console.log(
    `round ${round + 1}: all ${(all.ms / all.n).toFixed(2)} ms a search (${all.n}); ` +
      kinds.map((k) => `${k} ${cpu.get(k) ? (cpu.get(k)!.ms / cpu.get(k)!.n).toFixed(2) : '-'} (${cpu.get(k)?.n ?? 0})`).join('; '),
  );
}

console.log(`calibration after: ${formatCalibration(await calibrate())}`);
await database.close();

/** bench:search's normal mix (queryMix there), each query with its kind. */
async function queryMix(n: number, draw: number): Promise<Query[]> {
  let seed = 42 + draw;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const sample = await queryRows<{ title: string; author: string | null; idioma: string | null; ano_publicacao: number | null; cod_tipo_obra: number }>(
    database.db,
    sql`select title, author, idioma, ano_publicacao, cod_tipo_obra from titles where control_number like 'GEN%' and cod_acervo % 97 = ${draw % 97} order by cod_acervo limit 2000`,
  );
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const words = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2);
  const out: Query[] = [];
  for (let i = 0; i < n; i++) {
    const t = pick(sample);
    const r = rnd();
    const params = new URLSearchParams();
    let kind: string;
    if (r < 0.45) {
      const ws = words(t.title);
      const k = 1 + Math.floor(rnd() * Math.min(3, ws.length));
      params.set('termo1', Array.from({ length: k }, () => pick(ws)).join(' '));
      kind = 'keywords';
    } else if (r < 0.65) {
      const ws = words(t.title);
      const start = Math.floor(rnd() * Math.max(1, ws.length - 2));
      params.set('termo1', ws.slice(start, start + 2 + Math.floor(rnd() * 2)).join(' '));
      params.set('tipo1', 'frase');
      kind = 'phrase';
    } else if (r < 0.85 && t.author) {
      params.set('termo1', t.author.split(',')[0]!);
      params.set('campo1', 'autor');
      kind = 'author';
    } else {
      params.set('termo1', pick(words(t.title)));
      params.set('pagina', String(2 + Math.floor(rnd() * 40)));
      kind = 'deep page';
    }
    if (rnd() < 0.33) {
      params.append('filtro', `T:${t.cod_tipo_obra}`);
      if (rnd() < 0.5 && t.idioma) params.append('filtro', `I:${t.idioma}`);
      else if (t.ano_publicacao) params.append('filtro', `Y:${t.ano_publicacao}`);
      kind += ', filtered';
    }
    out.push({ kind, q: params.toString() });
  }
  return out;
}
