/**
 * `npm run bench:snapshot-memory` (DATABASE_URL and DATA_DIR as for `bench:search`)
 *
 * What a kept search snapshot costs once loaded, in a bare process (no server, nothing read
 * ahead): the heap and the memory outside it (array buffers) after collecting three times,
 * before and after `SearchIndex` loads the snapshot and posting lists kept in DATA_DIR (written
 * by a `bench:search` run on the same database), the load's own time, the facets' value names
 * (how many, their characters) and what one full collection then takes. Run it with
 * `--expose-gc` (the npm script does).
 */
import { loadConfig } from '../packages/api/src/config.js';
import { openDatabase } from '../packages/api/src/db/client.js';
import { SearchIndex } from '../packages/api/src/modules/search/search.index.js';
import { MULTI_FACETS } from '../packages/api/src/modules/search/search.snapshot.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:snapshot-memory does)');
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
const database = await openDatabase(config.database);

const memory = (label: string) => {
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  const mb = (n: number) => (n / 1e6).toFixed(1);
  console.log(`${label}: heap ${mb(m.heapUsed)} MB, outside the heap ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)}), resident ${mb(m.rss)} MB`);
};

memory('before the snapshot');
const index = new SearchIndex(database.db, { cacheMegabytes: config.searchCacheMb, prewarmWords: 0, snapshotDir: config.searchSnapshotDir });
const snapshot = await index.current();
await index.postingsReady();
const { loadMs } = snapshot as { loadMs?: number };
console.log(
  loadMs === undefined ? 'snapshot read from the database (none kept in DATA_DIR for this code)' : `snapshot loaded from its file in ${loadMs.toFixed(1)} ms`,
);
memory('snapshot and posting lists loaded');
let names = 0;
let chars = 0;
for (const facet of MULTI_FACETS) {
  const list = snapshot.multi[facet].names;
  names += list.length;
  for (let value = 0; value < list.length; value++) chars += list.at(value)!.length;
}
console.log(`facet value names: ${names.toLocaleString('en')}, ${chars.toLocaleString('en')} characters`);
const collections = Array.from({ length: 5 }, () => {
  const started = performance.now();
  gc();
  return performance.now() - started;
}).sort((a, b) => a - b);
console.log(`a full collection: median ${collections[2]!.toFixed(1)} ms of 5`);
await database.close();
process.exit(0);
