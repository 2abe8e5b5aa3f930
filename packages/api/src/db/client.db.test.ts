import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { queryRows, rowsByKey } from './client.js';

/**
 * A transaction that cannot even begin (on PostgreSQL: the connection died before BEGIN
 * answered, as in a database restart) gives its connection back. drizzle-orm's own transaction
 * kept it: after as many failures as the pool has connections (10), every call waited out the
 * connect timeout and failed, and shutdown waited for ever.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe('transactions', () => {
  it('that fail at BEGIN give their connection back: the database still answers after many', async () => {
    // An isolation level PostgreSQL does not know makes BEGIN itself fail.
    const bogus = { isolationLevel: 'no such level' } as unknown as Parameters<typeof database.db.transaction>[1];
    for (let i = 0; i < 15; i++) {
      await expect(database.db.transaction(async () => 'never', bogus)).rejects.toThrow();
    }
    const [row] = await queryRows<{ answer: number }>(database.db, sql`select 42 as answer`);
    expect(row?.answer).toBe(42);
    expect(await database.db.transaction(async (tx) => (await queryRows<{ n: number }>(tx, sql`select 1 as n`))[0]?.n)).toBe(1);
  });
});

describe('rowsByKey', () => {
  const page = (after: number) => sql`select n from generate_series(1, 23) as n where n > ${after} order by n limit 5`;
  const key = (row: { n: number }) => row.n;

  it('reads every row once, in order, in batches of at most the size asked', async () => {
    const batches: number[][] = [];
    for await (const rows of rowsByKey(database.db, page, key, 5)) batches.push(rows.map(key));
    expect(batches.map((b) => b.length)).toEqual([5, 5, 5, 5, 3]);
    expect(batches.flat()).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    const after = [];
    for await (const rows of rowsByKey(database.db, page, key, 5, 20)) after.push(...rows.map(key));
    expect(after).toEqual([21, 22, 23]);
  });

  it('lets a caller stop early, and reports a failing batch to the caller that takes it', async () => {
    for await (const rows of rowsByKey(database.db, page, key, 5)) {
      expect(rows.map(key)).toEqual([1, 2, 3, 4, 5]);
      break;
    }
    // The third batch fails (a division by zero past key 10): the two before it arrive, then the error.
    const failing = (after: number) =>
      sql`select n / (case when ${after} >= 10 then 0 else 1 end) as n from generate_series(1, 23) as n where n > ${after} order by n limit 5`;
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const rows of rowsByKey(database.db, failing, key, 5)) seen.push(...rows.map(key));
      })(),
    ).rejects.toThrow();
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const [row] = await queryRows<{ answer: number }>(database.db, sql`select 42 as answer`);
    expect(row?.answer).toBe(42);
  });
});
