import { describe, expect, it } from 'vitest';
import type { MarcRecord } from '../../marc/record.js';
import { COPY_STATUSES } from '../../db/schema/catalog.js';
import { type CopyRow, type CopyStatus, type HoldingsMap, KOHA_952, MARC21_852, mapFromFile, parseImportArgs, readHoldings } from './holdings.map.js';
import { type CopyToWrite, emptyTally, holdingsFields, importArguments, loanTypesLost, withHoldings } from './holdings.write.js';

/** One copy in each status, at two libraries, of three loan types, one with a volume and material. */
const COPIES: CopyToWrite[] = COPY_STATUSES.map((status, i) => ({
  tombo: `T${i + 1}`,
  codBiblioteca: i % 2 === 0 ? 1 : 3,
  sigla: i % 2 === 0 ? 'BC' : 'BSD',
  codTipoEmprestimo: [1, 2, 4][i % 3]!,
  localizacao: i === 3 ? '869.3 A476c, ex. 2' : '869.3 A476c',
  colecao: i === 2 ? null : 'Acervo geral',
  status,
  volume: i === 1 ? 'v. 2' : null,
  material: i === 1 ? 'CD-ROM' : null,
  dataAquisicao: `2024-0${(i % 9) + 1}-15`,
}));

const STORED: MarcRecord = {
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '001', value: 'r1' },
    { tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: 'Iracema' }] },
    // The Library of Congress's own 952, a cataloguer's note: not this library's copies.
    { tag: '952', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'note' }] },
    { tag: '999', ind1: ' ', ind2: ' ', subfields: [{ code: 'z', value: 'local' }] },
  ],
};

const codes = (copies: CopyToWrite[]) => ({
  loanTypes: copies.reduce((m, c) => m.set(c.codTipoEmprestimo, (m.get(c.codTipoEmprestimo) ?? 0) + 1), new Map<number, number>()),
  statuses: new Set(copies.map((c) => c.status)),
});

/** The export's record read back as the import reads it, with the `--map-*` options the export names (libraries by their sigla). */
function roundTrip(map: HoldingsMap, copies = COPIES) {
  const tally = emptyTally();
  const record = withHoldings(STORED, holdingsFields(copies, map, tally), map);
  const args = importArguments(map, codes(copies));
  const parsed = parseImportArgs(['--holdings', 'koha', ...args]).holdings!;
  const reading: HoldingsMap = {
    ...map,
    libraries: { BC: 1, BSD: 3, ...map.libraries },
    loanTypes: { ...map.loanTypes, ...parsed.loanTypes },
    statuses: { ...map.statuses, ...parsed.statuses },
  };
  return { record, args, tally, read: readHoldings(record, reading, null) };
}

/** What each copy should read back as: the same, a lent one on the shelf (the loans file lends it again). */
function expected(copy: CopyToWrite, over: Partial<CopyRow> = {}): CopyRow {
  return {
    tombo: copy.tombo,
    codBiblioteca: copy.codBiblioteca,
    codTipoEmprestimo: copy.codTipoEmprestimo,
    localizacao: copy.localizacao,
    colecao: copy.colecao,
    status: copy.status === 'emprestado' ? 'disponivel' : copy.status,
    volume: copy.volume,
    material: copy.material,
    dataAquisicao: copy.dataAquisicao,
    ...over,
  };
}

