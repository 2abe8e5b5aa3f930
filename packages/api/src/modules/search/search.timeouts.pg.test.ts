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

/** A statement timeout far above what a BEGIN or a SET takes on a loaded machine, far below the lock's hold. */
const TIMEOUT_MS = 300;
const HOLD_MS = 1_200;

beforeAll(async () => {
  database = await createTestDatabase();
  await importMarcRecords(database.db, generateTitleRecords(300));
  // Connections whose every statement is cut at 300 ms, while the titles are locked for longer
  // than that: as the calls' 30-second limits are for a catalogue of millions, whose whole reads
  // take minutes. (A lock, not a 1-ms timer: a timer that short fired inside PostgreSQL's own
  // bookkeeping on a loaded machine and was reported as a user's cancel.)
  pool = new pg.Pool({ connectionString: database.url!, max: 2, options: `-c statement_timeout=${TIMEOUT_MS}` });
  strict = drizzle(pool, { schema }) as unknown as Db;
});
afterAll(async () => {
  await pool.end();
  await database.dispose();
});

/** Runs `work` while another connection holds the titles table locked for HOLD_MS. */
async function whileTitlesLocked<T>(work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database.url! });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('lock table titles in access exclusive mode');
    const done = work().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await client.query('rollback');
    const outcome = await done;
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  } finally {
    await client.end();
  }
}

describe('whole-catalogue reads on connections with call timeouts (issue 59)', () => {
  it('the statement timeout cuts an ordinary read that waits past it', async () => {
    await expect(whileTitlesLocked(() => pool.query('select count(*) from titles'))).rejects.toMatchObject({
      code: '57014',
      message: expect.stringMatching(/statement timeout/),
    });
  });

  it('read the snapshot and the posting lists whole, however long they take', async () => {
    const snapshot = await whileTitlesLocked(() => readSnapshot(strict));
    expect(snapshot.all.length).toBe(300);
    const postings = await whileTitlesLocked(() => Postings.read(strict));
    expect(await postings.patchTo(strict, snapshot)).toBe(0);
    expect(postings.stats().lexemes).toBeGreaterThan(300);
  });
});
