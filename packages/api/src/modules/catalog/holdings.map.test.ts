import { describe, expect, it } from 'vitest';
import type { MarcRecord } from '../../marc/record.js';
import { holdingsArgv, type HoldingsMap, KOHA_952, MARC21_852, mapFromFile, parseImportArgs, readHoldings } from './holdings.map.js';

const field = (tag: string, subfields: [string, string][]) => ({ tag, ind1: ' ', ind2: ' ', subfields: subfields.map(([code, value]) => ({ code, value })) });
const record = (...fields: ReturnType<typeof field>[]): MarcRecord => ({
  leader: '00000nam a2200000 a 4500',
  fields: [{ tag: '001', value: 'r1' }, field('245', [['a', 'Título']]), ...fields],
});
const withCodes = (map: HoldingsMap, more: Partial<HoldingsMap> = {}): HoldingsMap => ({
  ...map,
  libraries: { CPL: 1, MAIN: 1, '*': 2 },
  loanTypes: { BK: 1, '*': 1 },
  ...more,
});

describe("Koha's 952", () => {
  it('reads every mapped subfield, and the status from the flags in their order', () => {
    const read = readHoldings(
      record(
        field('952', [
          ['a', 'CPL'],
          ['b', 'MPL'],
          ['o', '869.3 A476c'],
          ['p', 'B1'],
          ['y', 'BK'],
          ['8', 'FIC'],
          ['h', 'v.1'],
          ['d', '2020-03-04'],
          ['3', 'CD'],
        ]),
        field('952', [
          ['a', 'CPL'],
          ['p', 'B2'],
          ['y', 'BK'],
          ['1', '2'],
          ['4', '1'],
        ]),
        field('952', [
          ['a', 'CPL'],
          ['p', 'B3'],
          ['y', 'BK'],
          ['4', '1'],
          ['7', '1'],
        ]),
        field('952', [
          ['a', 'CPL'],
          ['p', 'B4'],
          ['y', 'BK'],
          ['7', '-1'],
        ]),
        field('952', [
          ['a', 'CPL'],
          ['p', 'B5'],
          ['y', 'BK'],
          ['7', '2'],
        ]),
        field('952', [
          ['a', 'CPL'],
          ['p', 'B6'],
          ['y', 'BK'],
          ['5', '1'],
          ['0', '0'],
          ['d', '2020-02-30'],
        ]),
        field('952', [
          ['a', 'CPL'],
          ['p', 'B7'],
          ['y', 'BK'],
          ['0', '1'],
        ]),
      ),
      withCodes(KOHA_952, { collections: { FIC: 'Ficção' } }),
      '000 TIT',
    );
    expect(read.copies[0]).toEqual({
      tombo: 'B1',
      codBiblioteca: 1,
      codTipoEmprestimo: 1,
      localizacao: '869.3 A476c',
      colecao: 'Ficção',
      status: 'disponivel',
      volume: 'v.1',
      material: 'CD',
      dataAquisicao: '2020-03-04',
    });
    expect(read.copies.map((c) => [c.tombo, c.status, c.localizacao])).toEqual([
      ['B1', 'disponivel', '869.3 A476c'],
      ['B2', 'extraviado', '000 TIT'],
      ['B3', 'em_processamento', '000 TIT'],
      ['B4', 'em_processamento', '000 TIT'],
      ['B5', 'consulta_local', '000 TIT'],
      ['B6', 'consulta_local', '000 TIT'],
    ]);
    expect(read.leftOut).toEqual([{ kind: 'withdrawn' }]);
    expect(read.keep).toEqual(['B1', 'B2', 'B3', 'B4', 'B5', 'B6']);
    expect(read.warnings).toEqual(["copy B6: acquisition date '2020-02-30' is no date; left unset"]);
  });

  it('leaves out a copy whose codes are not mapped, or without a barcode, or with one already given, keeping what it names', () => {
    const read = readHoldings(
      record(
        field('952', [
          ['a', 'XPL'],
          ['p', 'X1'],
          ['y', 'BK'],
        ]),
        field('952', [
          ['a', 'CPL'],
          ['p', 'X2'],
          ['y', 'DVD'],
        ]),
        field('952', [
          ['a', 'CPL'],
          ['y', 'BK'],
        ]),
        field('952', [
          ['a', 'CPL'],
          ['p', 'X2'],
          ['y', 'BK'],
        ]),
        field('952', [['p', 'X3']]),
      ),
      withCodes(KOHA_952),
      null,
    );
    expect(read.leftOut).toEqual([
      { kind: 'unmapped', part: 'library', code: 'XPL' },
      { kind: 'unmapped', part: 'loanType', code: 'DVD' },
      { kind: 'no-barcode' },
      { kind: 'duplicate', barcode: 'X2' },
    ]);
    // No branch and no item type: the `*` codes.
    expect(read.copies).toEqual([expect.objectContaining({ tombo: 'X3', codBiblioteca: 2, codTipoEmprestimo: 1, localizacao: '' })]);
    expect(read.keep).toEqual(['X1', 'X2', 'X3']);
  });

  it('says a record without 952 has no holdings', () => {
    expect(readHoldings(record(field('852', [['b', 'CPL']])), withCodes(KOHA_952), null)).toMatchObject({ present: false, copies: [] });
  });
});

