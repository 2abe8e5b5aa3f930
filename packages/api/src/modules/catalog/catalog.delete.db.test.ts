import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createCopies, createHold, createInstitution, createLibraries, createLoan, createPatron, createTitles } from '../../../test/factories.js';
import { createComment } from '../../../test/factories/comments.js';
import { marcRecord, type TitleSpec } from '../../../test/marc.js';
import { runAdminCommand } from '../../admin/commands.js';
import { importDeleteList, importFile } from '../../admin/import-file.js';
import { queryRows } from '../../db/client.js';
import type { ReadItem } from '../../marc/iso2709.js';
import type { MarcRecord } from '../../marc/record.js';
import { toMarcXml } from '../../marc/write.js';
import { importMarcRecords } from './catalog.import.js';

/**
 * Deletes from the source (issue 57, item 5): a record whose leader/05 is 'd', or a control number
 * of a delete list, deletes the title with that control number and its copies — or keeps both,
 * changing nothing, when a copy is on loan or rows refer to the title or a copy — and says which.
 * What a client sees afterwards: the title gone from search, its page 404, the OAI-PMH provider
 * answering it as deleted.
 */
let t: TestApp;
let library: number;
let ana: number;
let authorization: string;
const HOST = 'catalogo.exemplo.edu.br';
const dir = mkdtempSync(path.join(tmpdir(), 'estante-deletes-'));

beforeAll(async () => {
  t = await createTestApp();
  await createInstitution(t.database.db, { nome: 'Biblioteca de Teste' });
  const [central] = await createLibraries(t.database.db, ['Biblioteca Central']);
  library = central!.codBiblioteca;
  ana = (await createPatron(t.database.db, { login: 'ana', nome: 'Ana Souza', password: 'senha-ana-1' })).codPessoa;
  authorization = `Bearer ${await publicToken(t.app)}`;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A deletion record for a control number (leader/05 'd'); the rest of the record does not matter. */
const deletion = (id: string, kind = 'am'): MarcRecord => ({ ...marcRecord({ id, title: 'qualquer' }), leader: `00000d${kind} a2200000 a 4500` });
const items = (...records: MarcRecord[]): ReadItem[] =>
  records.map((record, i) => ({ kind: 'record', position: i + 1, offset: i * 100, record, warnings: [] }));
const title = (spec: TitleSpec) => marcRecord(spec);

/** A MARCXML file of these records, as a source system exports them. */
function xmlFile(name: string, records: MarcRecord[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, toMarcXml(records));
  return file;
}
function textFile(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

async function titleRow(controlNumber: string) {
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select cod_acervo as id from titles where control_number = ${controlNumber}`);
  return row;
}
async function tombstone(id: number) {
  const [row] = await queryRows<{ control_number: string; cod_tipo_obra: number }>(
    t.database.db,
    sql`select control_number, cod_tipo_obra from deleted_titles where cod_acervo = ${id}`,
  );
  return row;
}
const copiesOf = async (id: number) =>
  (await queryRows<{ tombo: string }>(t.database.db, sql`select tombo from copies where cod_acervo = ${id} order by tombo`)).map((r) => r.tombo);
const lastAudit = async () =>
  (
    await queryRows<{ acao: string; alvo: string; detalhes: Record<string, unknown> }>(
      t.database.db,
      sql`select acao, alvo, detalhes from staff_audit order by id desc limit 1`,
    )
  )[0];

/** The titles a catalogue search for `text` finds (their titles as shown). */
async function found(text: string): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: `/svc/consulta?termo1=${encodeURIComponent(text)}`, headers: { authorization } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { acervos: { titulo: string }[] }).acervos.map((a) => a.titulo);
}
const page = async (id: number) => (await t.app.inject({ method: 'GET', url: `/svc/acervo/${id}`, headers: { authorization } })).statusCode;

/** The OAI-PMH header the provider gives this title: its identifier's status attribute ('live' when none), in GetRecord and in ListIdentifiers. */
async function oaiStatus(id: number): Promise<{ getRecord: string; listIdentifiers: string }> {
  const get = async (query: string) => (await t.app.inject({ method: 'GET', url: `/oai?${query}`, headers: { host: HOST } })).body;
  const identifier = `oai:${HOST}:${id}`;
  const statusIn = (xml: string) => {
    const header = [...xml.matchAll(/<header( status="(\w+)")?>\s*<identifier>([^<]*)<\/identifier>/g)].find((m) => m[3] === identifier);
    return header ? (header[2] ?? 'live') : 'absent';
  };
  // Every header of the list, through its resumption tokens.
  let list = '';
  let query = 'verb=ListIdentifiers&metadataPrefix=oai_dc';
  for (let part = 0; part < 50; part++) {
    const xml = await get(query);
    list += xml;
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml);
    if (!token) break;
    query = `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token[1]!)}`;
  }
  return { getRecord: statusIn(await get(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier}`)), listIdentifiers: statusIn(list) };
}

