import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import marc8Tables from 'marc8/lib/marc8_mapping.js';
import { describe, expect, it } from 'vitest';
import { readIso2709 } from './iso2709.js';
import { decodeMarc8, readMarc8, UnsupportedCharsetError } from './marc8.js';
import { readMarcXml } from './marcxml.js';
import { bytes, rawRecord } from './test/raw-record.js';

const ESC = 0x1b;

/** Index Data's yaz-iconv, a MARC-8 converter nobody here wrote: the judge. */
const yaz = (input: Uint8Array) => execFileSync('yaz-iconv', ['-f', 'marc8', '-t', 'utf8'], { input }).toString('utf8').normalize('NFC');

describe('decodeMarc8', () => {
  it('puts ANSEL diacritics, which come before their letter, on that letter (NFC)', () => {
    // "Educação": cedilla (F0) before c, tilde (E4) before a.
    expect(decodeMarc8(bytes('Educa', 0xf0, 'c', 0xe4, 'ao'))).toBe('Educação');
    expect(decodeMarc8(bytes('Jos', 0xe2, 'e M', 0xe8, 'uller'))).toBe('José Müller');
  });

  it('maps ANSEL spacing characters', () => {
    expect(decodeMarc8(bytes(0xa5, 'sop ', 0xc3, ' 1990 ', 0xb2))).toBe('Æsop © 1990 ø');
  });

  it('switches to subscript and back with escape sequences', () => {
    expect(decodeMarc8(bytes('H', ESC, 'b', '2', ESC, 's', 'O'))).toBe('H₂O');
  });

  it('reads Cyrillic, Greek, Hebrew, Arabic and East Asian text designated as G0 or G1', () => {
    // LoC 880 fields: "Война и мир" in basic Cyrillic as G0, then back to ASCII.
    expect(decodeMarc8(bytes(ESC, '(N', 'wOJNA I MIR', ESC, '(B', ' 1869'))).toBe('Война и мир 1869');
    // The same set designated as G1: its characters then have the high bit set.
    expect(decodeMarc8(bytes(ESC, ')N', 0xf7, 0xcf, 0xca, 0xce, 0xc1))).toBe('Война');
    expect(decodeMarc8(bytes(ESC, '(S', 'abg', ESC, '(B'))).toBe(yaz(bytes(ESC, '(S', 'abg', ESC, '(B')));
    expect(decodeMarc8(bytes(ESC, '$1', 0x21, 0x30, 0x21, ESC, '(B'))).toBe('一');
  });

  it('keeps a doubled diacritic as the cataloguer typed it, without losing the letter (LoC 14359288)', () => {
    const reading = readMarc8(bytes('La pens', 0xe2, 'ee sauvage ', 0xe2, 0xe2, 'e'));
    expect(reading.text).toBe(yaz(bytes('La pens', 0xe2, 'ee sauvage ', 0xe2, 0xe2, 'e')));
    expect(reading.text.startsWith('La pensée sauvage')).toBe(true);
    expect(reading).toMatchObject({ misplacedMarks: 0, doubledMarks: 1, marks: 3 });
  });

  it('refuses bytes no designated set holds, and escape sequences MARC-8 does not define', () => {
    expect(() => decodeMarc8(bytes('x', 0xbb))).toThrow(UnsupportedCharsetError);
    expect(() => decodeMarc8(bytes('x', 0xe2))).toThrow(/ends the field/);
    expect(() => decodeMarc8(bytes(ESC, '(X', 'abc'))).toThrow(/character set MARC-8 does not have/);
    expect(() => decodeMarc8(bytes(ESC, ')Q', 0xa1))).toThrow(/not a character of the extended Cyrillic set/);
  });

  // Every character of every set LoC lists (the marc8 package's tables), in MARC-8 records
  // read by us and by yaz-marcdump, one subfield a character: they must agree subfield by subfield.
  const { CODESETS } = marc8Tables;
  const SETS: [string, number, string][] = [
    ['basic Cyrillic', 0x4e, '(N'],
    ['extended Cyrillic', 0x51, ')Q'],
    ['basic Greek', 0x53, '(S'],
    ['basic Hebrew', 0x32, '(2'],
    ['basic Arabic', 0x33, '(3'],
    ['extended Arabic', 0x34, ')4'],
    ['East Asian (EACC)', 0x31, '$1'],
  ];
  for (const [name, set, designation] of SETS) {
    it(`reads every character of the ${name} set as yaz-marcdump does`, () => {
      const subfields = Object.entries(CODESETS[set]!).map(([key, [, combining]]) => {
        const code = Number(key);
        const character = set === 0x31 ? [code >> 16, (code >> 8) & 0xff, code & 0xff] : [code];
        // A combining mark precedes an ASCII "a" to sit on.
        return Uint8Array.from([ESC, ...bytes(designation), ...character, ESC, ...bytes('(B'), ...(combining ? [0x61] : [])]);
      });
      const fields: Uint8Array[][] = [];
      for (let i = 0; i < subfields.length; i += 800) fields.push(subfields.slice(i, i + 800));
      const records: Uint8Array[] = [];
      for (let i = 0; i < fields.length; i += 8) records.push(marc8Record(fields.slice(i, i + 8)));
      const file = Buffer.concat(records);
      const ours = [...readIso2709(file)].flatMap((item) =>
        item.kind === 'record' ? item.record.fields.flatMap((f) => ('subfields' in f ? f.subfields.map((s) => s.value) : [])) : [item.kind],
      );
      const path = join(mkdtempSync(join(tmpdir(), 'marc8-')), 'set.mrc');
      writeFileSync(path, file);
      const xml = execFileSync('yaz-marcdump', ['-i', 'marc', '-o', 'marcxml', '-f', 'MARC-8', '-t', 'UTF-8', path]).toString('utf8');
      const theirs = [...readMarcXml(xml)].flatMap((item) =>
        item.kind === 'record' ? item.record.fields.flatMap((f) => ('subfields' in f ? f.subfields.map((s) => s.value) : [])) : [item.kind],
      );
      expect(ours).toHaveLength(subfields.length);
      const differing = ours.flatMap((text, i) => (text === theirs[i] ? [] : [`${i}: ${text} ≠ ${theirs[i]}`]));
      expect(differing).toEqual([]);
    });
  }
});

/** A MARC-8 bibliographic record whose 9XX fields hold these subfields, each an $a. */
function marc8Record(fields: Uint8Array[][]): Uint8Array {
  return rawRecord(' ', [
    { tag: '001', value: bytes('00001') },
    ...fields.map((subfields, i) => ({ tag: String(900 + i), subfields: subfields.map((s): [string, Uint8Array] => ['a', s]) })),
  ]);
}
