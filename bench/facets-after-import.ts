/**
 * `npm run bench:facets-after-import -- [--records 10000] [--words 200] [--batch 1000]` (issue 59,
 * item 1; decision 0067): what the broad searches cost right after an import.
 *
 * Needs DATABASE_URL (a PostgreSQL server holding a large catalogue, e.g. after `npm run generate
 * -- --titles 1000000`). Builds the search index in this process as a server does (snapshot,
 * posting lists, the frequent words read and their facets counted ahead), then searches each of
 * the `--words` most frequent words once (their facets kept: a second sight); imports N generated
 * titles in batches as a file import or a harvest writes them (each batch a transaction), waits
 * for the index to patch itself, and searches the same words once more — their first search on
 * the new snapshot. Prints both passes' p50/p95 and CPU ms a search, the patch's time, and how
 * many kept facets the patch carried or gave up. The database grows by N titles a run.
 */
import { parseArgs } from 'node:util';
import { newSearchState, searchRow } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/api/src/config.js';
import { openDatabase, queryRows } from '../packages/api/src/db/client.js';
import type { ReadItem } from '../packages/api/src/marc/iso2709.js';
import { importMarcRecords } from '../packages/api/src/modules/catalog/catalog.import.js';
import { PREWARM_WORDS } from '../packages/api/src/modules/search/search.config.js';
import { SearchIndex } from '../packages/api/src/modules/search/search.index.js';
import { frequentWords } from '../packages/api/src/modules/search/search.queries.js';
import { generateRecord } from '../packages/api/src/seed/generator.js';
import { calibrate, formatCalibration } from './calibrate.js';

const { values } = parseArgs({
  // --settle S: wait S seconds after the index moved before searching (the facets a patch gave up are counted again meanwhile).
  options: {
    records: { type: 'string', default: '10000' },
    words: { type: 'string', default: '200' },
    batch: { type: 'string', default: '1000' },
    settle: { type: 'string', default: '0' },
  },
});
const records = Number(values.records);
const wordCount = Number(values.words);
const batch = Number(values.batch);
if (![records, wordCount, batch].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--records, --words and --batch take whole numbers');

const config = loadConfig();
if (config.database.kind !== 'postgres') throw new Error('set DATABASE_URL to a PostgreSQL database holding a large catalogue');
const database = await openDatabase(config.database);
const calibration = await calibrate();

const started = performance.now();
// Every snapshot waited for: the pass after the import searches the patched one.
const index = new SearchIndex(database.db, { prewarmWords: PREWARM_WORDS, waitForSnapshotMs: Number.POSITIVE_INFINITY });
const { snapshot } = await index.warm();
console.log(
  `# facets after an import — postgres, ${snapshot.all.length.toLocaleString('en')} titles, ${records.toLocaleString('en')} imported in batches of ${batch}`,
);
console.log(`index ready (snapshot, lists, words read ahead, broad facets counted ahead) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(formatCalibration(calibration));

// The broad words: found in the most titles (their facets counted ahead at start).
const words = await frequentWords(database.db, 1000, wordCount);

async function pass(name: string): Promise<void> {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (const word of words) {
    const t0 = performance.now();
    const outcome = await index.run(newSearchState({ linhas: [searchRow(word)], quantPag: 20 }));
    if (!outcome) throw new Error(`no outcome for ${word}`);
    times.push(performance.now() - t0);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `| ${name} | ${words.length} | ${at(0.5)} | ${at(0.95)} | ${times.at(-1)!.toFixed(1)} | ${((used.user + used.system) / 1000 / words.length).toFixed(1)} |`,
  );
}

const numbered = await queryRows<{ next: number }>(
  database.db,
  sql`select coalesce(max(substring(control_number from 4)::int), 0) + 1 as next from titles where control_number ~ '^GEN[0-9]+$'`,
);
const next = numbered[0]?.next ?? 1;
console.log('| pass | words | p50 ms | p95 ms | max ms | CPU ms a search (this process) |');
console.log('| --- | --- | --- | --- | --- | --- |');
await pass('before the import (facets kept)');
const importStarted = performance.now();
for (let from = 0; from < records; from += batch) {
  const items = Array.from({ length: Math.min(batch, records - from) }, (_, i): ReadItem => {
    const n = next + from + i;
    return { kind: 'record', position: n, offset: n, record: generateRecord(n), warnings: [] };
  });
  await importMarcRecords(database.db, items);
}
const importMs = performance.now() - importStarted;
const patchStarted = performance.now();
const patchCpu = process.cpuUsage();
const patched = await index.current();
const patchWall = performance.now() - patchStarted;
const patchUsed = process.cpuUsage(patchCpu);
if (Number(values.settle) > 0) await new Promise((resolve) => setTimeout(resolve, Number(values.settle) * 1000));
await pass('after the import (first search on the patched snapshot)');
await pass('after the import, again');
const stats = index.stats();
console.log(
  `import ${(importMs / 1000).toFixed(1)} s; the index moved to it in ${(patchWall / 1000).toFixed(2)} s wall, ${((patchUsed.user + patchUsed.system) / 1e6).toFixed(2)} s CPU ` +
    `(${patched.all.length.toLocaleString('en')} titles, patch ${stats.patchMs?.toFixed(0)} ms, ${stats.changedTitles} titles changed, ${stats.patches} patch(es), ${stats.fullReads} full read(s)); ` +
    `kept facets carried ${stats.facetsCarried}, given up ${stats.facetsRecounted} (${stats.facetsCountedAgain} counted again in the background), kept now ${stats.facetSets}; rankings carried ${stats.rankingsCarried}, decoded lists ${stats.listsCarried}`,
);
await database.close();
