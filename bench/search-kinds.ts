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
import { loadConfig } from '../packages/api/src/config.js';
import { openDatabase } from '../packages/api/src/db/client.js';
import { SearchIndex } from '../packages/api/src/modules/search/search.index.js';
import { search } from '../packages/api/src/modules/search/search.service.js';
import { calibrate, formatCalibration } from './calibrate.js';
import { normalMix } from './mix.js';

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

const draws = await Promise.all(Array.from({ length: Number(values.draws) }, (_, i) => normalMix(database.db, Number(values.count), 10 + i)));
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
