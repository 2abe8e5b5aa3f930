import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { createCopies, createHold, createLibraries, createPatron, createTitles } from '../../../test/factories.js';
import { createComment } from '../../../test/factories/comments.js';
import { marcRecord, type TitleSpec } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import type { ReadItem } from '../../marc/iso2709.js';
import type { MarcRecord } from '../../marc/record.js';
import { importMarcRecords } from './catalog.import.js';

/**
 * Deleting titles through the MARC import: a record whose leader/05 is 'd' deletes the title with
 * its control number and leaves an OAI-PMH tombstone; a title other rows still refer to is
 * refused, record by record, and nothing of it changes.
 */
let database: TestDatabase;
let library: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const [central] = await createLibraries(database.db, ['Biblioteca Central']);
  library = central!.codBiblioteca;
});
afterAll(() => database.dispose());

/** A deletion record for a control number (leader/05 'd'); the rest of the record does not matter. */
const deletion = (id: string, kind = 'am'): MarcRecord => ({ ...marcRecord({ id, title: 'qualquer' }), leader: `00000d${kind} a2200000 a 4500` });
const items = (...records: MarcRecord[]): ReadItem[] =>
  records.map((record, i) => ({ kind: 'record', position: i + 1, offset: i * 100, record, warnings: [] }));
const title = (spec: TitleSpec) => marcRecord(spec);

async function titleRow(controlNumber: string) {
  const [row] = await queryRows<{ id: number }>(database.db, sql`select cod_acervo as id from titles where control_number = ${controlNumber}`);
  return row;
}
async function tombstone(id: number) {
  const [row] = await queryRows<{ control_number: string; cod_tipo_obra: number; deleted_at: string }>(
    database.db,
    sql`select control_number, cod_tipo_obra, deleted_at::text from deleted_titles where cod_acervo = ${id}`,
  );
  return row;
}

describe('deletion records (leader/05 d)', () => {
  it('deletes the title, reports it, and leaves its tombstone with number, control number and type', async () => {
    const { 'del-1': id } = await createTitles(database.db, [{ id: 'del-1', title: 'Memórias póstumas', kind: 'as' }]);
    const [type] = await queryRows<{ t: number }>(database.db, sql`select cod_tipo_obra as t from titles where cod_acervo = ${id!}`);
    // Every new title waits in the interest queue; that bookkeeping does not keep it from going.
    expect(await queryRows(database.db, sql`select 1 from interest_pending where cod_acervo = ${id!}`)).toHaveLength(1);
    const report = await importMarcRecords(database.db, items(deletion('del-1')));
    expect(report).toMatchObject({ read: 1, deleted: 1, inserted: 0, updated: 0, unchanged: 0, rejected: [] });
    expect(await titleRow('del-1')).toBeUndefined();
    expect(await tombstone(id!)).toMatchObject({ control_number: 'del-1', cod_tipo_obra: type!.t });
  });

  it('applies a file in its order: a title added, then deleted, then added again under a new number', async () => {
    const report = await importMarcRecords(database.db, items(title({ id: 'seq-1', title: 'Primeira' }), deletion('seq-1')));
    expect(report).toMatchObject({ inserted: 1, deleted: 1, rejected: [] });
    expect(await titleRow('seq-1')).toBeUndefined();
    const [gone] = await queryRows<{ id: number }>(database.db, sql`select cod_acervo as id from deleted_titles where control_number = 'seq-1'`);
    const again = await importMarcRecords(database.db, items(title({ id: 'seq-1', title: 'De volta' })));
    expect(again).toMatchObject({ inserted: 1, deleted: 0 });
    const back = await titleRow('seq-1');
    expect(back!.id).not.toBe(gone!.id);
    expect(await tombstone(gone!.id)).toMatchObject({ control_number: 'seq-1' });
  });

  it('refuses a title with copies, naming the table, and deletes the others of the same file', async () => {
    const ids = await createTitles(database.db, [
      { id: 'kept-1', title: 'Com exemplar' },
      { id: 'free-1', title: 'Sem nada' },
    ]);
    await createCopies(database.db, [{ codAcervo: ids['kept-1']!, codBiblioteca: library, tombo: 'K1' }]);
    const report = await importMarcRecords(database.db, items(deletion('kept-1'), deletion('free-1')));
    expect(report.deleted).toBe(1);
    expect(report.rejected).toEqual([{ position: 1, offset: 0, reason: 'title kept-1 is not deleted: copies still refer to it' }]);
    expect(await titleRow('kept-1')).toEqual({ id: ids['kept-1'] });
    expect(await tombstone(ids['kept-1']!)).toBeUndefined();
    expect(await queryRows(database.db, sql`select 1 from copies where tombo = 'K1'`)).toHaveLength(1);
    expect(await titleRow('free-1')).toBeUndefined();
  });

  it('refuses a title with a hold (no copies), and one with a comment: every row that refers to it counts', async () => {
    const ids = await createTitles(database.db, [
      { id: 'held-1', title: 'Reservado' },
      { id: 'said-1', title: 'Comentado' },
    ]);
    const ana = await createPatron(database.db, { login: 'ana', nome: 'Ana Souza', password: 'senha-ana-1' });
    await createHold(database.db, { codAcervo: ids['held-1']!, codBiblioteca: library, codPessoa: ana.codPessoa });
    await createComment(database.db, { codAcervo: ids['said-1']!, codPessoa: ana.codPessoa, codBiblioteca: library, texto: 'Ótimo' });
    const report = await importMarcRecords(database.db, items(deletion('held-1'), deletion('said-1')));
    expect(report.deleted).toBe(0);
    expect(report.rejected.map((r) => r.reason)).toEqual([
      'title held-1 is not deleted: holds still refer to it',
      'title said-1 is not deleted: comments still refer to it',
    ]);
    expect(await titleRow('held-1')).toBeDefined();
    expect(await titleRow('said-1')).toBeDefined();
    expect(await queryRows(database.db, sql`select 1 from holds where cod_acervo = ${ids['held-1']!}`)).toHaveLength(1);
  });

  it('counts the deletion of a title that is not there as unchanged, with a warning, and rejects one without 001', async () => {
    const noNumber: MarcRecord = { leader: '00000dam a2200000 a 4500', fields: [] };
    const report = await importMarcRecords(database.db, items(deletion('nunca-existiu'), noNumber));
    expect(report).toMatchObject({ deleted: 0, unchanged: 1, warnings: [{ position: 1, message: 'no title with control number nunca-existiu to delete' }] });
    expect(report.rejected).toEqual([{ position: 2, offset: 100, reason: 'deletion record has no control number (001)' }]);
  });

  it('leaves authorities alone: a deleted authority record is rejected, not applied', async () => {
    const report = await importMarcRecords(database.db, items({ leader: '00000dz  a2200000n  4500', fields: [{ tag: '001', value: 'aut-1' }] }));
    expect(report.rejected).toEqual([{ position: 1, offset: 0, reason: 'authority aut-1 is not deleted: the import deletes titles only' }]);
  });
});