describe('a file mixing new records and a deletion record (leader/05 d)', () => {
  it('adds the new titles and deletes the existing one with its copies: gone from search, its page 404, deleted in OAI-PMH', async () => {
    const { 'mix-old': id } = await createTitles(t.database.db, [{ id: 'mix-old', title: 'Crônicas do arquivo morto', kind: 'as' }]);
    await createCopies(t.database.db, [
      { codAcervo: id!, codBiblioteca: library, tombo: 'MIX1' },
      { codAcervo: id!, codBiblioteca: library, tombo: 'MIX2' },
    ]);
    expect(await found('arquivo morto')).toEqual(['Crônicas do arquivo morto']);
    expect(await page(id!)).toBe(200);
    expect(await oaiStatus(id!)).toEqual({ getRecord: 'live', listIdentifiers: 'live' });
    const [type] = await queryRows<{ t: number }>(t.database.db, sql`select cod_tipo_obra as t from titles where cod_acervo = ${id!}`);

    const file = xmlFile('mixed.xml', [
      title({ id: 'mix-new-1', title: 'Arquivo vivo: primeira parte' }),
      deletion('mix-old'),
      title({ id: 'mix-new-2', title: 'Arquivo vivo: segunda parte' }),
    ]);
    const result = await importFile(t.database.db, file);
    expect(result.lines[0]).toBe(`${file}: 3 records read, 2 new, 0 updated, 0 unchanged, 1 deleted, 0 rejected`);
    expect(result.lines).toContain('  deletions: 1 title deleted with 2 copies, 0 not found, 0 kept');
    expect(result.lines).toContain('  deleted title mix-old (record 2) and its 2 copies');
    expect(result).toMatchObject({ rejected: 0, kept: 0 });
    expect(await lastAudit()).toMatchObject({
      acao: 'catalog.import',
      alvo: 'arquivo:mixed.xml',
      detalhes: { lidos: 3, novos: 2, apagados: 1, exclusoes: { apagados: 1, exemplares_apagados: 2, nao_encontrados: 0, mantidos: 0 } },
    });

    expect(await found('arquivo')).toEqual(expect.arrayContaining(['Arquivo vivo: primeira parte', 'Arquivo vivo: segunda parte']));
    expect(await found('arquivo morto')).toEqual([]);
    expect(await found('arquivo')).not.toContain('Crônicas do arquivo morto');
    expect(await page(id!)).toBe(404);
    expect(await oaiStatus(id!)).toEqual({ getRecord: 'deleted', listIdentifiers: 'deleted' });
    expect(await copiesOf(id!)).toEqual([]);
    expect(await tombstone(id!)).toEqual({ control_number: 'mix-old', cod_tipo_obra: type!.t });
  });

  it('applies a file in its order: a title added, then deleted, then added again under a new number', async () => {
    const report = await importMarcRecords(t.database.db, items(title({ id: 'seq-1', title: 'Primeira' }), deletion('seq-1')));
    expect(report).toMatchObject({ inserted: 1, deleted: 1, rejected: [] });
    expect(await titleRow('seq-1')).toBeUndefined();
    const [gone] = await queryRows<{ id: number }>(t.database.db, sql`select cod_acervo as id from deleted_titles where control_number = 'seq-1'`);
    const again = await importMarcRecords(t.database.db, items(title({ id: 'seq-1', title: 'De volta' })));
    expect(again).toMatchObject({ inserted: 1, deleted: 0 });
    const back = await titleRow('seq-1');
    expect(back!.id).not.toBe(gone!.id);
    expect(await tombstone(gone!.id)).toMatchObject({ control_number: 'seq-1' });
  });
});

