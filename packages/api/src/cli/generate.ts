import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { callAdmin } from '../admin/channel.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { addGeneratedTitles, seedDemoIfEmpty } from '../seed/demo.js';

/**
 * `npm run generate -- --titles N [--from K]`: adds generated titles GEN…K to GEN…K+N-1 (with
 * copies) to the configured database, for benchmarks at scale. Seeds the demo library first
 * when the database is empty. Re-running with the same numbers changes nothing. While a server
 * runs on the embedded database, the work goes through it (its admin socket).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { titles: { type: 'string' }, from: { type: 'string', default: '1' } }, allowPositionals: true });
  const count = Number(values.titles);
  const from = Number(values.from);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(from) || from < 1) {
    throw new Error('usage: npm run generate -- --titles N [--from K]   (N, K whole numbers ≥ 1)');
  }
  const config = loadConfig();
  const started = Date.now();
  let last = 0;
  const report = (n: number) => {
    if (Date.now() - last > 2000 || n === count) {
      last = Date.now();
      process.stderr.write(`\rgenerated ${n}/${count} titles (${Math.round(n / Math.max(0.001, (Date.now() - started) / 1000))}/s)   `);
    }
  };
  if (config.adminSocket) {
    const answer = await callAdmin(config.adminSocket, { command: 'catalog.generate', args: [String(count), String(from)] }, (p) => report(Number(p.n)));
    if (answer) {
      process.stderr.write('\n');
      if (!answer.ok) throw new Error(answer.error);
      process.stdout.write(`${answer.output}\n`);
      return;
    }
  }
  const database = await openDatabase(config.database.kind === 'postgres' ? { ...config.database, work: 'batch' } : config.database);
  try {
    await database.migrate();
    await seedDemoIfEmpty(database.db, { titles: 0 });
    const { titles, copies } = await addGeneratedTitles(database.db, count, from, report);
    // The planner's statistics of a catalogue just grown (autovacuum's work, where it is off or behind).
    await database.db.execute(sql`analyze titles, copies`);
    process.stderr.write('\n');
    process.stdout.write(`${titles} titles and ${copies} copies written in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`generate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
