import { newSearchState, searchRow } from '@estante/contracts/search';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { asItems, type TitleSpec } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import { titles } from '../../db/schema/index.js';
import type { MarcRecord } from '../../marc/record.js';
import { generateRecord } from '../../seed/generator.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { SearchIndex } from './search.index.js';

/** Test titles whose 245 skips `nonfiling` characters (second indicator), all under subject "Ordenação". */
const TITLES: (TitleSpec & { nonfiling: number })[] = [
  { id: 'educacao', title: 'A educação pela pedra', nonfiling: 2 },
  { id: 'biologia', title: 'Biologia geral', nonfiling: 0 },
  { id: 'fisica', title: 'Física básica', nonfiling: 0 },
  { id: 'art', title: 'The art of computer programming', nonfiling: 4 },
  { id: 'zoo', title: 'O zoológico', nonfiling: 2 },
];

/** The importer's input for the titles, each 245 with its second indicator. */
function items(specs: typeof TITLES) {
  return asItems(specs.map(({ nonfiling: _n, ...spec }) => ({ ...spec, subjects: ['Ordenação'] }))).map((item, i) =>
    item.kind === 'record'
      ? {
          ...item,
          record: { ...item.record, fields: item.record.fields.map((f) => (f.tag === '245' && 'ind2' in f ? { ...f, ind2: String(specs[i]!.nonfiling) } : f)) },
        }
      : item,
  );
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const report = await importMarcRecords(database.db, items(TITLES));
  expect(report.rejected).toEqual([]);
});
afterAll(() => database.dispose());

/** The titles of the "Ordenação" subject in the order of sort `ordenacao`. */
async function sorted(ordenacao: 'T' | 'A') {
  const index = new SearchIndex(database.db);
  const outcome = await index.run(newSearchState({ linhas: [searchRow('ordenação', { campo: 'assunto' })], ordenacao }));
  const rows = await queryRows<{ id: number; title: string }>(database.db, sql`select cod_acervo as id, title from titles`);
  return outcome!.page.map((id) => rows.find((r) => r.id === id)!.title);
}

describe('sort by title (issue 55: 245 second indicator, nonfiling characters)', () => {
  it('skips the initial article the record marks: "A educação…" sorts under E, "The art…" under A', async () => {
    expect(await sorted('T')).toEqual(['The art of computer programming', 'Biologia geral', 'A educação pela pedra', 'Física básica', 'O zoológico']);
  });

  it('keeps the whole title for "starts with" searches', async () => {
    const index = new SearchIndex(database.db);
    const outcome = await index.run(newSearchState({ linhas: [searchRow('a educacao', { campo: 'titulo', tipo: 'inicio' })] }));
    expect(outcome!.total).toBe(1);
  });

  it('follows a record whose indicator changes (the key is kept by a trigger from the MARC record)', async () => {
    const [row] = await database.db.select({ marc: titles.marc }).from(titles).where(eq(titles.controlNumber, 'educacao'));
    const marc = row!.marc as MarcRecord;
    const whole = { ...marc, fields: marc.fields.map((f) => (f.tag === '245' && 'ind2' in f ? { ...f, ind2: '0' } : f)) };
    await database.db.update(titles).set({ marc: whole }).where(eq(titles.controlNumber, 'educacao'));
    expect(await sorted('T')).toEqual(['A educação pela pedra', 'The art of computer programming', 'Biologia geral', 'Física básica', 'O zoológico']);
    await database.db.update(titles).set({ marc }).where(eq(titles.controlNumber, 'educacao'));
    expect((await sorted('T'))[2]).toBe('A educação pela pedra');
  });

  it('marks the initial articles of the demo’s generated titles', () => {
    const title245 = (n: number) => generateRecord(n).fields.find((f) => f.tag === '245') as { ind2: string; subfields: { value: string }[] };
    expect([9, 10, 69].map((n) => [title245(n).ind2, title245(n).subfields[0]!.value])).toEqual([
      ['2', 'A estatística em Brasília /'],
      ['4', 'The Oxford companion to management /'],
      ['2', 'A handbook of medicine /'],
    ]);
    expect(title245(1).ind2).toBe('0');
  });
});