describe('MARC 21 852 with 876–878', () => {
  it('reads items with the location they follow or link to, and an 852 without items as a copy of its own', () => {
    const read = readHoldings(
      record(
        field('852', [
          ['8', '1'],
          ['b', 'MAIN'],
          ['c', 'REF'],
          ['k', 'Ref.'],
          ['h', 'QA76'],
          ['i', '.B3'],
        ]),
        field('852', [
          ['8', '2'],
          ['b', 'CPL'],
          ['h', 'PN1'],
          ['p', 'L1'],
        ]),
        field('876', [
          ['8', '1.1'],
          ['p', 'I1'],
          ['3', 'v.1'],
          ['d', '20190102'],
        ]),
        field('877', [
          ['8', '1.2'],
          ['p', 'I2'],
          ['j', 'Missing'],
        ]),
        field('852', [
          ['b', 'CPL'],
          ['h', 'PS3'],
        ]),
        field('876', [
          ['p', 'I3'],
          ['j', 'Available'],
        ]),
      ),
      withCodes(MARC21_852, { statuses: { Missing: 'extraviado', Available: 'disponivel' } }),
      null,
    );
    expect(read.copies.map((c) => [c.tombo, c.codBiblioteca, c.localizacao, c.colecao, c.status, c.volume, c.dataAquisicao])).toEqual([
      ['L1', 1, 'PN1', null, 'disponivel', null, null],
      ['I1', 1, 'Ref. QA76 .B3', 'REF', 'disponivel', 'v.1', '2019-01-02'],
      ['I2', 1, 'Ref. QA76 .B3', 'REF', 'extraviado', null, null],
      ['I3', 1, 'PS3', null, 'disponivel', null, null],
    ]);
  });

  it('leaves out a copy whose status the map does not name', () => {
    const read = readHoldings(
      record(
        field('852', [['b', 'CPL']]),
        field('876', [
          ['p', 'I9'],
          ['j', 'At bindery'],
        ]),
      ),
      withCodes(MARC21_852),
      null,
    );
    expect(read.leftOut).toEqual([{ kind: 'unmapped', part: 'status', code: 'At bindery' }]);
  });
});

