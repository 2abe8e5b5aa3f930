import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { type Db, queryRows } from '../../db/client.js';
import { generateTitleRecords } from '../../seed/generator.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { readOrdersIn } from './search.snapshot.js';
import { CATALOGUE } from './search.source.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await importMarcRecords(database.db, generateTitleRecords(30));
});
afterAll(() => database.dispose());

const visible = async (db: Db) =>
  (await queryRows<{ id: number }>(db, sql`select cod_acervo as id from titles where not suppressed order by title_fold, cod_acervo`)).map((r) => r.id);

describe('a full read sorting its orders on a second connection (issue 59)', () => {
  it("sorts the titles of the read's own snapshot, not those written since on another connection", async () => {
    await database.db.transaction(
      async (tx) => {
        const read = tx as unknown as Db;
        const [exported] = await queryRows<{ snapshot: string }>(read, sql`select pg_export_snapshot() as snapshot`);
        const seen = await visible(read);
        // Written and committed after the read's snapshot was taken, on another connection.
        const report = await importMarcRecords(database.db, generateTitleRecords(5, 31));
        expect(report.rejected).toEqual([]);
        expect((await visible(database.db)).length).toBe(seen.length + 5);
        const size = Math.max(...seen, ...(await visible(database.db))) + 1;
        const orders = await readOrdersIn(database.db, exported!.snapshot, CATALOGUE, size, 7);
        for (const order of [orders.title, orders.author, orders.newest]) expect([...order.ids].sort((a, b) => a - b)).toEqual([...seen].sort((a, b) => a - b));
        expect(orders.newest.ids[0]).toBe(Math.max(...seen));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  });

  it('refuses a name that is not a snapshot, asking nothing', async () => {
    await expect(readOrdersIn(database.db, "1'; drop table titles; --", CATALOGUE, 100, 7)).rejects.toThrow(/not a snapshot/);
    expect((await visible(database.db)).length).toBeGreaterThan(30);
  });
});
