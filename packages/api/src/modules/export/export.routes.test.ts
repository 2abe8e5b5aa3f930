import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportEndpoints, IMPORT_ARGUMENTS_HEADER } from '@estante/contracts/export';
import { queryRows } from '../../db/client.js';
import { readIso2709 } from '../../marc/iso2709.js';
import { readMarcXml } from '../../marc/marcxml.js';
import { dataFields, type MarcRecord } from '../../marc/record.js';
import { createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createCopies, createLibraries, createLoan, createPatron, createTitles, grantStaffRoles } from '../../../test/factories.js';
import { PATRON_COLUMNS, PATRON_OPTIONAL_COLUMNS } from '../people/patron-import.service.js';
import { exportCatalogue } from './export.service.js';
import { KOHA_952 } from '../catalog/holdings.map.js';

/**
 * The administration's exports (issue 57 item 4): the catalogue as ISO 2709 or MARCXML with its
 * copies in the holdings map chosen, and the patrons' CSV files, as downloads — each refused to
 * anyone without the administration role, a library's own map that is no map refused naming its
 * mistake, each export in the audit, and a reader who stops stopping the reading.
 */
let t: TestApp;
let admin: string;
let desk: string;
let sigla: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const ids = await createTitles(db, [
    { id: 'x1', title: 'Iracema', year: 1865 },
    { id: 'x2', title: 'O guarani', year: 1857 },
  ]);
  const [library] = await createLibraries(db, ['Central']);
  sigla = library!.sigla;
  await createCopies(db, [
    { codAcervo: ids.x1!, codBiblioteca: library!.codBiblioteca, tombo: 'C1', localizacao: '869.3 A476i', colecao: 'Acervo geral' },
    { codAcervo: ids.x1!, codBiblioteca: library!.codBiblioteca, tombo: 'C2', status: 'extraviado' },
    { codAcervo: ids.x2!, codBiblioteca: library!.codBiblioteca, tombo: 'C3', codTipoEmprestimo: 2 },
  ]);
  const reader = await createPatron(db, { login: 'ana', nome: 'Ana Souza', password: 'senha-ana-1', email: 'ana@example.org' });
  await createLoan(db, { tombo: 'C1', codPessoa: reader.codPessoa, dueInDays: 5, renewals: 1 });
  await createPatron(db, { login: 'chefe', nome: 'Chefe da Biblioteca', password: 'senha-chefe-1' });
  await grantStaffRoles(db, 'chefe', ['administracao']);
  await createPatron(db, { login: 'balcao', nome: 'Balcão', password: 'senha-balcao-1' });
  await grantStaffRoles(db, 'balcao', ['circulacao', 'catalogacao']);
  admin = await patronToken(t.app, 'chefe', 'senha-chefe-1');
  desk = await patronToken(t.app, 'balcao', 'senha-balcao-1');
});
afterAll(() => t.close());

const catalogue = (body: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/svc${exportEndpoints.catalogue.path}`, headers: { authorization: `Bearer ${token}`, 'x-idioma': '5' }, payload: body });
const people = (arquivo: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/svc/api/equipe/exportacao/${arquivo}`, headers: { authorization: `Bearer ${token}` } });
/** The audit's rows of an action, oldest first. */
const audit = (acao: string) =>
  queryRows<{ autor: string; alvo: string; detalhes: Record<string, unknown> }>(
    t.database.db,
    sql`select autor, alvo, detalhes from staff_audit where acao = ${acao} order by id`,
  );
const copiesOf = (record: MarcRecord) => dataFields(record, '952').map((f) => Object.fromEntries(f.subfields.map((s) => [s.code, s.value])));

