import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { queryRows } from './client.js';

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
