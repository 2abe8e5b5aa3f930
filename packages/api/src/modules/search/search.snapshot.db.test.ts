import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { asItems } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { readSnapshot } from './search.snapshot.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('search snapshot: the same catalogue read in any order', () => {
  it('names a heading spelt several ways by its first title, and numbers tied headings by their first title', async () => {
    const report = await importMarcRecords(
      database.db,
      asItems([
        { id: 'order-1', title: 'Solos tropicais', author: 'Ramos, Ana', subjects: ['Agronomia', 'Irrigação'] },
        { id: 'order-2', title: 'Suelos y cultivos', author: 'Ramos, Ana', subjects: ['Agronomía', 'Riego'] },
      ]),
    );
    expect(report.rejected).toEqual([]);
    const scanned = () => queryRows<{ id: number }>(database.db, sql`select cod_acervo as id from titles`);
    const [first, second] = (await scanned()).map((r) => r.id).sort((a, b) => a - b);
    const named = async () => {
      const { names } = (await readSnapshot(database.db)).multi.S;
      return { agronomy: names.find((name) => /^agronom/i.test(name)), order: names };
    };
    const before = await named();
    expect(before.agronomy).toBe('Agronomia');
    // Rewritten, the first title's row moves behind the second's: a table scan meets the second first.
    await database.db.execute(sql`update titles set notes = coalesce(notes, '') where cod_acervo = ${first!}`);
    expect((await scanned()).map((r) => r.id)).toEqual([second, first]);
    expect(await named()).toEqual(before);
  });
});
