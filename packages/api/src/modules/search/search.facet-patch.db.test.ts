import { newSearchState, searchRow } from '@estante/contracts/search';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { createLibraries } from '../../../test/factories.js';
import { asItems } from '../../../test/marc.js';
import { generateTitleRecords } from '../../seed/generator.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import type { KeptFacets } from './search.facet-patch.js';
import { type FacetCount, SearchIndex } from './search.index.js';
import { databaseIdentity, facetsFile, loadFacets, saveFacets, snapshotFile } from './search.persist.js';
import { FIRST_MULTI } from './search.facets.js';
import { type Ranking, Run } from './search.run.js';
import { CATALOGUE } from './search.source.js';
import type { Snapshot } from './search.snapshot.js';
import { nameArray } from './search.names.js';
import { frequentWords } from './search.queries.js';

let database: TestDatabase;
let words: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const name of ['Central', 'Norte', 'Sul']) await createLibraries(database.db, [name]);
  await importMarcRecords(database.db, generateTitleRecords(600));
  await addCopies();
  // Words in many titles: their authors, subjects and publishers run past a list's 30 values.
  words = await frequentWords(database.db, 60, 4);
});
afterAll(() => database.dispose());

/** One or two copies for every title without, in the libraries by turn. */
async function addCopies() {
  await database.db.execute(sql`
    insert into copies (cod_acervo, cod_biblioteca, cod_tipo_emprestimo, tombo, localizacao)
    select t.cod_acervo, l.ids[1 + (t.cod_acervo + n) % 3], 1, 'F' || t.cod_acervo || '-' || n, '000'
    from titles t cross join (select array_agg(cod_biblioteca order by cod_biblioteca) as ids from libraries) l
    cross join lateral generate_series(1, 1 + t.cod_acervo % 2) n
    where not exists (select 1 from copies c where c.cod_acervo = t.cod_acervo)`);
}

/** A search's facets as a patron reads them: every value's two figures and name, in a fixed order. */
async function facets(index: SearchIndex, word: string) {
  return seen((await index.run(newSearchState({ linhas: [searchRow(word)], quantPag: 1 })))!.facets);
}

/**
 * The same search's facets counted afresh over the snapshot `index` answers from (nothing kept
 * used): a fresh index would read the catalogue whole, and number the values otherwise (a tie
 * for a list's last place may then go to another value).
 */
async function recounted(index: SearchIndex, word: string) {
  return seen((await afresh(index, word, 1)).facets);
}

/** The search run over the snapshot `index` answers from, with nothing kept used: its facets counted, its titles ranked afresh. */
async function afresh(index: SearchIndex, word: string, pagina: number) {
  const recount = Object.assign(Object.create(index) as SearchIndex, {
    facetsFor: (_s: Snapshot, _key: string, count: () => KeptFacets) => count().facets,
    keptFacets: () => undefined,
    rankingFor: (_s: Snapshot, _key: string, rank: () => Promise<Ranking>) => rank(),
  });
  return (await new Run(recount, await index.current(), newSearchState({ linhas: [searchRow(word)], quantPag: 20, pagina })).execute())!;
}

/** The first three pages of a word's results, by relevance, as `index` answers them and as ranked afresh. */
async function pages(index: SearchIndex, word: string) {
  const answered: number[][] = [];
  const ranked: number[][] = [];
  for (const pagina of [1, 2, 3]) {
    answered.push((await index.run(newSearchState({ linhas: [searchRow(word)], quantPag: 20, pagina })))!.page);
    ranked.push((await afresh(index, word, pagina)).page);
  }
  return { answered, ranked };
}

function seen(facets: FacetCount[]) {
  return facets.map((c) => `${c.faceta} ${c.codigo} ${c.total}/${c.sem_filtro} ${c.nome ?? ''}`).sort();
}

async function ids(where: string, limit: number): Promise<number[]> {
  return (await queryRows<{ id: number }>(database.db, sql.raw(`select cod_acervo as id from titles where ${where} order by cod_acervo limit ${limit}`))).map(
    (r) => r.id,
  );
}

