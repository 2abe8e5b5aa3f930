import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ReadItem, readIso2709 } from './iso2709.js';
import { readMarcXml } from './marcxml.js';
import { dataFields, isDataField, type MarcRecord, subfieldValues } from './record.js';
import { bytes, rawRecord } from './test/raw-record.js';
import { toIso2709, toMarcXml } from './write.js';

/** The project's sample MARC files (../shared/data/marc beside the checkout), else the copies the demo seed ships. */
const SHARED = fileURLToPath(new URL('../../../../../shared/data/marc/', import.meta.url));
const DATA = existsSync(SHARED) ? SHARED : fileURLToPath(new URL('../seed/data/', import.meta.url));
const ESC = 0x1b;

/** Every value of a record, in order, NFC: what a reader decoded. */
const values = (record: MarcRecord) =>
  record.fields.flatMap((f) => (isDataField(f) ? f.subfields.map((s) => `${f.tag}$${s.code} ${s.value}`) : [`${f.tag} ${f.value}`]));
const records = (items: ReadItem[]) => items.flatMap((i) => (i.kind === 'record' ? [i] : []));

/**
 * Index Data's yaz-marcdump, which converts MARC-8 records to UTF-8 (and leaves UTF-8 ones): the
 * judge. Its MARCXML read back, a record per record (null where it wrote what MARCXML forbids).
 */
function yazRead(file: Uint8Array): (MarcRecord | null)[] {
  const path = join(mkdtempSync(join(tmpdir(), 'charsets-')), 'in.mrc');
  writeFileSync(path, file);
  const xml = execFileSync('yaz-marcdump', ['-i', 'marc', '-o', 'marcxml', '-f', 'MARC-8', '-t', 'UTF-8', path], { maxBuffer: 64 * 1024 * 1024 }).toString(
    'utf8',
  );
  return [...readMarcXml(xml.normalize('NFC'))].map((i) => (i.kind === 'record' ? i.record : null));
}

