/**
 * Run by `npm install` / `npm ci` (the root package's `prepare`): what a first `npm start` would
 * otherwise wait for (issue 25: a fresh machine answers within 10 s once installed) — the web
 * app's build, and the embedded database's templates (packages/api/src/db/pglite-template.ts):
 * `empty` (PGlite's initdb and the migrations, done once) and `demo-<titles>` (that and the
 * date-free part of the demo seed), the server bundled into one JavaScript file (decision 0068,
 * what `npm start` runs) and the API's TypeScript compiled into tsx's cache (what the CLIs run).
 * Any of them failing only costs the first start time.
 */
import { loadConfig } from '../packages/api/src/config.js';
import { type Database, openDatabase } from '../packages/api/src/db/client.js';
import { makeTemplate } from '../packages/api/src/db/pglite-template.js';
import { seedDemoCatalogue } from '../packages/api/src/seed/demo.js';
import { freshServerBundle } from './server-bundle.mjs';
import { buildWebIfStale } from './web-build.js';

const started = performance.now();
buildWebIfStale();
await freshServerBundle();
try {
  // The demo's size as `npm start` would seed it (DEMO_TITLES, else its default).
  const { demoTitles } = loadConfig({ DEMO_TITLES: process.env.DEMO_TITLES });
  const inside = async (dataDir: string, work: (database: Database) => Promise<void>) => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await work(database);
    } finally {
      await database.close();
    }
  };
  await makeTemplate('empty', (dataDir) => inside(dataDir, (database) => database.migrate()));
  const demo = await makeTemplate(
    `demo-${demoTitles}`,
    (dataDir) => inside(dataDir, (database) => seedDemoCatalogue(database.db, demoTitles).then(() => undefined)),
    {
      from: 'empty',
    },
  );
  process.stdout.write(`estante: embedded database templates ready (${demo} and the empty one beside it)\n`);
} catch (error) {
  process.stderr.write(`estante: no embedded database template (${(error as Error).message}); the first start makes its database itself\n`);
}
// The API's modules compiled once now (tsx keeps what it compiles): a first start only loads them.
await import('../packages/api/src/app.js').catch(() => undefined);
process.stdout.write(`estante: prepared in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
