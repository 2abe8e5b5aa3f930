import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue, seedDemoIfEmpty } from '../seed/demo.js';
import { type Database, openDatabase, queryRows } from './client.js';
import { makeTemplate, startFromTemplate, templatePath } from './pglite-template.js';

/**
 * The installation's embedded-database templates (issue 25: a fresh `npm start` within 10 s):
 * made as `npm install` makes them, a new data directory starts from one and ends up the same
 * library a start without it seeds; a directory in use is never touched.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'estante-templates-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function inside<T>(dataDir: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
const count = async (database: Database, query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(database.db, query))[0]!.n;

describe('embedded database templates', () => {
  it('starts a new data directory from the demo template and seeds the rest of the demo library', async () => {
    await makeTemplate('empty', (dataDir) => inside(dataDir, (database) => database.migrate()), { dir });
    await makeTemplate('demo-30', (dataDir) => inside(dataDir, (database) => seedDemoCatalogue(database.db, 30).then(() => undefined)), { from: 'empty', dir });
    // The half-made directories are gone; the templates are whole.
    expect(readdirSync(dir).sort()).toEqual([path.basename(templatePath('demo-30', dir)), path.basename(templatePath('empty', dir))].sort());

    const dataDir = path.join(dir, 'data', 'pglite');
    expect(startFromTemplate(dataDir, ['demo-40', 'demo-30', 'empty'], dir)).toBe('demo-30');
    const summary = await inside(dataDir, async (database) => {
      await database.migrate();
      const seeded = await seedDemoIfEmpty(database.db, { titles: 30, catalogueSeeded: true });
      // The library a start without the template seeds: titles with copies, patrons, loans,
      // and acquisition dates spread over two years rather than all on the day of installing.
      expect(await count(database, sql`select count(*)::int as n from titles where control_number like 'GEN%'`)).toBe(30);
      expect(await count(database, sql`select count(*)::int as n from titles`)).toBeGreaterThan(30 + 150);
      expect(await count(database, sql`select count(distinct cod_acervo)::int as n from copies`)).toBeGreaterThan(150);
      expect(await count(database, sql`select count(*)::int as n from logins where login = 'aluno'`)).toBe(1);
      expect(await count(database, sql`select count(*)::int as n from loans`)).toBeGreaterThan(0);
      expect(await count(database, sql`select count(distinct created_at::date)::int as n from titles`)).toBeGreaterThan(100);
      return seeded;
    });
    expect(summary?.generatedTitles).toBe(30);
    expect(summary?.realRecords.inserted).toBeGreaterThan(150);
    // The template itself is as it was: a copy was used.
    await inside(templatePath('demo-30', dir), async (database) => {
      expect(await count(database, sql`select count(*)::int as n from loans`)).toBe(0);
    });
  }, 120_000);

  it('leaves a directory that holds anything alone, and answers null without a template', () => {
    const used = path.join(dir, 'used');
    mkdirSync(used, { recursive: true });
    writeFileSync(path.join(used, 'PG_VERSION'), '17\n');
    expect(startFromTemplate(used, ['empty'], dir)).toBeNull();
    expect(readdirSync(used)).toEqual(['PG_VERSION']);
    const fresh = path.join(dir, 'fresh');
    expect(startFromTemplate(fresh, ['demo-99'], dir)).toBeNull();
    expect(existsSync(fresh)).toBe(false);
  });
});
