import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { TextKeys } from './search.index.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

/** The database, counting the statements sent through it. */
function counting(db: Db): { db: Db; statements: () => number } {
  let statements = 0;
  const wrapped = Object.create(db) as Db;
  wrapped.execute = ((query: Parameters<Db['execute']>[0]) => {
    statements++;
    return db.execute(query);
  }) as Db['execute'];
  return { db: wrapped, statements: () => statements };
}

describe('TextKeys: the keys of words and phrases asked together', () => {
  it('asks the keys of one turn in one statement, each as PostgreSQL gives it alone, and remembers them', async () => {
    const { db, statements } = counting(database.db);
    const keys = new TextKeys(db);
    const words = ['Educação', 'educacao', 'a', 'bibliotecas', 'Saúde'];
    const phrase = 'A Educação, no Brasil!';
    const [similar, plain, title, twice] = await Promise.all([
      Promise.all(words.map((w) => keys.wordKey(w, true))),
      Promise.all(words.map((w) => keys.wordKey(w, false))),
      keys.titleKey(phrase),
      keys.wordKey('Educação', true),
    ]);
    expect(statements()).toBe(1);

    // Each as PostgreSQL answers it asked alone (one statement each, as before batching).
    const alone = async (w: string, s: boolean) => {
      const fresh = new TextKeys(database.db);
      return fresh.wordKey(w, s);
    };
    for (const [i, w] of words.entries()) {
      expect(similar[i]).toBe(await alone(w, true));
      expect(plain[i]).toBe(await alone(w, false));
    }
    expect(plain[0]).toBe("'educacao'");
    expect(plain[1]).toBe(plain[0]);
    // A stop word of every stemming language makes no query among similar words.
    expect(similar[2]).toBeNull();
    expect(plain[2]).not.toBeNull();
    const [{ k }] = (await queryRows<{ k: string }>(database.db, sql`select estante_key(${phrase}) as k`)) as [{ k: string }];
    expect(title).toBe(k);
    expect(twice).toBe(similar[0]);

    // Known now: asked again, nothing is sent.
    await Promise.all([...words.map((w) => keys.wordKey(w, false)), keys.titleKey(phrase)]);
    expect(statements()).toBe(1);
  });

  it('gives every caller of a failed statement its error, and asks again the next time', async () => {
    let fail = true;
    const failing = Object.create(database.db) as Db;
    failing.execute = ((query: Parameters<Db['execute']>[0]) =>
      fail ? Promise.reject(new Error('connection lost')) : database.db.execute(query)) as Db['execute'];
    const keys = new TextKeys(failing);
    const asked = await Promise.allSettled([keys.wordKey('livro', false), keys.titleKey('Livro'), keys.wordKey('livro', false)]);
    expect(asked.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    fail = false;
    expect(await keys.wordKey('livro', false)).toBe("'livro'");
  });
});