describe('character sets, judged by yaz-marcdump', () => {
  it('reads every record of the sample ISO 2709 files as yaz-marcdump does, but the one Latin-1 record labelled MARC-8', () => {
    const files = readdirSync(DATA).filter((f) => f.endsWith('.mrc'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const data = readFileSync(join(DATA, file));
      const ours = [...readIso2709(data)];
      expect(
        ours.filter((i) => i.kind === 'rejected'),
        file,
      ).toEqual([]);
      const theirs = yazRead(data);
      expect(records(ours).length, file).toBe(theirs.length);
      records(ours).forEach((item, i) => {
        // yaz follows the label, so it garbles the zebra sample's Danish record (and writes its
        // danMARC2 001 as a data field); we read it as Latin-1, saying so — iso2709.test.ts.
        if (item.warnings.some((w) => w.includes('ISO 8859-1'))) return;
        expect(values(item.record), `${file} record ${i + 1}`).toEqual(values(theirs[i]!));
      });
    }
  });

  it('reads every MARCXML sample to the end with no record rejected, and the same records as their ISO 2709 twin', () => {
    for (const file of readdirSync(DATA).filter((f) => f.endsWith('.xml'))) {
      const items = [...readMarcXml(readFileSync(join(DATA, file), 'utf8'))];
      expect(
        items.filter((i) => i.kind !== 'record'),
        file,
      ).toEqual([]);
      expect(items.length, file).toBeGreaterThan(0);
    }
    const xml = records([...readMarcXml(readFileSync(join(DATA, 'melinda-100.marcxml.xml'), 'utf8'))]).map((i) => i.record);
    const iso = records([...readIso2709(readFileSync(join(DATA, 'melinda-100.mrc')))]).map((i) => i.record);
    // Stored alike, leader included: re-importing in the other format changes nothing.
    expect(xml).toEqual(iso);
  });

  it('keeps a real MARC-8 record with a doubled diacritic MARC-8, every accent intact (LoC 14359288)', () => {
    const record = rawRecord(' ', [
      { tag: '001', value: bytes('14359288') },
      {
        tag: '245',
        subfields: [
          ['a', bytes('La pens', 0xe2, 'ee sauvage /')],
          ['c', bytes('Claude L', 0xe2, 0xe2, 'evi-Strauss.')],
        ],
      },
      {
        tag: '260',
        subfields: [
          ['a', bytes('Paris :')],
          ['b', bytes('Plon,')],
          ['c', bytes(0xc3, '1962.')],
        ],
      },
    ]);
    const item = [...readIso2709(record)][0]!;
    expect(item).toMatchObject({ kind: 'record', warnings: [] });
    const read = item.kind === 'record' ? item.record : null;
    expect(subfieldValues(dataFields(read!, '245')[0]!, 'a')).toEqual(['La pensée sauvage /']);
    expect(values(read!)).toEqual(values(yazRead(record)[0]!));
  });

  it('reads a MARC-8 record with Cyrillic 880 fields: the Latin accents and the Cyrillic both intact', () => {
    const record = rawRecord(' ', [
      { tag: '001', value: bytes('cyr-1') },
      {
        tag: '245',
        subfields: [
          ['a', bytes('Voina i mir /')],
          ['c', bytes('L. N. Tolsto', 0xe6, 'i ; ty', 0xe8, 'o.')],
        ],
      },
      {
        tag: '880',
        subfields: [
          ['6', bytes('245-01')],
          ['a', bytes(ESC, '(N', 'wOJNA I MIR', ESC, '(B', ' /')],
        ],
      },
    ]);
    const item = [...readIso2709(record)][0]!;
    expect(item).toMatchObject({ kind: 'record', warnings: [] });
    const read = item.kind === 'record' ? item.record : null;
    expect(subfieldValues(dataFields(read!, '245')[0]!, 'c')).toEqual(['L. N. Tolstoĭ ; työ.']);
    expect(subfieldValues(dataFields(read!, '880')[0]!, 'a')).toEqual(['Война и мир /']);
    expect(values(read!)).toEqual(values(yazRead(record)[0]!));
  });

  it('rejects a UTF-8 record whose field mixes UTF-8 with a stray byte, naming the field and byte, and reads the next', () => {
    const utf8 = (text: string) => new TextEncoder().encode(text);
    const bad = rawRecord('a', [
      { tag: '001', value: bytes('bad-1') },
      { tag: '245', subfields: [['a', bytes(utf8('Tuntematon sotilas, työ '), 0xe9, utf8(' Väinö'))]] },
    ]);
    const good = rawRecord('a', [
      { tag: '001', value: bytes('good-1') },
      { tag: '245', subfields: [['a', utf8('Täällä Pohjantähden alla')]] },
    ]);
    const items = [...readIso2709(bytes(bad, good))];
    expect(items[0]).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/field 245 .*UTF-8.*byte 0xe9/) });
    expect(items[1]).toMatchObject({ kind: 'record', warnings: [] });
    expect(items[1]?.kind === 'record' && subfieldValues(dataFields(items[1].record, '245')[0]!, 'a')).toEqual(['Täällä Pohjantähden alla']);
  });

  it('reads the one Latin-1 field of a UTF-8 record as Latin-1, saying which, and leaves the UTF-8 fields alone', () => {
    const record = rawRecord('a', [
      { tag: '001', value: bytes('mixed-1') },
      { tag: '100', subfields: [['a', new TextEncoder().encode('Linna, Väinö,')]] },
      { tag: '500', subfields: [['a', bytes('Tradu', 0xe7, 0xe3, 'o de Jos', 0xe9, ' Lins do R', 0xea, 'go.')]] },
    ]);
    const item = [...readIso2709(record)][0]!;
    expect(item).toMatchObject({ kind: 'record', warnings: [expect.stringMatching(/declares UTF-8 but field 500 read as ISO 8859-1/)] });
    const read = item.kind === 'record' ? item.record : null;
    expect(subfieldValues(dataFields(read!, '100')[0]!, 'a')).toEqual(['Linna, Väinö,']);
    expect(subfieldValues(dataFields(read!, '500')[0]!, 'a')).toEqual(['Tradução de José Lins do Rêgo.']);
  });

  it('rejects, with the reason, a MARC-8 record that selects a set MARC-8 does not have or holds bytes no set has', () => {
    const unknownSet = rawRecord(' ', [
      { tag: '001', value: bytes('x-1') },
      { tag: '245', subfields: [['a', bytes(ESC, '(X', 'abc', ESC, '(B')]] },
    ]);
    const noSuchByte = rawRecord(' ', [
      { tag: '001', value: bytes('x-2') },
      { tag: '245', subfields: [['a', bytes('Half ', 0xbe, ' a loaf')]] },
    ]);
    const items = [...readIso2709(bytes(unknownSet, noSuchByte))];
    expect(items).toMatchObject([
      { kind: 'rejected', reason: expect.stringMatching(/field 245 .*character set MARC-8 does not have/) },
      { kind: 'rejected', reason: expect.stringMatching(/field 245 .*byte 0xbe/) },
    ]);
  });
});

