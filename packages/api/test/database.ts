import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.js';
import { templateImage } from '../src/db/pglite-template.js';

/** The install's migrated empty template (npm install made it), as a tarball: once per test process. */
let image: Promise<Blob | null> | undefined;
function emptyImage(): Promise<Blob | null> {
  image ??= templateImage('empty', async (dataDir) => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      return await database.dump!();
    } finally {
      await database.close();
    }
  }).catch(() => null);
  return image;
}

/** Which engine this test run uses: set per Vitest project (pglite, or postgres with TEST_DATABASE_URL). */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.ESTANTE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** A fresh, migrated database for one test file; `dispose()` closes (and on PostgreSQL drops) it. */
export interface TestDatabase extends Database {
  url: string | null;
  dispose(): Promise<void>;
}

/**
 * Creates an empty migrated database: in-memory PGlite, or a new database on the server of
 * TEST_DATABASE_URL (dropped again by dispose), so test files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    // From the install's template when there is one (migrations newer than it still run).
    const start = await emptyImage();
    const database = await openDatabase({ kind: 'pglite', dataDir: null, ...(start ? { image: start } : {}) });
    await database.migrate();
    return { ...database, url: null, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('ESTANTE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `estante_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** `work` on a connection of its own to `url` (creating and dropping databases, cutting connections), closed after. */
export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