describe('POST /api/equipe/exportacao/catalogo', () => {
  it('is refused without a token, and to staff without the administration role', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/svc${exportEndpoints.catalogue.path}`, payload: {} })).statusCode).toBe(401);
    const refused = await catalogue({ formato: 'marcxml', exemplares: 'koha' }, desk);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'PapelNecessario' });
  });

  it("downloads MARCXML with every title's copies in Koha's 952, naming the options that read them back", async () => {
    const response = await catalogue({ formato: 'marcxml', exemplares: 'koha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/marcxml+xml; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="catalogo-\d{4}-\d{2}-\d{2}\.xml"$/);
    expect(response.headers[IMPORT_ARGUMENTS_HEADER]).toBe('--map-loan-type 1=1 --map-loan-type 2=2');
    const records = [...readMarcXml(response.body)].flatMap((item) => (item.kind === 'record' ? [item.record] : []));
    expect(records).toHaveLength(2);
    expect(copiesOf(records[0]!)).toEqual([
      { p: 'C1', a: sigla, b: sigla, o: '869.3 A476i', '8': 'Acervo geral', d: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), y: '1' },
      { p: 'C2', a: sigla, b: sigla, o: '000', d: expect.any(String), y: '1', '1': '1' },
    ]);
    expect(copiesOf(records[1]!).map((c) => [c.p, c.y])).toEqual([['C3', '2']]);
    // Written once the answer is sent whole.
    await vi.waitFor(async () =>
      expect((await audit('export.catalogue')).at(-1)).toMatchObject({
        autor: expect.stringMatching(/^pessoa:\d+$/),
        alvo: 'catalogo',
        detalhes: { completo: true, titulos: 2, copias: 3, exemplares: 'koha' },
      }),
    );
  });

  it('downloads ISO 2709 in MARC 21 holdings, and a library’s own map', async () => {
    const iso = await catalogue({ formato: 'iso2709', exemplares: 'marc21' });
    expect(iso.statusCode).toBe(200);
    expect(iso.headers['content-type']).toBe('application/marc');
    expect(iso.headers[IMPORT_ARGUMENTS_HEADER]).toBe(
      '--map-loan-type *=1 --map-status disponivel=disponivel --map-status emprestado=disponivel --map-status extraviado=extraviado',
    );
    const records = [...readIso2709(iso.rawPayload)].flatMap((item) => (item.kind === 'record' ? [item.record] : []));
    // One 852 a place (library, call number, collection), its items after it.
    expect(records.map((r) => dataFields(r, '852', '876').map((f) => f.tag))).toEqual([
      ['852', '876', '852', '876'],
      ['852', '876'],
    ]);
    const own = await catalogue({ formato: 'marcxml', exemplares: 'proprio', mapa: JSON.stringify({ base: 'koha', libraries: { CENTRAL: 1 } }) });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<subfield code="a">CENTRAL</subfield>');
  });

  it('refuses a map that is none with 422 naming its mistake, and a map without exemplares proprio with 400', async () => {
    const bad = await catalogue({ formato: 'marcxml', exemplares: 'proprio', mapa: JSON.stringify({ items: ['95'] }) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      status: 422,
      key: 'MapaExemplaresInvalido',
      message:
        'The holdings map cannot be used: holdings map mapa.json: items.0: a tag is three digits; (the map): a map without a base names its items and where their barcode and library are read',
    });
    const mixed = await catalogue({ formato: 'marcxml', exemplares: 'koha', mapa: '{}' });
    expect(mixed.statusCode).toBe(400);
  });
});

describe('GET /api/equipe/exportacao/{arquivo}', () => {
  it('downloads the patrons with the import’s header, the password hash they sign in with, and audits it', async () => {
    expect((await people('leitores', desk)).statusCode).toBe(403);
    const response = await people('leitores');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="leitores-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe([...PATRON_COLUMNS, ...PATRON_OPTIONAL_COLUMNS].join(','));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.startsWith('ana,'))).toMatch(/^ana,Ana Souza,,ana@example\.org,,01,,,scrypt\$16384\$8\$5\$[^,]+,\d+,$/);
    await vi.waitFor(async () => expect((await audit('export.patrons')).at(-1)).toMatchObject({ alvo: 'leitores', detalhes: { linhas: 3, completo: true } }));
  });

  it('downloads the open loans with their renewals, and holds and debts with their headers', async () => {
    const loans = (await people('emprestimos')).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(loans[0]).toBe('matricula,tombo,data_emprestimo,data_devolucao_prevista,renovacoes,data_devolucao');
    expect(loans.slice(1)).toEqual([expect.stringMatching(/^ana,C1,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},1,$/)]);
    expect((await people('reservas')).body.replace(/^\uFEFF/, '')).toBe('matricula,numero_controle,biblioteca,data\r\n');
    expect((await people('debitos')).body.replace(/^\uFEFF/, '')).toBe('matricula,tipo,valor,data,tombo,descricao,desconto,valor_pago,data_pagamento\r\n');
    expect((await people('outros')).statusCode).toBe(400);
  });
});

describe('the export as a stream', () => {
  it('reads the catalogue as its reader takes it, and stops reading when the reader stops, saying so in the audit', async () => {
    await createTitles(
      t.database.db,
      Array.from({ length: 1000 }, (_, i) => ({ id: `s${i}`, title: `Título de número ${i} para ler aos poucos`, year: 1900 + (i % 100) })),
    );
    const exported = await exportCatalogue(t.database.db, { format: 'marcxml', map: KOHA_952, actor: 'test' });
    const first = await exported.stream[Symbol.asyncIterator]().next();
    expect((first.value as Buffer).length).toBeGreaterThanOrEqual(64 * 1024);
    exported.stream.destroy();
    const summary = await exported.done;
    expect(summary.complete).toBe(false);
    // A page or two ahead of the reader at most, never the catalogue.
    expect(summary.written).toBeLessThan(600);
    expect((await audit('export.catalogue')).at(-1)).toMatchObject({ autor: 'test', detalhes: { completo: false, escritos: summary.written } });
  });

  it('is audited even when stopped before its first byte', async () => {
    const exported = await exportCatalogue(t.database.db, { format: 'iso2709', map: KOHA_952, actor: 'parado' });
    exported.stream.destroy();
    expect((await exported.done).complete).toBe(false);
    expect((await audit('export.catalogue')).at(-1)).toMatchObject({ autor: 'parado', detalhes: { completo: false, escritos: 0 } });
  });
});