describe('copies written in a holdings map and read back by the same map', () => {
  it("Koha's 952: every part, the statuses Koha's flags say; on the hold shelf and in transit come back on the shelf", () => {
    const { record, args, read, tally } = roundTrip(KOHA_952);
    expect(record.fields.filter((f) => f.tag === '952')).toHaveLength(COPIES.length);
    expect(record.fields.map((f) => f.tag)).toEqual(['001', '245', ...COPIES.map(() => '952'), '999']);
    expect(record.fields[2]).toEqual({
      tag: '952',
      ind1: ' ',
      ind2: ' ',
      subfields: [
        { code: 'p', value: 'T1' },
        { code: 'a', value: 'BC' },
        { code: 'b', value: 'BC' },
        { code: 'o', value: '869.3 A476c' },
        { code: '8', value: 'Acervo geral' },
        { code: 'd', value: '2024-01-15' },
        { code: 'y', value: '1' },
      ],
    });
    expect(args).toEqual(['--map-loan-type', '1=1', '--map-loan-type', '2=2', '--map-loan-type', '4=4']);
    expect(read.leftOut).toEqual([]);
    const statusBack: Partial<Record<CopyStatus, CopyStatus>> = { reservado: 'disponivel', em_transito: 'disponivel' };
    expect(read.copies).toEqual(COPIES.map((c) => expected(c, statusBack[c.status] ? { status: statusBack[c.status] } : {})));
    expect(tally).toEqual({ copies: COPIES.length, notCarried: { 'status:reservado': 1, 'status:em_transito': 1 } });
  });

  it("MARC 21's 852 + 876: one 852 a place, its items after it, every status by name; no loan type, so the commonest for all", () => {
    const { record, args, read, tally } = roundTrip(MARC21_852);
    const tags = record.fields.map((f) => f.tag);
    expect(tags.filter((t) => t === '876')).toHaveLength(COPIES.length);
    // Four places: BC and BSD in the general collection, BC without a collection, BSD's second call number.
    expect(tags.filter((t) => t === '852')).toHaveLength(4);
    expect(args).toEqual([
      '--map-loan-type',
      '*=1',
      ...['consulta_local', 'disponivel', 'em_processamento', 'em_transito', 'emprestado', 'extraviado', 'reservado'].flatMap((s) => [
        '--map-status',
        `${s}=${s === 'emprestado' ? 'disponivel' : s}`,
      ]),
    ]);
    expect(read.leftOut).toEqual([]);
    expect(read.copies.sort((a, b) => a.tombo.localeCompare(b.tombo))).toEqual(COPIES.map((c) => expected(c, { codTipoEmprestimo: 1, material: null })));
    expect(tally.notCarried).toEqual({ material: 1 });
    expect(loanTypesLost(MARC21_852, codes(COPIES))).toBe(4);
  });

  it("a library's own map: its codes written for Estante's where its tables have them, every part and status carried", () => {
    const map = mapFromFile(
      JSON.stringify({
        items: ['949'],
        read: {
          barcode: ['949$a'],
          library: ['949$b'],
          callNumber: ['949$c'],
          loanType: ['949$t'],
          collection: ['949$k'],
          volume: ['949$v'],
          material: ['949$m'],
          acquired: ['949$d'],
          status: ['949$s'],
        },
        libraries: { CENTRAL: 1 },
        loanTypes: { LIVRO: 1 },
        collections: { GERAL: 'Acervo geral' },
        statuses: { Perdido: 'extraviado' },
      }),
      'nosso.json',
    );
    const { record, args, read } = roundTrip(map);
    const first = record.fields.find((f) => f.tag === '949')!;
    expect('subfields' in first && first.subfields.map((s) => `${s.code}=${s.value}`)).toEqual([
      'a=T1',
      'b=CENTRAL',
      'c=869.3 A476c',
      'k=GERAL',
      'd=2024-01-15',
      't=LIVRO',
      's=disponivel',
    ]);
    // The LC 952 note is left alone: it is not this map's.
    expect(record.fields.filter((f) => f.tag === '952')).toHaveLength(1);
    expect(args).toEqual(expect.arrayContaining(['--map-loan-type', '2=2', '--map-status', 'emprestado=disponivel']));
    expect(args).not.toContain('extraviado=extraviado');
    expect(read.copies).toEqual(COPIES.map((c) => expected(c)));
  });

  it('writes a title without copies without holdings fields, its stored ones of the map taken out', () => {
    const { record } = roundTrip(KOHA_952, []);
    expect(record.fields.map((f) => f.tag)).toEqual(['001', '245', '999']);
  });
});
