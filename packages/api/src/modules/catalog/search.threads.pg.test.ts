import { newSearchState, type SearchState, searchRow } from '@estante/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { asItems } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import { generateTitleRecords } from '../../seed/generator.js';
import { importMarcRecords } from './catalog.import.js';
import { SearchIndex } from './search.index.js';
import type { Call } from './search.remote.js';
import { NETWORK } from './search.source.js';
import { SearchThreads } from './search.threads.js';

/**
 * The primary's search threads (decision 0040, session 27): the main thread's index makes the
 * snapshot in shared memory and each thread searches it with its own caches. Every thread must
 * answer as one index over the same catalogue does, and a catalogue change must reach each.
 */
let database: TestDatabase;
let threads: SearchThreads;
let keepers: { catalogue: SearchIndex; network: SearchIndex };
/** Threads that stopped (none should). */
const stops: unknown[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await importMarcRecords(database.db, generateTitleRecords(300));
  keepers = {
    catalogue: new SearchIndex(database.db, { feedsThreads: true }),
    network: new SearchIndex(database.db, { feedsThreads: true, source: NETWORK }),
  };
  threads = new SearchThreads(
    keepers,
    { database: { kind: 'postgres', url: database.url! }, cacheMegabytes: 16, prewarmWords: 0, snapshotDir: null },
    2,
    (error) => stops.push(error),
  );
}, 60_000);

afterAll(async () => {
  await threads?.close();
  await database?.dispose();
});

/** A call answered by the thread it is routed to (its answer crosses as JSON text). */
async function answered(call: Call): Promise<unknown> {
  return JSON.parse((await threads.answer(call)).json) as unknown;
}

function call(op: Call['op'], ...args: unknown[]): Call {
  return { estanteSearch: 0, source: 'catalogue', op, args, primary: false, namesOf: null };
}

interface Wire {
  page: number[];
  total: number;
  facets: [string, string, number, number][];
  version: number;
}

describe('search threads over one shared snapshot', () => {
  it('answer every call as one index does, from a snapshot made once in shared memory', async () => {
    const alone = new SearchIndex(database.db);
    const snapshot = await keepers.catalogue.current();
    expect(snapshot.row.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(snapshot.order.title.ids.buffer).toBeInstanceOf(SharedArrayBuffer);

    const [title] = await queryRows<{ title: string }>(database.db, sql`select title from titles where title ~ '[[:alpha:]]{5}' order by cod_acervo limit 1`);
    const word = title!.title.split(/\s+/).find((w) => /^\p{L}{5,}$/u.test(w))!;
    const states: SearchState[] = [
      newSearchState({ linhas: [searchRow(word)] }),
      newSearchState({ linhas: [searchRow(word)], ordenacao: 'T', pagina: 2, quantPag: 5 }),
      newSearchState({ linhas: [searchRow(word), searchRow('a', { operador: 'OU' })] }),
    ];
    for (const state of states) {
      const expected = (await alone.run(state))!;
      const answers = (await threads.each(call('run', state))) as Wire[];
      expect(answers).toHaveLength(2);
      for (const answer of answers) {
        expect(answer.version).toBe(snapshot.version);
        expect(answer.total).toBe(expected.total);
        expect(answer.page).toEqual(expected.page);
        expect(answer.facets).toEqual(expected.facets.map((f) => [f.faceta, f.codigo, f.total, f.sem_filtro, ...(f.nome === undefined ? [] : [f.nome])]));
      }
      expect(await answered(call('count', state))).toBe(await alone.count(state));
    }
    const key = (await alone.wordKey(word, false))!;
    expect(await threads.each(call('wordTitles', key, word, false))).toEqual([
      await alone.wordTitles(key, word, false),
      await alone.wordTitles(key, word, false),
    ]);
    expect(await answered(call('summary'))).toEqual(await alone.summary());
  });

  it('find a title catalogued after they started, on every thread', async () => {
    const unusual = 'Zymurgiaquântica';
    const before = (await threads.each(call('run', newSearchState({ linhas: [searchRow(unusual)] })))) as (Wire | null)[];
    expect(before.map((answer) => answer?.total ?? 0)).toEqual([0, 0]);
    await importMarcRecords(database.db, asItems([{ id: 'thr-1', title: `${unusual} dos fermentos`, author: 'Lima, Rui', year: 2020 }]));
    const after = (await threads.each(call('run', newSearchState({ linhas: [searchRow(unusual)] })))) as Wire[];
    expect(after.map((answer) => answer.total)).toEqual([1, 1]);
    expect(after[0]!.version).toBeGreaterThan(before[0]?.version ?? 0);
  });

  it('answer a failure with its error, and keep answering', async () => {
    await expect(answered({ ...call('run', newSearchState({ linhas: [searchRow('livro')] })), source: 'nowhere' as never })).rejects.toThrow();
    expect(await answered(call('summary'))).toMatchObject({ titles: 301 });
    expect(stops).toEqual([]);
  });
});
