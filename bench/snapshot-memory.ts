/**
 * `npm run bench:snapshot-memory [-- --patch]` (DATABASE_URL and DATA_DIR as for `bench:search`)
 *
 * What a kept search snapshot costs once loaded, in a bare process (no server, nothing read
 * ahead): the heap and the memory outside it (array buffers) after collecting three times,
 * before and after `SearchIndex` loads the snapshot and posting lists kept in DATA_DIR (written
 * by a `bench:search` run on the same database), the load's own time, the facets' value names
 * (how many, their characters) and what one full collection then takes. With `--patch` it then
 * rewrites one title as it was (the change log names it, the catalogue's version moves), waits
 * for the index to patch its snapshot, and measures again: what a loaded snapshot holds once
 * the first import after a start has been taken in. Run it with `--expose-gc` (the npm script
 * does).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/api/src/config.js';
import { openDatabase, queryRows } from '../packages/api/src/db/client.js';
import { SearchIndex } from '../packages/api/src/modules/search/search.index.js';
import { MULTI_FACETS } from '../packages/api/src/modules/search/search.snapshot.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:snapshot-memory does)');
const { values } = parseArgs({ options: { patch: { type: 'boolean', default: false } } });
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
const loaded = await index.current();
await index.postingsReady();
// Only its version is held from here: the index alone decides what the snapshot keeps alive.
const { version, loadMs } = loaded as { version: number; loadMs?: number };
console.log(
  loadMs === undefined ? 'snapshot read from the database (none kept in DATA_DIR for this code)' : `snapshot loaded from its file in ${loadMs.toFixed(1)} ms`,
);
const [latest] = await queryRows<{ version: number }>(database.db, sql`select version from catalog_version`);
if (latest && Number(latest.version) !== version)
  console.log(`(the kept snapshot is of version ${version}, the catalogue is at ${latest.version}: the index is patching it meanwhile)`);
let names = 0;
let chars = 0;
for (const facet of MULTI_FACETS) {
  const list = loaded.multi[facet].names;
  names += list.length;
  for (let value = 0; value < list.length; value++) chars += list.at(value)!.length;
}
memory('snapshot and posting lists loaded');
console.log(`facet value names: ${names.toLocaleString('en')}, ${chars.toLocaleString('en')} characters`);
const collections = Array.from({ length: 5 }, () => {
  const started = performance.now();
  gc();
  return performance.now() - started;
}).sort((a, b) => a - b);
console.log(`a full collection: median ${collections[2]!.toFixed(1)} ms of 5`);
if (values.patch) {
  await database.db.execute(sql`update titles set title = title where cod_acervo = (select min(cod_acervo) from titles)`);
  let patched: { version: number; patchMs?: number } = await index.current();
  for (let i = 0; i < 600 && patched.version === version; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    patched = await index.current();
  }
  console.log(
    patched.version === version
      ? 'no patch within a minute'
      : patched.patchMs === undefined
        ? 'the snapshot was read whole again, not patched'
        : `patched in ${patched.patchMs.toFixed(0)} ms`,
  );
  patched = { version: patched.version };
  memory('after the patch');
}
await database.close();
process.exit(0);
