import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdmin } from '../../test/database.js';
import { type Database, openDatabase } from './client.js';

/**
 * The startup lock (Database.exclusive, decision 0063) with twenty at once on PostgreSQL: what
 * several nodes starting together on one database do (migrate, derive, seed) runs one at a time,
 * and migrations asked twenty times at once on an empty database are applied once, without error.
 */
const adminUrl = process.env.TEST_DATABASE_URL!;
const name = `estante_exclusive_${randomBytes(5).toString('hex')}`;
let database: Database;

beforeAll(async () => {
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  database = await openDatabase({ kind: 'postgres', url: url.toString() });
});
afterAll(async () => {
  await database?.close();
  await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
});

describe('Database.exclusive on PostgreSQL', () => {
  it('applies the migrations once when twenty ask at once on an empty database', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => database.migrate()));
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const journal = readMigrationFiles({ migrationsFolder: fileURLToPath(new URL('./migrations', import.meta.url)) });
    const { rows } = await database.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect((rows[0] as { n: number }).n).toBe(journal.length);
    expect(await database.pendingMigrations()).toBe(0);
  });

  it('runs twenty works one at a time', async () => {
    let inside = 0;
    let most = 0;
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.exclusive(async () => {
          inside++;
          most = Math.max(most, inside);
          await sleep(10);
          inside--;
          done.push(i);
        }),
      ),
    );
    expect(most).toBe(1);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