describe("a library's own map", () => {
  it('reads its own tag and subfields, on a base or whole', () => {
    const own = mapFromFile(
      JSON.stringify({ base: 'koha', items: ['949'], read: { barcode: ['949$i'], library: ['949$m'] }, libraries: { CPL: 1 } }),
      'own.json',
    );
    expect(own.read.callNumber).toEqual(['952$o']);
    const whole = mapFromFile(
      JSON.stringify({ items: ['949'], read: { barcode: ['949$i'], library: ['949$m'], callNumber: ['949$a', '949$b'] }, loanTypes: { '*': 1 } }),
      'whole.json',
    );
    const read = readHoldings(
      record(
        field('949', [
          ['m', 'CPL'],
          ['i', 'Z1'],
          ['a', '823'],
          ['b', 'D55'],
        ]),
      ),
      { ...whole, libraries: { CPL: 1 } },
      null,
    );
    expect(read.copies).toEqual([
      expect.objectContaining({ tombo: 'Z1', codBiblioteca: 1, codTipoEmprestimo: 1, localizacao: '823 D55', status: 'disponivel' }),
    ]);
  });

  it('says what is wrong with a map', () => {
    expect(() => mapFromFile('{', 'm.json')).toThrow(/holdings map m.json is not JSON/);
    expect(() => mapFromFile(JSON.stringify({ items: ['949'] }), 'm.json')).toThrow(
      'a map without a base names its items and where their barcode and library are read',
    );
    expect(() => mapFromFile(JSON.stringify({ base: 'koha', read: { barcode: ['949i'] } }), 'm.json')).toThrow(
      'read.barcode.0: a source is a tag and a subfield code, as 952$p',
    );
    expect(() => mapFromFile(JSON.stringify({ base: 'koha', statuses: { X: 'perdido' } }), 'm.json')).toThrow(/statuses.X/);
    expect(() => mapFromFile(JSON.stringify({ base: 'koha', colour: 'blue' }), 'm.json')).toThrow(/colour/);
  });
});

describe('the command line', () => {
  it('reads files and holdings options, and writes them back for a running server', () => {
    const parsed = parseImportArgs([
      '--',
      '--holdings',
      'koha',
      '--map-library',
      'CPL=1',
      '--map-loan-type=BK=2',
      '--map-collection',
      'FIC=Ficção brasileira',
      '--map-status',
      'Missing=extraviado',
      'a.xml',
      'b.mrc',
    ]);
    expect(parsed).toEqual({
      files: ['a.xml', 'b.mrc'],
      holdings: { map: 'koha', libraries: { CPL: 1 }, loanTypes: { BK: 2 }, collections: { FIC: 'Ficção brasileira' }, statuses: { Missing: 'extraviado' } },
    });
    expect(parseImportArgs(['x.xml', ...holdingsArgv(parsed.holdings)])).toEqual({ ...parsed, files: ['x.xml'] });
    expect(parseImportArgs(['a.xml'])).toEqual({ files: ['a.xml'] });
  });

  it('reads delete lists, as many as given, with or without files', () => {
    expect(parseImportArgs(['--delete-list', 'gone.txt'])).toEqual({ files: [], deleteLists: ['gone.txt'] });
    expect(parseImportArgs(['a.xml', '--delete-list=one.txt', '--holdings', 'koha', '--delete-list', 'two.txt'])).toEqual({
      files: ['a.xml'],
      deleteLists: ['one.txt', 'two.txt'],
      holdings: { map: 'koha', libraries: {}, loanTypes: {}, collections: {}, statuses: {} },
    });
    expect(() => parseImportArgs(['--delete-list'])).toThrow('--delete-list needs a value');
  });

  it('refuses what it cannot read', () => {
    expect(() => parseImportArgs(['--map-library', 'CPL=1', 'a.xml'])).toThrow(/need the holdings map they map/);
    expect(() => parseImportArgs(['--holdings', 'evergreen'])).toThrow('--holdings is koha or marc21 (a file: --holdings-map)');
    expect(() => parseImportArgs(['--holdings', 'koha', '--map-library', 'CPL'])).toThrow('--map-library is CODE=VALUE, as --map-library CPL=1');
    expect(() => parseImportArgs(['--holdings', 'koha', '--map-library', 'CPL=central'])).toThrow("the value is Estante's number");
    expect(() => parseImportArgs(['--holdings', 'koha', '--map-status', 'X=perdido'])).toThrow(/a status is one of/);
    expect(() => parseImportArgs(['--holding', 'koha'])).toThrow('unknown option --holding');
    expect(() => parseImportArgs(['--holdings'])).toThrow('--holdings needs a value');
  });
});