describe('a title kept: a copy on loan, or rows that refer to it', () => {
  it('keeps a title with a copy on loan, and its other copies, and reports why; the file’s other deletion goes through', async () => {
    const ids = await createTitles(t.database.db, [
      { id: 'lent-1', title: 'Emprestado agora' },
      { id: 'free-1', title: 'Livre para sair' },
    ]);
    await createCopies(t.database.db, [
      { codAcervo: ids['lent-1']!, codBiblioteca: library, tombo: 'L1' },
      { codAcervo: ids['lent-1']!, codBiblioteca: library, tombo: 'L2' },
      { codAcervo: ids['free-1']!, codBiblioteca: library, tombo: 'F1' },
    ]);
    await createLoan(t.database.db, { tombo: 'L1', codPessoa: ana, dueInDays: 7 });
    const result = await importFile(t.database.db, xmlFile('lent.xml', [deletion('lent-1'), deletion('free-1')]));
    expect(result).toMatchObject({ rejected: 0, kept: 1 });
    expect(result.lines).toContain('  deletions: 1 title deleted with 1 copy, 0 not found, 1 kept');
    expect(result.lines).toContain('  kept title lent-1 (record 1): copy L1 is on loan');
    expect(await lastAudit()).toMatchObject({ detalhes: { apagados: 1, exclusoes: { apagados: 1, exemplares_apagados: 1, mantidos: 1 } } });
    expect(await titleRow('lent-1')).toEqual({ id: ids['lent-1'] });
    expect(await copiesOf(ids['lent-1']!)).toEqual(['L1', 'L2']);
    expect(await tombstone(ids['lent-1']!)).toBeUndefined();
    expect(await page(ids['lent-1']!)).toBe(200);
    expect(await oaiStatus(ids['lent-1']!)).toEqual({ getRecord: 'live', listIdentifiers: 'live' });
    expect(await found('Emprestado agora')).toEqual(['Emprestado agora']);
    expect(await titleRow('free-1')).toBeUndefined();
    expect(await page(ids['free-1']!)).toBe(404);
  });

  it('keeps a title whose copy was lent once (the loan’s history refers to it), one with a hold, and one with a comment', async () => {
    const ids = await createTitles(t.database.db, [
      { id: 'past-1', title: 'Devolvido' },
      { id: 'held-1', title: 'Reservado' },
      { id: 'said-1', title: 'Comentado' },
    ]);
    await createCopies(t.database.db, [{ codAcervo: ids['past-1']!, codBiblioteca: library, tombo: 'P1' }]);
    await createLoan(t.database.db, { tombo: 'P1', codPessoa: ana, dueInDays: -3, lentDaysAgo: 10 });
    await t.database.db.execute(sql`update loans set data_devolucao = now() where cod_exemplar = (select cod_exemplar from copies where tombo = 'P1')`);
    await t.database.db.execute(sql`update copies set status = 'disponivel', data_devolucao_prevista = null where tombo = 'P1'`);
    await createHold(t.database.db, { codAcervo: ids['held-1']!, codBiblioteca: library, codPessoa: ana });
    await createComment(t.database.db, { codAcervo: ids['said-1']!, codPessoa: ana, codBiblioteca: library, texto: 'Ótimo' });
    const report = await importMarcRecords(t.database.db, items(deletion('past-1'), deletion('held-1'), deletion('said-1')));
    expect(report).toMatchObject({ deleted: 0, rejected: [], deletions: { deleted: 0, kept: 3 } });
    expect(report.deletions.entries.map((e) => [e.controlNumber, e.outcome, e.reasons])).toEqual([
      ['past-1', 'kept', ['copy P1: loans refer to it']],
      ['held-1', 'kept', ['holds refer to it']],
      ['said-1', 'kept', ['comments refer to it']],
    ]);
    for (const n of ['past-1', 'held-1', 'said-1']) expect(await titleRow(n)).toBeDefined();
    expect(await copiesOf(ids['past-1']!)).toEqual(['P1']);
  });
});

