import { createReadStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { queryRows } from '../../db/client.js';
import { readIso2709, readIso2709Stream } from '../../marc/iso2709.js';
import { readMarcXml } from '../../marc/marcxml.js';
import { importMarcRecords, recordCharacters } from './catalog.import.js';

const file = (name: string) => readFileSync(fileURLToPath(new URL(`../../seed/data/${name}`, import.meta.url)));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('importMarcRecords', () => {
  it('imports the MARC-8 zebra sample: 24 titles with correct diacritics, junk reported', async () => {
    const report = await importMarcRecords(database.db, readIso2709(file('zebra-sample-marc21.mrc')));
    expect(report).toMatchObject({ read: 24, inserted: 24, updated: 0, unchanged: 0, rejected: [], junk: [{ bytes: 3 }] });
    const [row] = await queryRows<{ title: string }>(database.db, sql`select title from titles where control_number = 'D000015937'`);
    expect(row?.title).toBe('Strækøvelser');
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await queryRows<{ n: number; latest: string }>(database.db, sql`select count(*)::int as n, max(updated_at)::text as latest from titles`);
    const report = await importMarcRecords(database.db, readIso2709(file('zebra-sample-marc21.mrc')));
    expect(report).toMatchObject({ read: 24, inserted: 0, updated: 0, unchanged: 24 });
    const after = await queryRows<{ n: number; latest: string }>(database.db, sql`select count(*)::int as n, max(updated_at)::text as latest from titles`);
    expect(after).toEqual(before);
  });

  it('imports a file streamed from disk as it imports one read whole', async () => {
    const report = await importMarcRecords(
      database.db,
      readIso2709Stream(createReadStream(fileURLToPath(new URL('../../seed/data/zebra-sample-marc21.mrc', import.meta.url)), { highWaterMark: 512 })),
    );
    expect(report).toMatchObject({ read: 24, inserted: 0, updated: 0, unchanged: 24, rejected: [], junk: [{ bytes: 3 }] });
  });

  it('updates a title whose record changed, keeping its cod_acervo', async () => {
    const xml = (title: string) =>
      `<collection><record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">upd-1</controlfield><datafield tag="245" ind1="0" ind2="0"><subfield code="a">${title}</subfield></datafield></record></collection>`;
    await importMarcRecords(database.db, readMarcXml(xml('Primeira versão')));
    const [first] = await queryRows<{ cod_acervo: number }>(database.db, sql`select cod_acervo from titles where control_number = 'upd-1'`);
    const report = await importMarcRecords(database.db, readMarcXml(xml('Segunda versão')));
    expect(report).toMatchObject({ inserted: 0, updated: 1 });
    const [second] = await queryRows<{ cod_acervo: number; title: string }>(
      database.db,
      sql`select cod_acervo, title from titles where control_number = 'upd-1'`,
    );
    expect(second).toEqual({ cod_acervo: first!.cod_acervo, title: 'Segunda versão' });
  });

  it('imports every record around a corrupt one and names the corrupt one', async () => {
    const data = Buffer.from(file('melinda-100.mrc'));
    const starts = [0];
    for (let i = 0; i < data.length - 1; i++) if (data[i] === 0x1d) starts.push(i + 1);
    data.write('ab', starts[29]! + 12, 'latin1'); // record 30: its leader's base address is no number
    const report = await importMarcRecords(database.db, readIso2709(data));
    expect(report.rejected).toEqual([{ position: 30, offset: starts[29], reason: expect.stringMatching(/base address/) }]);
    expect(report.inserted).toBe(99);
  });

  it('rejects records without a control number or a title, and imports authorities apart', async () => {
    const xml = `<collection>
      <record><leader>00000nam a2200000 a 4500</leader><datafield tag="245" ind1="0" ind2="0"><subfield code="a">Sem 001</subfield></datafield></record>
      <record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">no-title</controlfield></record>
    </collection>`;
    const report = await importMarcRecords(database.db, readMarcXml(xml));
    expect(report.rejected.map((r) => [r.position, r.reason])).toEqual([
      [1, 'record has no control number (001)'],
      [2, 'record has no title (245 $a)'],
    ]);
    const authorities = await importMarcRecords(database.db, readMarcXml(file('lc-collection-subjmrc.xml').toString('utf8')));
    expect(authorities).toMatchObject({ inserted: 20, rejected: [] });
  });

  it('keeps a weighted, accent-insensitive search vector: "educacao" finds "Educação"', async () => {
    const xml = `<collection><record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">acc-1</controlfield>
      <controlfield tag="008">200101s2020    bl            000 0 por d</controlfield>
      <datafield tag="245" ind1="0" ind2="0"><subfield code="a">Educação e sociedade</subfield></datafield></record></collection>`;
    await importMarcRecords(database.db, readMarcXml(xml));
    const rows = await queryRows<{ control_number: string; idioma: string }>(
      database.db,
      sql`select control_number, idioma from titles where search_vector @@ to_tsquery('estante', 'educacao')`,
    );
    expect(rows).toEqual([{ control_number: 'acc-1', idioma: 'por' }]);
    const [language] = await queryRows<{ nome_pt: string; nome_en: string; nome_es: string }>(
      database.db,
      sql`select nome_pt, nome_en, nome_es from languages where codigo = 'por'`,
    );
    expect(language).toEqual({ nome_pt: 'Português', nome_en: 'Portuguese', nome_es: 'Portugués' });
  });
  // Last: it imports the Melinda sample, which the corrupt-record test above counts on being new.
  it('sees no change when the same records come again in the other format (MARCXML after ISO 2709), whatever their leaders say', async () => {
    const first = await importMarcRecords(database.db, readIso2709(file('melinda-100.mrc')));
    expect(first).toMatchObject({ read: 100, updated: 0, rejected: [] });
    const again = await importMarcRecords(database.db, readMarcXml(file('melinda-100.marcxml.xml').toString('utf8')));
    expect(again).toMatchObject({ read: 100, inserted: 0, updated: 0, unchanged: 100, rejected: [] });
  });

  it('ends a large import with fresh planner statistics of titles and the search vocabulary', async () => {
    const analysed = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(distinct tablename)::int as n from pg_stats where tablename in ('titles', 'search_terms', 'search_headings')`,
        )
      )[0]!.n;
    // (The embedded database runs no autovacuum: only the import can have analysed them.)
    const before = await analysed();
    // The 43 opera records, new to this database: "large" from 40 titles here (10,000 by default).
    const report = await importMarcRecords(database.db, readMarcXml(file('lc-collection-opera-43.xml').toString('utf8')), { analyzeFrom: 40 });
    expect(report.inserted).toBeGreaterThanOrEqual(40);
    expect(before).toBeLessThan(3);
    expect(await analysed()).toBe(3);
  });

  it('closes a batch at its size in characters, not only its count: large records make smaller batches (issue 52)', async () => {
    const items = [...readMarcXml(file('melinda-100.marcxml.xml').toString('utf8'))];
    const records = items.flatMap((i) => (i.kind === 'record' ? [i.record] : []));
    const total = records.reduce((sum, r) => sum + recordCharacters(r), 0);
    expect(total).toBeGreaterThan(100_000);
    const batches: number[] = [];
    const report = await importMarcRecords(database.db, items, { batchCharacters: Math.ceil(total / 10), onProgress: (_, r) => batches.push(r.read) });
    expect(report.read).toBe(100);
    // Ten batches' worth of characters: about ten batches, never the one a count of 500 would make.
    expect(batches.length).toBeGreaterThanOrEqual(9);
    expect(batches.length).toBeLessThanOrEqual(12);
  });
});
