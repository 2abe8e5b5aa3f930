import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createLibraries, createPatron, grantStaffRoles } from '../../../test/factories.js';
import { controlNumberOf, type KohaItem, kohaExport, realRecords } from '../../../test/koha.js';
import { runAdminCommand } from '../../admin/commands.js';
import { importFile } from '../../admin/import-file.js';
import { queryRows } from '../../db/client.js';
import { importMarcRecords } from './catalog.import.js';
import { readyHoldings } from './holdings.import.js';
import type { HoldingsArgs } from './holdings.map.js';
import { readMarcXml } from '../../marc/marcxml.js';

/**
 * A Koha library exports 25 real records (Library of Congress, Melinda) with their items in 952,
 * Koha's default framework: branches CPL (Estante's central library) and MPL (the branch), item
 * types BK (lendable) and REF (library use only), collections GEN and FIC. One item of each
 * kind Koha flags: lost, damaged, not for loan, ordered (not for loan below 0), restricted,
 * withdrawn. Fernanda lends at the desk; Ana borrows.
 */
let t: TestApp;
let central: number;
let branch: number;
let staffToken: string;
let ana: number;
const dir = mkdtempSync(path.join(tmpdir(), 'estante-holdings-'));

/** Item j of record i: 1–5 items a record; the flagged ones by hand. */
function itemsOf(i: number): KohaItem[] {
  return Array.from({ length: 1 + (i % 5) }, (_, j) => {
    const item: KohaItem = {
      homebranch: (i + j) % 3 === 2 ? 'MPL' : 'CPL',
      holdingbranch: 'CPL',
      barcode: `3901${String(i).padStart(3, '0')}${j}`,
      itemcallnumber: `${800 + i}.${j} K${i}`,
      itype: j === 1 && i % 4 === 3 ? 'REF' : 'BK',
      ccode: i % 2 === 0 ? 'GEN' : 'FIC',
      dateaccessioned: `2019-0${1 + (j % 9)}-1${j}`,
      price: '25.00',
      location: 'STACKS',
      cnSource: 'ddc',
    };
    return { ...item, ...FLAGGED[item.barcode!] };
  });
}

const FLAGGED: Record<string, Partial<KohaItem>> = {
  '39010010': { itemlost: '1' },
  '39010021': { damaged: '1' },
  '39010030': { notforloan: '1' },
  '39010042': { notforloan: '-1' },
  '39010050': { restricted: '1' },
  '39010083': { withdrawn: '1' },
  '39010070': { itemcallnumber: undefined, enumchron: 'v.2' },
};

/** What each imported copy must be, by barcode, worked out from the items by hand: the library, the loan type, the status. */
function expected(records: string[]) {
  const rows: Record<string, { library: number; loanType: number; callNumber: string; status: string; title: string }> = {};
  records.forEach((record, i) => {
    for (const item of itemsOf(i)) {
      if (item.withdrawn === '1') continue;
      const status =
        item.itemlost === '1'
          ? 'extraviado'
          : item.damaged === '1' || item.notforloan === '-1'
            ? 'em_processamento'
            : item.notforloan === '1' || item.restricted === '1'
              ? 'consulta_local'
              : 'disponivel';
      rows[item.barcode!] = {
        library: item.homebranch === 'MPL' ? branch : central,
        loanType: item.itype === 'REF' ? 2 : 1,
        callNumber: item.itemcallnumber ?? '',
        status,
        title: controlNumberOf(record),
      };
    }
  });
  return rows;
}

const KOHA: HoldingsArgs = { map: 'koha', libraries: {}, loanTypes: {}, collections: { GEN: 'Acervo geral' }, statuses: {} };
const args = (): HoldingsArgs => ({ ...KOHA, libraries: { CPL: central, MPL: branch }, loanTypes: { BK: 1, REF: 2 } });

const copyRows = () =>
  queryRows<{
    tombo: string;
    title: string;
    library: number;
    loan_type: number;
    call_number: string;
    status: string;
    colecao: string | null;
    volume: string | null;
    acquired: string;
    due: string | null;
  }>(
    t.database.db,
    sql`select c.tombo, t.control_number as title, c.cod_biblioteca as library, c.cod_tipo_emprestimo::int as loan_type, c.localizacao as call_number,
               c.status, c.colecao, c.volume, c.data_aquisicao::text as acquired, c.data_devolucao_prevista::text as due
        from copies c join titles t using (cod_acervo) order by c.tombo`,
  );