describe('facets carried over by a patch (issue 59, decision 0067)', () => {
  it('after each change, a frequent word searched again shows the counts and the order a count afresh gives, and an import of new titles recounts nothing', async () => {
    expect(words.length).toBeGreaterThanOrEqual(3);
    // Every text here keeps its whole ranking (a server: those matching 5,000 titles or more).
    const index = new SearchIndex(database.db, { keepRankingsFrom: 10 });
    for (const word of words) await facets(index, word);
    for (const word of words) await pages(index, word);

    // New titles only: every kept list is carried over, none counted again.
    await importMarcRecords(database.db, generateTitleRecords(40, 10_001));
    await addCopies();
    const afterImport = await Promise.all(words.map((w) => facets(index, w)));
    const carried = index.stats().facetsCarried;
    expect(carried).toBeGreaterThanOrEqual(words.length);
    expect(index.stats().facetsRecounted).toBe(0);
    for (const [i, word] of words.entries()) expect(afterImport[i]).toEqual(await recounted(index, word));

    // Then edits, deletions and copies moved, round after round: whatever is carried reads as counted afresh.
    for (let round = 0; round < 4; round++) {
      const [retitled, reauthored, deleted, moved, hidden] = await ids(`cod_acervo % 7 = ${round}`, 5);
      await database.db.execute(sql`update titles set title = title || ' ' || ${words[round % words.length]!} where cod_acervo = ${retitled}`);
      await database.db.execute(sql`update titles set author = 'Autora Nova ' || ${String(round)} where cod_acervo = ${reauthored}`);
      await database.db.execute(sql`delete from copies where cod_acervo = ${deleted}`);
      await database.db.execute(sql`delete from titles where cod_acervo = ${deleted}`);
      await database.db.execute(sql`update copies set cod_biblioteca = (select max(cod_biblioteca) from libraries) where cod_acervo = ${moved}`);
      await database.db.execute(sql`update titles set suppressed = true where cod_acervo = ${hidden}`);
      await importMarcRecords(
        database.db,
        asItems([
          { id: `facet-patch-${round}-a`, title: `${words.join(' ')} reunidos`, author: 'Autora Nova 0', subjects: ['Assunto do patch'], year: 2026 },
          { id: `facet-patch-${round}-b`, title: `${words[0]} outra vez`, year: 1901 + round, language: 'fre' },
        ]),
      );
      const patched = await Promise.all(words.map((w) => facets(index, w)));
      for (const [i, word] of words.entries()) expect(patched[i], `${word}, round ${round}`).toEqual(await recounted(index, word));
      for (const word of words) {
        const { answered, ranked } = await pages(index, word);
        expect(answered, `${word}'s pages, round ${round}`).toEqual(ranked);
      }
      // Titles and phrases (the words' positions) as an index reading the catalogue afresh finds them.
      const fresh = new SearchIndex(database.db, { keepRankingsFrom: 10 });
      for (const row of [
        ...words.map((w) => searchRow(w)),
        searchRow(`${words[0]} ${words[1]}`, { tipo: 'frase' }),
        searchRow(`${words[0]} outra`, { tipo: 'frase' }),
      ]) {
        const state = newSearchState({ linhas: [row], quantPag: 50 });
        const [patchedOutcome, freshOutcome] = [await index.run(state), await fresh.run(state)];
        expect({ total: patchedOutcome?.total, page: patchedOutcome?.page }, `${row.termo}, round ${round}`).toEqual({
          total: freshOutcome?.total,
          page: freshOutcome?.page,
        });
      }
    }
    expect(index.stats().listsCarried).toBeGreaterThan(0);
    expect(index.stats().facetsCarried).toBeGreaterThan(carried);
    expect(index.stats().rankingsCarried).toBeGreaterThanOrEqual(4 * words.length);
  });

  it("a value below the list and its reserve that gains past the list's last is counted again, not missed", async () => {
    // A hundred authors of one title each: thirty listed (ties go to the lower value numbers), sixty in reserve, ten below.
    const authors = Array.from({ length: 100 }, (_, n) => `Raro, Autor ${String(n).padStart(3, '0')}`);
    await importMarcRecords(database.db, asItems(authors.map((author, n) => ({ id: `raro-${n}`, title: `Tratado zanzibarita ${n}`, author }))));
    const index = new SearchIndex(database.db);
    const before = await facets(index, 'zanzibarita');
    expect(before.filter((f) => f.startsWith('A '))).toHaveLength(30);
    const names = nameArray((await index.current()).multi.A.names);
    const last = authors.reduce((a, b) => (names.indexOf(b) > names.indexOf(a) ? b : a));
    expect(before.some((f) => f.endsWith(last))).toBe(false);

    const givenUp = index.stats().facetsRecounted;
    await importMarcRecords(database.db, asItems([1, 2, 3].map((n) => ({ id: `raro-mais-${n}`, title: `Zanzibarita de novo ${n}`, author: last }))));
    // The patch gives that text's facets up and counts them again in the background, before any search asks.
    await index.current();
    for (let i = 0; i < 200 && index.stats().facetsCountedAgain === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(index.stats().facetsCountedAgain).toBeGreaterThan(0);
    const after = await facets(index, 'zanzibarita');
    expect(after).toContain(`A ${after.find((f) => f.endsWith(last))?.split(' ')[1]} 4/4 ${last}`);
    expect(after).toEqual(await recounted(index, 'zanzibarita'));
    expect(index.stats().facetsRecounted).toBeGreaterThan(givenUp);
  });

  it('facets counted ahead are kept on disk with the snapshot: a restart starts with them, as counted afresh', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'estante-facets-'));
    try {
      // The broad searches here: a word in 60 titles or more.
      const options = { snapshotDir: dir, prewarmWords: 20, prewarmFromTitles: 1, facetsAheadFrom: 60 };
      const file = facetsFile(snapshotFile(dir, await databaseIdentity(database.db), CATALOGUE));
      const first = new SearchIndex(database.db, options);
      await first.warm();
      for (let i = 0; i < 400 && !existsSync(file); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      const counted = first.stats().facetSets;
      expect(counted).toBeGreaterThanOrEqual(words.length);

      const restarted = new SearchIndex(database.db, options);
      await restarted.current();
      expect(restarted.stats().facetsLoaded).toBe(counted);
      for (const word of words) expect(await facets(restarted, word)).toEqual(await recounted(restarted, word));

      // A text whose kept values name one the snapshot does not have (a file damaged within its
      // arrays) is not used: counted again, as afresh; the others are.
      const identity = await databaseIdentity(database.db);
      const kept = (await loadFacets(file, identity, CATALOGUE))!;
      const [, damaged] = kept.kept.find(([, k]) => k.facets.kinds.some((kind) => kind >= FIRST_MULTI))!;
      const values = damaged.facets.values.slice();
      values[damaged.facets.kinds.findIndex((kind) => kind >= FIRST_MULTI)] = 1e6;
      damaged.facets = { ...damaged.facets, values };
      await saveFacets(file, identity, CATALOGUE, kept.version, kept.kept);
      const mended = new SearchIndex(database.db, options);
      await mended.current();
      expect(mended.stats().facetsLoaded).toBe(counted - 1);
      for (const word of words) expect(await facets(mended, word)).toEqual(await recounted(mended, word));
      expect(mended.stats().facetSets).toBe(counted);

      // A damaged file is ignored: counted again.
      await writeFile(file, 'not ours');
      const again = new SearchIndex(database.db, options);
      await again.current();
      expect(again.stats().facetsLoaded).toBe(0);
    } finally {
      // The indexes may still be writing a file there (in the background): removal retries then.
      await rm(dir, { recursive: true, force: true, maxRetries: 10 });
    }
  });
});
