import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { asItems } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import { createCopies, createInstitution, createLibraries } from '../../../test/factories.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { generateTitleRecords } from '../../seed/generator.js';
import { codeArray } from './search.codes.js';
import { nameArray } from './search.names.js';
import { MULTI_FACETS, readSnapshot } from './search.snapshot.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('search snapshot: the same catalogue read in any order', () => {
  it('names a heading spelt several ways by its first title, and numbers tied headings by their first title', async () => {
    const report = await importMarcRecords(
      database.db,
      asItems([
        { id: 'order-1', title: 'Solos tropicais', author: 'Ramos, Ana', subjects: ['Agronomia', 'Irrigação'] },
        { id: 'order-2', title: 'Suelos y cultivos', author: 'Ramos, Ana', subjects: ['Agronomía', 'Riego'] },
      ]),
    );
    expect(report.rejected).toEqual([]);
    const scanned = () => queryRows<{ id: number }>(database.db, sql`select cod_acervo as id from titles`);
    const [first, second] = (await scanned()).map((r) => r.id).sort((a, b) => a - b);
    const named = async () => {
      const names = nameArray((await readSnapshot(database.db)).multi.S.names);
      return { agronomy: names.find((name) => /^agronom/i.test(name)), order: names };
    };
    const before = await named();
    expect(before.agronomy).toBe('Agronomia');
    // Rewritten, the first title's row moves behind the second's: a table scan meets the second first.
    await database.db.execute(sql`update titles set notes = coalesce(notes, '') where cod_acervo = ${first!}`);
    expect((await scanned()).map((r) => r.id)).toEqual([second, first]);
    expect(await named()).toEqual(before);
  });
});

describe('search snapshot: read a batch of titles at a time', () => {
  it('is the same snapshot whatever the batch or range of ids, its facet values (libraries included) and orders alike', async () => {
    await importMarcRecords(database.db, generateTitleRecords(40));
    await createInstitution(database.db);
    const libraries = await createLibraries(database.db, ['Biblioteca Central', 'Biblioteca Setorial']);
    const ids = (await queryRows<{ id: number }>(database.db, sql`select cod_acervo as id from titles order by 1 limit 30`)).map((r) => r.id);
    await createCopies(
      database.db,
      ids.map((id, n) => ({ codAcervo: id, codBiblioteca: libraries[n % 2]!.codBiblioteca, tombo: `B${n}` })),
    );
    const whole = await readSnapshot(database.db);
    expect(whole.all.length).toBeGreaterThan(40);
    expect(whole.multi.B.codes.length).toBe(2);
    // On PostgreSQL the orders also read beside the titles, on a second connection in the read's snapshot.
    const beside = database.url !== null;
    for (const options of [
      { batch: 1, codedRange: 1 },
      { batch: 7, codedRange: 5, ordersBeside: beside },
      { batch: whole.all.length, codedRange: 13 },
    ]) {
      const { multi, builtAt: _b, buildMs: _m, readAt: _r, ...rest } = await readSnapshot(database.db, undefined, options);
      const { multi: wholeMulti, builtAt: _wb, buildMs: _wm, readAt: _wr, ...wholeRest } = whole;
      expect(rest).toEqual(wholeRest);
      for (const facet of MULTI_FACETS) {
        expect(codeArray(multi[facet].codes)).toEqual(codeArray(wholeMulti[facet].codes));
        expect(nameArray(multi[facet].names)).toEqual(nameArray(wholeMulti[facet].names));
      }
    }
  });
});