const records = realRecords(25);
const file = path.join(dir, 'koha-export.xml');

beforeAll(async () => {
  t = await createTestApp();
  [central, branch] = (await createLibraries(t.database.db, ['Biblioteca Central', 'Biblioteca Setorial'])).map((l) => l.codBiblioteca) as [number, number];
  writeFileSync(file, kohaExport(records.map((record, i) => ({ record, items: itemsOf(i) }))));
  ana = (await createPatron(t.database.db, { login: 'ana', nome: 'Ana Teste', password: 'senha-ana', email: 'ana@example.org' })).codPessoa;
  await createPatron(t.database.db, { login: 'fernanda', nome: 'Fernanda Teste', password: 'senha-fernanda', email: 'fernanda@example.org' });
  await grantStaffRoles(t.database.db, 'fernanda', ['circulacao']);
  staffToken = await patronToken(t.app, 'fernanda', 'senha-fernanda');
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const lend = (tombo: string) =>
  t.app.inject({
    method: 'POST',
    url: '/svc/api/circulacao/emprestimo',
    headers: { authorization: `Bearer ${staffToken}` },
    payload: { tombo, cod_pessoa: ana },
  });

describe("copies from Koha's 952", () => {
  it('imports 25 real records with every copy in place: barcode, library, call number, loan type, status', async () => {
    const result = await importFile(t.database.db, file, undefined, { holdings: args() });
    const want = expected(records);
    expect(Object.keys(want)).toHaveLength(74);
    // 39010070 gives no call number: its title's (090, 050 or 082) is the copy's.
    const [own] = await queryRows<{ c: string | null }>(
      t.database.db,
      sql`select call_number as c from titles where control_number = ${controlNumberOf(records[7]!)}`,
    );
    want['39010070']!.callNumber = own!.c ?? '';
    expect(result.rejected).toBe(0);
    expect(result.lines[0]).toMatch(/25 records read, 25 new, 0 updated/);
    expect(result.lines).toContain('  copies (koha map): 74 new, 0 updated, 0 unchanged, 0 deleted, 0 not imported, 1 withdrawn');
    expect(result.lines).toContain("  collection 'FIC' is new: 36 copies name it as written (another name: --map-collection 'FIC=<name>')");
    const rows = await copyRows();
    expect(
      Object.fromEntries(
        rows.map((r) => [r.tombo, { library: r.library, loanType: r.loan_type, callNumber: r.call_number, status: r.status, title: r.title }]),
      ),
    ).toEqual(want);
    expect(rows.find((r) => r.tombo === '39010000')).toMatchObject({ colecao: 'Acervo geral', acquired: '2019-01-10' });
    expect(rows.find((r) => r.tombo === '39010070')).toMatchObject({ colecao: 'FIC', volume: 'v.2' });
  });

  it('shows the copies on the title page', async () => {
    const [title] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select cod_acervo as id from titles where control_number = ${controlNumberOf(records[4]!)}`,
    );
    const response = await t.app.inject({ method: 'GET', url: `/svc/acervo/${title!.id}/exemplares`, headers: { authorization: `Bearer ${staffToken}` } });
    expect(response.statusCode).toBe(200);
    const shown = (response.json() as { exemplares: { tombo: string; desc_biblioteca: string; localizacao: string }[] }).exemplares;
    expect(shown.map((e) => e.tombo).sort()).toEqual(['39010040', '39010041', '39010042', '39010043', '39010044']);
    expect(shown.find((e) => e.tombo === '39010040')).toMatchObject({ desc_biblioteca: 'Biblioteca Central', localizacao: '804.0 K4' });
  });

  it('lends an imported copy at the desk, and refuses the lost one', async () => {
    const lent = await lend('39010011');
    expect(lent.statusCode).toBe(201);
    expect(lent.json()).toMatchObject({ tombo: '39010011', nome: 'Ana Teste' });
    expect((await copyRows()).find((r) => r.tombo === '39010011')).toMatchObject({ status: 'emprestado' });
    expect((await lend('39010010')).statusCode).toBe(422);
  });

  it('changes nothing when the same file is imported again, the loan included', async () => {
    const before = await copyRows();
    const result = await importFile(t.database.db, file, undefined, { holdings: args() });
    expect(result.lines[0]).toMatch(/25 records read, 0 new, 0 updated, 25 unchanged/);
    expect(result.lines).toContain('  copies (koha map): 0 new, 0 updated, 74 unchanged, 0 deleted, 0 not imported, 1 withdrawn');
    expect(result.lines.some((l) => l.includes('is new'))).toBe(false);
    expect(await copyRows()).toEqual(before);
  });

  it('updates copies by barcode, deletes one the record no longer holds, and never one on loan', async () => {
    const changed = records.map((record, i) => ({
      record,
      items: i === 0 ? [{ ...itemsOf(0)[0]!, itemcallnumber: '869.3 NOVA', itype: 'REF' }] : i === 1 ? [] : itemsOf(i),
    }));
    // Record 1 (items 39010010 lost, 39010011 on loan) now has no 952: its copies stay as they are.
    // Record 0 keeps its one item, changed. Record 2 keeps 39010021 only: it drops 39010022 and 39010020, lent first.
    expect((await lend('39010020')).statusCode).toBe(201);
    changed[2] = { record: records[2]!, items: [itemsOf(2)[1]!] };
    const second = path.join(dir, 'koha-changed.xml');
    writeFileSync(second, kohaExport(changed));
    const result = await importFile(t.database.db, second, undefined, { holdings: args() });
    expect(result.lines).toContain('  copies (koha map): 0 new, 1 updated, 69 unchanged, 1 deleted, 0 not imported, 1 withdrawn');
    expect(result.lines.some((l) => /copy 39010020 is on loan: not deleted/.test(l))).toBe(true);
    const rows = await copyRows();
    expect(rows.find((r) => r.tombo === '39010000')).toMatchObject({ call_number: '869.3 NOVA', loan_type: 2 });
    expect(rows.find((r) => r.tombo === '39010020')).toMatchObject({ status: 'emprestado' });
    expect(rows.find((r) => r.tombo === '39010022')).toBeUndefined();
    expect(rows.filter((r) => r.title === controlNumberOf(records[1]!)).map((r) => r.tombo)).toEqual(['39010010', '39010011']);
  });
});

describe("a library's own map, through a running server", () => {
  it('imports copies read by a JSON map file, as `npm run import` asks the server that owns the database', async () => {
    const map = path.join(dir, 'own-map.json');
    writeFileSync(
      map,
      JSON.stringify({ base: 'koha', items: ['949'], read: { barcode: ['949$i'], library: ['949$m'], callNumber: ['949$a'] }, loanTypes: { '*': 1 } }),
    );
    const own = path.join(dir, 'own.xml');
    writeFileSync(
      own,
      `<collection><record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">own-1</controlfield><datafield tag="245" ind1="0" ind2="0"><subfield code="a">Próprio</subfield></datafield><datafield tag="949" ind1=" " ind2=" "><subfield code="m">CENTRAL</subfield><subfield code="i">OWN1</subfield><subfield code="a">028.5 P964</subfield></datafield></record></collection>`,
    );
    const answer = JSON.parse(
      await runAdminCommand(t.database.db, { command: 'catalog.import', args: [own, '--holdings-map', map, '--map-library', `CENTRAL=${central}`] }),
    ) as { lines: string[] };
    expect(answer.lines).toContain('  copies (own-map.json map): 1 new, 0 updated, 0 unchanged, 0 deleted, 0 not imported, 0 withdrawn');
    expect((await copyRows()).find((r) => r.tombo === 'OWN1')).toMatchObject({
      title: 'own-1',
      library: central,
      loan_type: 1,
      call_number: '028.5 P964',
      status: 'disponivel',
    });
    await expect(runAdminCommand(t.database.db, { command: 'catalog.import', args: [own, '--holdings-map', 'own-map.json'] })).rejects.toThrow(
      'the holdings map is given by its absolute path',
    );
  });
});

describe('codes the map does not name', () => {
  const xml = (id: string, items: KohaItem[]) =>
    kohaExport([
      {
        record: `<record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">${id}</controlfield><datafield tag="245" ind1="0" ind2="0"><subfield code="a">Título ${id}</subfield></datafield></record>`,
        items,
      },
    ]);

  it('imports the record, reports each unmapped code once with its count, and leaves its copies out', async () => {
    const holdings = await readyHoldings(t.database.db, { ...KOHA, libraries: { CPL: central }, loanTypes: { BK: 1 } });
    const report = await importMarcRecords(
      t.database.db,
      readMarcXml(
        xml('unm-1', [
          { homebranch: 'CPL', barcode: 'U1', itype: 'BK' },
          { homebranch: 'XPL', barcode: 'U2', itype: 'BK' },
          { homebranch: 'XPL', barcode: 'U3', itype: 'BK' },
          { homebranch: 'CPL', barcode: 'U4', itype: 'DVD' },
          { homebranch: 'CPL', itype: 'BK' },
        ]),
      ),
      { holdings },
    );
    expect(report).toMatchObject({ inserted: 1, rejected: [] });
    expect(report.holdings).toMatchObject({ inserted: 1, leftOut: 4, unmapped: { library: { XPL: 2 }, loanType: { DVD: 1 }, status: {} } });
    expect(report.warnings.map((w) => w.message)).toEqual(['a copy without a barcode was not imported']);
    expect((await copyRows()).filter((r) => r.title === 'unm-1').map((r) => r.tombo)).toEqual(['U1']);
  });

  it('finds a library by its own code (sigla), and refuses a map to a library that does not exist before writing anything', async () => {
    const [row] = await queryRows<{ sigla: string }>(t.database.db, sql`select sigla from libraries where cod_biblioteca = ${branch}`);
    const ready = await readyHoldings(t.database.db, { ...KOHA, loanTypes: { BK: 1 } });
    expect(ready.map.libraries[row!.sigla]).toBe(branch);
    await expect(readyHoldings(t.database.db, { ...KOHA, libraries: { CPL: 999 } })).rejects.toThrow(
      'library code CPL is mapped to library 999, which does not exist',
    );
    await expect(readyHoldings(t.database.db, { ...KOHA, loanTypes: { BK: 77 } })).rejects.toThrow(
      'loan type code BK is mapped to loan type 77, which does not exist',
    );
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from titles`))[0]!.n;
    const before = await count();
    const bad = path.join(dir, 'bad.xml');
    writeFileSync(bad, xml('unm-2', [{ homebranch: 'CPL', barcode: 'U9', itype: 'BK' }]));
    await expect(importFile(t.database.db, bad, undefined, { holdings: { ...KOHA, libraries: { CPL: 999 } } })).rejects.toThrow(/does not exist/);
    expect(await count()).toBe(before);
  });

  it("does not move a barcode that is another title's copy", async () => {
    const holdings = await readyHoldings(t.database.db, { ...KOHA, libraries: { CPL: central }, loanTypes: { BK: 1 } });
    const report = await importMarcRecords(t.database.db, readMarcXml(xml('unm-3', [{ homebranch: 'CPL', barcode: 'U1', itype: 'BK' }])), { holdings });
    expect(report.holdings).toMatchObject({ inserted: 0, leftOut: 1 });
    expect(report.warnings.map((w) => w.message)).toEqual(['barcode U1 is a copy of title unm-1: not moved to this one']);
    expect((await copyRows()).find((r) => r.tombo === 'U1')).toMatchObject({ title: 'unm-1' });
  });

  it('updates a copy when one part alone changes, its acquisition date or its volume, and keeps its date when the record gives none', async () => {
    const holdings = await readyHoldings(t.database.db, { ...KOHA, libraries: { CPL: central }, loanTypes: { BK: 1 } });
    const run = async (items: KohaItem[]) => (await importMarcRecords(t.database.db, readMarcXml(xml('acq-1', items)), { holdings })).holdings;
    const item = { homebranch: 'CPL', barcode: 'A1', itype: 'BK', itemcallnumber: '001 A' };
    expect(await run([{ ...item, dateaccessioned: '2018-03-04' }])).toMatchObject({ inserted: 1, updated: 0, unchanged: 0 });
    // No date in the record: the copy keeps its own, and nothing changes.
    expect(await run([item])).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect((await copyRows()).find((r) => r.tombo === 'A1')).toMatchObject({ acquired: '2018-03-04', volume: null });
    expect(await run([{ ...item, dateaccessioned: '2018-03-05' }])).toMatchObject({ updated: 1, unchanged: 0 });
    expect(await run([{ ...item, dateaccessioned: '2018-03-05', enumchron: 'v.1' }])).toMatchObject({ updated: 1, unchanged: 0 });
    expect((await copyRows()).find((r) => r.tombo === 'A1')).toMatchObject({ acquired: '2018-03-05', volume: 'v.1', call_number: '001 A' });
    expect(await run([{ ...item, dateaccessioned: '2018-03-05', enumchron: 'v.1' }])).toMatchObject({ updated: 0, unchanged: 1 });
  });
});
