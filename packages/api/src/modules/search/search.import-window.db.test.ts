import { newSearchState, searchRow } from '@estante/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { createTitles } from '../../../test/factories.js';
import { asImport } from '../../lib/import-window.js';
import { SearchIndex } from './search.index.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await createTitles(database.db, [{ id: 'a', title: 'Vidas secas', author: 'Ramos, Graciliano', year: 1938 }]);
});
afterAll(() => database.dispose());

describe('the search index while a running server imports (issue 52)', () => {
  it('answers from the snapshot it has until the import ends, then finds the imported titles', async () => {
    const index = new SearchIndex(database.db);
    const found = async (word: string) => (await index.run(newSearchState({ linhas: [searchRow(word)] })))?.total ?? 0;
    expect(await found('vidas')).toBe(1);
    await asImport(async () => {
      await createTitles(database.db, [{ id: 'b', title: 'Vidas paralelas', author: 'Plutarco', year: 100 }]);
      // Mid-import the catalogue is not read again: what was there before answers.
      expect(await found('vidas')).toBe(1);
      expect(await found('paralelas')).toBe(0);
    });
    expect(await found('vidas')).toBe(2);
    expect(await found('paralelas')).toBe(1);
  });
});