describe('a delete list (--delete-list)', () => {
  it('deletes the titles it names, through a running server, skipping blank lines and comments; reports each, audited once', async () => {
    const ids = await createTitles(t.database.db, [
      { id: 'list-1', title: 'Catálogo de sombras' },
      { id: 'list 2', title: 'Catálogo de ventos' },
      { id: 'list-3', title: 'Catálogo de marés' },
    ]);
    await createCopies(t.database.db, [
      { codAcervo: ids['list-1']!, codBiblioteca: library, tombo: 'LS1' },
      { codAcervo: ids['list-3']!, codBiblioteca: library, tombo: 'LS3' },
    ]);
    await createLoan(t.database.db, { tombo: 'LS3', codPessoa: ana, dueInDays: 7 });
    expect(await found('catálogo')).toHaveLength(3);
    const list = textFile('withdrawn.txt', '# withdrawn in March\nlist-1\n\n   list 2   # an LCCN-like number, with a space\nnever-was\n\r\nlist-3\n');
    const answer = JSON.parse(await runAdminCommand(t.database.db, { command: 'catalog.import', args: ['--delete-list', list] })) as {
      lines: string[];
      rejected: number;
      kept: number;
    };
    expect(answer).toEqual({
      lines: [
        `${list}: 4 control numbers read, 2 deleted, 1 not found, 1 kept, 0 rejected`,
        '  deletions: 2 titles deleted with 1 copy, 1 not found, 1 kept',
        '  deleted title list-1 (line 2) and its copy',
        '  deleted title list 2 (line 4)',
        '  not found: no title with control number never-was (line 5)',
        '  kept title list-3 (line 7): copy LS3 is on loan',
      ],
      rejected: 0,
      kept: 1,
    });
    expect(await lastAudit()).toMatchObject({
      acao: 'catalog.import',
      alvo: 'lista:withdrawn.txt',
      detalhes: { lidos: 4, apagados: 2, rejeitados: 0, exclusoes: { apagados: 2, exemplares_apagados: 1, nao_encontrados: 1, mantidos: 1 } },
    });
    expect(await found('catálogo')).toEqual(['Catálogo de marés']);
    for (const n of ['list-1', 'list 2']) {
      expect(await page(ids[n]!)).toBe(404);
      expect(await oaiStatus(ids[n]!)).toEqual({ getRecord: 'deleted', listIdentifiers: 'deleted' });
    }
    expect(await copiesOf(ids['list-1']!)).toEqual([]);
    expect(await copiesOf(ids['list-3']!)).toEqual(['LS3']);
  });

  it('deletes from the command line’s own database too, and refuses a list given by a relative path or with a file', async () => {
    const { 'cli-1': id } = await createTitles(t.database.db, [{ id: 'cli-1', title: 'Último exemplar' }]);
    const result = await importDeleteList(t.database.db, textFile('one.txt', 'cli-1\n'));
    expect(result).toMatchObject({ rejected: 0, kept: 0 });
    expect(result.lines[0]).toMatch(/1 control numbers read, 1 deleted, 0 not found, 0 kept, 0 rejected$/);
    expect(await page(id!)).toBe(404);
    await expect(runAdminCommand(t.database.db, { command: 'catalog.import', args: ['--delete-list', 'one.txt'] })).rejects.toThrow(
      'one delete list, by its absolute path, and nothing else',
    );
    await expect(runAdminCommand(t.database.db, { command: 'catalog.import', args: ['/tmp/a.xml', '--delete-list', '/tmp/one.txt'] })).rejects.toThrow(
      'one delete list, by its absolute path, and nothing else',
    );
  });
});

describe('deletion records the import does not apply', () => {
  it('reports a title that is not there as not found, and rejects a record without 001 and an authority’s', async () => {
    const noNumber: MarcRecord = { leader: '00000dam a2200000 a 4500', fields: [] };
    const authority: MarcRecord = { leader: '00000dz  a2200000n  4500', fields: [{ tag: '001', value: 'aut-1' }] };
    const report = await importMarcRecords(t.database.db, items(deletion('nunca-existiu'), noNumber, authority));
    expect(report).toMatchObject({
      deleted: 0,
      unchanged: 0,
      deletions: { notFound: 1, entries: [{ where: 'record 1', controlNumber: 'nunca-existiu', outcome: 'not found' }] },
    });
    expect(report.rejected).toEqual([
      { position: 2, offset: 100, reason: 'deletion record has no control number (001)' },
      { position: 3, offset: 200, reason: 'authority aut-1 is not deleted: the import deletes titles only' },
    ]);
  });
});
