import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { createNetworkPartner } from '../../../test/factories/network.js';
import { claimDuePartner } from './network.harvest.queries.js';

/**
 * The harvest lease (decision 0026): however many job runs ask at once — several API workers on
 * PostgreSQL — each partner due is taken by one of them, and a leased partner by none.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const n of [1, 2, 3, 4])
    await createNetworkPartner(database.db, {
      nome: `Parceiro ${n}`,
      baseUrl: `http://parceiro-${n}.invalid/oai`,
      nextAttemptAt: n === 4 ? sql`now() + interval '1 hour'` : null,
    });
});
afterAll(() => database.dispose());

describe('twenty harvest runs claiming partners at once', () => {
  it('give each due partner to exactly one run, and the one not due to none', async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, () => claimDuePartner(database.db, [], 1200)));
    const taken = claims.filter((c) => c !== null).map((c) => c!.nome);
    expect(taken.sort()).toEqual(['Parceiro 1', 'Parceiro 2', 'Parceiro 3']);
    // Leased now: nobody takes them again until the lease ends.
    expect(await claimDuePartner(database.db, [], 1200)).toBeNull();
  });
});
