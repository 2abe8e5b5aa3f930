import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { generateTitleRecords } from '../../seed/generator.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { Postings } from './search.postings.js';
import { readSnapshot } from './search.snapshot.js';

let database: TestDatabase;
let pool: pg.Pool;
let strict: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  await importMarcRecords(database.db, generateTitleRecords(300));
  // Connections whose every statement is cut at 1 ms: as
  // the calls' 30-second limits are for a catalogue of millions, whose whole reads take minutes.
  pool = new pg.Pool({ connectionString: database.url!, max: 2, options: '-c statement_timeout=1' });
  strict = drizzle(pool, { schema }) as unknown as Db;
});
afterAll(async () => {
  await pool.end();
  await database.dispose();
});

describe('whole-catalogue reads on connections with call timeouts (issue 59)', () => {
  it('a short statement timeout cuts an ordinary read here', async () => {
    await expect(pool.query('select pg_sleep(0.05)')).rejects.toThrow(/statement timeout/);
  });

  it('read the snapshot and the posting lists whole, however long they take', async () => {
    const snapshot = await readSnapshot(strict);
    expect(snapshot.all.length).toBe(300);
    const postings = await Postings.read(strict);
    expect(await postings.patchTo(strict, snapshot)).toBe(0);
    expect(postings.stats().lexemes).toBeGreaterThan(300);
  });
});