describe('exports, judged by yaz-marcdump', () => {
  /** Our export (ISO 2709 or MARCXML) converted by yaz to MARC-8 and back to UTF-8: what a MARC-8 library would keep of it. */
  function throughMarc8(exported: Uint8Array | string, format: 'marc' | 'marcxml' = 'marc'): (MarcRecord | null)[] {
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    writeFileSync(join(dir, 'utf8.mrc'), exported);
    writeFileSync(
      join(dir, 'marc8.mrc'),
      execFileSync('yaz-marcdump', ['-i', format, '-o', 'marc', '-f', 'UTF-8', '-t', 'MARC-8', '-l', '9=32', join(dir, 'utf8.mrc')], { maxBuffer: 64 << 20 }),
    );
    return yazRead(readFileSync(join(dir, 'marc8.mrc')));
  }
  /** The values of `stored` a MARC-8 library would not get back from `back`. */
  function lostIn(stored: MarcRecord[], back: (MarcRecord | null)[]): string[] {
    return stored.flatMap((record, i) => {
      const theirs = back[i] ? values(back[i]) : [];
      // Control fields aside (danMARC2's, with subfields, are written as control fields), and the
      // one Melinda value that holds U+FFFD (a broken character in the source, which MARC-8 cannot hold).
      return values(record).filter((value) => !theirs.includes(value) && !/^00[1-9][ $]/.test(value) && !value.includes('\ufffd'));
    });
  }
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const crafted = rawRecord('a', [
    { tag: '001', value: bytes('scripts-1') },
    { tag: '100', subfields: [['a', utf8('Kawabata, Kichijirō,')]] },
    {
      tag: '245',
      subfields: [
        ['a', utf8('Tiếng Việt: Người Hà Nội, Łódź, Şerban, Ærø, Ñandú /')],
        ['c', utf8('Война и мир, Йошкар-Ола ; 一丁七.')],
      ],
    },
    // Korean (Hangul syllables EACC holds whole), Japanese with voiced and semi-voiced kana,
    // polytonic Greek: the scripts a decomposed (NFD) export lost in yaz's conversion.
    { tag: '246', subfields: [['a', utf8('한국어 사전 : 서울대학교 출판부')]] },
    { tag: '490', subfields: [['a', utf8('日本語で読む ガイドブック・パンフレット')]] },
    { tag: '500', subfields: [['a', utf8('Ἀθῆναι, ἡ Ἑλλάς, ᾠδή')]] },
  ]);

  it('exports records that survive conversion to MARC-8 whole: no letter lost ("Kichijirō", Cyrillic, Vietnamese, Greek, Korean, Japanese)', () => {
    const sources = [readFileSync(join(DATA, 'melinda-100.mrc')), readFileSync(join(DATA, 'zebra-sample-marc21.mrc')), crafted];
    const stored = sources.flatMap((file) => records([...readIso2709(file)]).map((i) => i.record));
    expect(stored.length).toBeGreaterThan(120);
    const back = throughMarc8(toIso2709(stored));
    expect(back).toHaveLength(stored.length);
    expect(lostIn(stored, back)).toEqual([]);
  });

  it('exports MARCXML that survives conversion to MARC-8 whole, the Korean and Japanese too', () => {
    const stored = records([...readIso2709(crafted)]).map((i) => i.record);
    expect(lostIn(stored, throughMarc8(toMarcXml(stored), 'marcxml'))).toEqual([]);
  });

  it('writes Hangul and voiced kana composed (NFC) and Latin letters as letter + diacritic, as MARC-8 spells them', () => {
    const [stored] = records([...readIso2709(crafted)]).map((i) => i.record);
    const exported = new TextDecoder().decode(toIso2709([stored!]));
    for (const text of ['한국어 사전 : 서울대학교 출판부', '日本語で読む ガイドブック・パンフレット']) {
      expect(text.normalize('NFC')).toBe(text);
      expect(exported).toContain(text);
    }
    expect(exported).toContain('Kichijiro\u0304');
  });
});
