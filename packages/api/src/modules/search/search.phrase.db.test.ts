import { newSearchState, type SearchField, searchRow } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { asItems } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import { generateTitleRecords } from '../../seed/generator.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { SearchIndex } from './search.index.js';
import { rowPredicate } from './search.predicates.js';
import { fetchPredicateAtom } from './search.queries.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await importMarcRecords(database.db, generateTitleRecords(400));
  await importMarcRecords(
    database.db,
    asItems([
      // A phrase split across fields, a repeated word, and a word of several lexemes.
      { id: 'f-1', title: 'Saúde pública', author: 'Pública, Saúde', year: 2001, subjects: ['Saúde pública -- Brasil'] },
      { id: 'f-2', title: 'Educação educação educação', author: 'Lima, Rui', year: 2002, notes: 'Ver o e-mail da editora.' },
      { id: 'f-3', title: 'Políticas de saúde', author: 'Souza, Ana', year: 2003, subjects: ['Saúde', 'Pública administração'] },
    ]),
  );
});
afterAll(() => database.dispose());

/** Every id the search finds for one phrase row (pages of 100). */
async function searched(index: SearchIndex, termo: string, campo: SearchField): Promise<number[]> {
  const ids: number[] = [];
  for (let pagina = 1; ; pagina++) {
    const outcome = await index.run(newSearchState({ linhas: [searchRow(termo, { tipo: 'frase', campo })], quantPag: 100, pagina, ordenacao: 'T' }));
    ids.push(...outcome!.page);
    if (ids.length >= outcome!.total || outcome!.page.length === 0) return ids.sort((a, b) => a - b);
  }
}

describe('phrases matched in memory from word positions', () => {
  it('find exactly the titles PostgreSQL finds, in every field and restricted to one', async () => {
    const index = new SearchIndex(database.db);
    const titles = await queryRows<{ title: string }>(database.db, sql`select title from titles order by cod_acervo`);
    const phrases = new Set<string>(['saude publica', 'educacao educacao', 'educação educação educação', 'publica saude', 'e-mail da editora', 'de saude']);
    for (const { title } of titles.filter((_, i) => i % 9 === 0)) {
      const words = title.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
      if (words.length >= 2) phrases.add(words.slice(0, 2).join(' '));
      if (words.length >= 4) phrases.add(words.slice(1, 4).join(' '));
    }
    let nonEmpty = 0;
    for (const phrase of phrases) {
      for (const campo of ['livre', 'titulo', 'autor', 'assunto'] as const) {
        const row = searchRow(phrase, { tipo: 'frase', campo });
        const expected = (await fetchPredicateAtom(database.db, rowPredicate(row)!)).map((r) => r.id).sort((a, b) => a - b);
        expect(await searched(index, phrase, campo), `${campo}: ${phrase}`).toEqual(expected);
        if (expected.length) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(40);
  });

  it('match a phrase once: its other pages, sorts and filters read the kept match and answer as a fresh index does', async () => {
    const index = new SearchIndex(database.db);
    const row = searchRow('saude publica', { tipo: 'frase', campo: 'livre' });
    const asked = [
      newSearchState({ linhas: [row], quantPag: 1, pagina: 1 }),
      newSearchState({ linhas: [row], quantPag: 1, pagina: 2 }),
      newSearchState({ linhas: [row], quantPag: 2, ordenacao: 'T' }),
      newSearchState({ linhas: [row], filtros: [{ tipo: 'Y', codigo: '2001' }] }),
    ];
    for (const state of asked) {
      const kept = await index.run(state);
      const fresh = await new SearchIndex(database.db).run(state);
      expect({ page: kept!.page, total: kept!.total, facets: kept!.facets }).toEqual({ page: fresh!.page, total: fresh!.total, facets: fresh!.facets });
    }
    const { phrases, phraseBytes } = index.stats();
    expect(phrases).toBe(1);
    // The titles (4 bytes each) and the phrase's key.
    expect(phraseBytes - 4 * (await countTitles('saude publica', 'livre'))).toBeGreaterThan(64);
    await index.run(newSearchState({ linhas: [searchRow('saude publica', { tipo: 'frase', campo: 'titulo' })] }));
    expect(index.stats().phrases).toBe(2);
  });

  it('still finds a phrase after a title changes (the patched words leave it to PostgreSQL)', async () => {
    const index = new SearchIndex(database.db);
    expect(await searched(index, 'saude publica', 'titulo')).toHaveLength(await countTitles('saude publica'));
    await database.db.execute(sql`update titles set title = 'Saúde pública e privada' where control_number = 'f-3'`);
    const after = await searched(index, 'saude publica', 'titulo');
    expect(after).toHaveLength(await countTitles('saude publica'));
    const [changed] = await queryRows<{ cod_acervo: number }>(database.db, sql`select cod_acervo from titles where control_number = 'f-3'`);
    expect(after).toContain(changed!.cod_acervo);
  });
});

async function countTitles(phrase: string, campo: SearchField = 'titulo'): Promise<number> {
  const row = searchRow(phrase, { tipo: 'frase', campo });
  return (await fetchPredicateAtom(database.db, rowPredicate(row)!)).length;
}
