import marc8Tables from 'marc8/lib/marc8_mapping.js';

/**
 * MARC-8 → Unicode, per the MARC 21 character set specification: the G0 and G1 graphic sets
 * designated by escape sequences (ESC ( , $ for G0; ESC ) - $ for G1; ESC s b p g for the
 * technical sets), with every set the Library of Congress lists — ASCII and ANSEL (extended
 * Latin), Greek symbols, subscripts, superscripts, basic and extended Cyrillic, basic Greek,
 * basic Hebrew, basic and extended Arabic, and the East Asian (EACC, three bytes per character)
 * set. The tables are LoC's code tables as the `marc8` package carries them (decision 0031);
 * ANSEL's own table is ours (it has the later additions: ß, €). A byte that no designated set
 * holds raises `UnsupportedCharsetError` naming it, so the record is rejected with a reason,
 * never stored garbled.
 */

const { CODESETS } = marc8Tables;
/**
 * EACC characters the marc8 tables get wrong: three beyond Unicode's first plane given as 〓
 * (U+3013), two Korean ones given as private-use code points where LoC lists a standard one.
 */
const EACC_FIXES: Record<number, number> = { 0x217559: 0x212c4, 0x222a34: 0x2251b, 0x223339: 0x22c4d, 0x6f7625: 0x318d, 0x6f773c: 0xc717 };

/** ANSEL spacing characters. */
const ANSEL_SPACING: Record<number, string> = {
  0xa1: 'Ł',
  0xa2: 'Ø',
  0xa3: 'Đ',
  0xa4: 'Þ',
  0xa5: 'Æ',
  0xa6: 'Œ',
  0xa7: 'ʹ',
  0xa8: '·',
  0xa9: '♭',
  0xaa: '®',
  0xab: '±',
  0xac: 'Ơ',
  0xad: 'Ư',
  0xae: 'ʼ',
  0xb0: 'ʻ',
  0xb1: 'ł',
  0xb2: 'ø',
  0xb3: 'đ',
  0xb4: 'þ',
  0xb5: 'æ',
  0xb6: 'œ',
  0xb7: 'ʺ',
  0xb8: 'ı',
  0xb9: '£',
  0xba: 'ð',
  0xbc: 'ơ',
  0xbd: 'ư',
  0xc0: '°',
  0xc1: 'ℓ',
  0xc2: '℗',
  0xc3: '©',
  0xc4: '♯',
  0xc5: '¿',
  0xc6: '¡',
  0xc7: 'ß',
  0xc8: '€',
};

/** ANSEL combining diacritics: in MARC-8 they come before the letter they modify. */
const ANSEL_COMBINING: Record<number, string> = {
  0xe0: '\u0309',
  0xe1: '\u0300',
  0xe2: '\u0301',
  0xe3: '\u0302',
  0xe4: '\u0303',
  0xe5: '\u0304',
  0xe6: '\u0306',
  0xe7: '\u0307',
  0xe8: '\u0308',
  0xe9: '\u030c',
  0xea: '\u030a',
  0xeb: '\ufe20',
  0xec: '\ufe21',
  0xed: '\u0315',
  0xee: '\u030b',
  0xef: '\u0310',
  0xf0: '\u0327',
  0xf1: '\u0328',
  0xf2: '\u0323',
  0xf3: '\u0324',
  0xf4: '\u0325',
  0xf5: '\u0333',
  0xf6: '\u0332',
  0xf7: '\u0326',
  0xf8: '\u031c',
  0xf9: '\u032e',
  0xfa: '\ufe22',
  0xfb: '\ufe23',
  0xfe: '\u0313',
};

/** Final bytes of the character sets (MARC 21 specification, "Character sets", table of escape sequences). */
const ASCII = 0x42; // B
const ANSEL = 0x45; // E
const EACC = 0x31; // 1: Chinese, Japanese, Korean, three bytes a character
const SET_NAMES: Record<number, string> = {
  0x42: 'ASCII',
  0x45: 'ANSEL (extended Latin)',
  0x67: 'Greek symbols',
  0x62: 'subscripts',
  0x70: 'superscripts',
  0x32: 'basic Hebrew',
  0x4e: 'basic Cyrillic',
  0x51: 'extended Cyrillic',
  0x33: 'basic Arabic',
  0x34: 'extended Arabic',
  0x53: 'basic Greek',
  0x31: 'East Asian (EACC)',
};

/** Raised for bytes that are not MARC-8 or select sets MARC-8 does not have. */
export class UnsupportedCharsetError extends Error {}

/** What one MARC-8 string decoded to, and what it says about itself. */
export interface Marc8Reading {
  /** NFC Unicode. */
  text: string;
  /** Diacritics that fell on a space, a digit or punctuation: a sign the bytes are another charset. */
  misplacedMarks: number;
  /** How many diacritics it holds, and how many repeat the one before them on the same letter. */
  marks: number;
  doubledMarks: number;
}

/** Decodes one MARC-8 string (a subfield or control field value) to NFC Unicode. */
export function decodeMarc8(bytes: Uint8Array): string {
  return readMarc8(bytes).text;
}

/** Decodes one MARC-8 string, counting what looks wrong (see Marc8Reading). */
export function readMarc8(bytes: Uint8Array): Marc8Reading {
  let g0 = ASCII;
  let g1 = ANSEL;
  let out = '';
  let pending = '';
  let misplacedMarks = 0;
  let marks = 0;
  let doubledMarks = 0;
  const mark = (m: string) => {
    marks++;
    if (pending.endsWith(m)) doubledMarks++;
    pending += m;
  };
  const emit = (base: string) => {
    if (pending && !/\p{L}/u.test(base)) misplacedMarks += pending.length;
    out += base + pending;
    pending = '';
  };
  const fail = (message: string, at: number): never => {
    throw new UnsupportedCharsetError(`${message} (byte ${at + 1} of the field)`);
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x1b) {
      const escape = readEscape(bytes, i);
      if (!escape) fail(`the escape sequence ESC ${printable(bytes.subarray(i + 1, i + 4))} is not one MARC-8 defines`, i);
      const { set, target, length } = escape!;
      if (!SET_NAMES[set]) fail(`the escape sequence selects a character set MARC-8 does not have (final byte ${printable([set])})`, i);
      if (target === 'g1') g1 = set;
      else g0 = set;
      i += length - 1;
      continue;
    }
    if (b === 0x20) {
      emit(' ');
      continue;
    }
    if (b < 0x20 || b === 0x7f) continue; // controls carry no text
    if (b >= 0x80 && b <= 0x9f) {
      // C1 controls MARC-8 uses: non-sort markers carry no text, joiners become Unicode's.
      if (b === 0x88 || b === 0x89) continue;
      if (b === 0x8d) out += '\u200d';
      else if (b === 0x8e) out += '\u200c';
      else fail(`byte 0x${b.toString(16)} is not a MARC-8 character`, i);
      continue;
    }
    const set = b < 0x80 ? g0 : g1;
    if (set === EACC) {
      const code = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
      const fixed = EACC_FIXES[code & 0x7f7f7f];
      const entry: [number, number] | undefined = fixed ? [fixed, 0] : (CODESETS[EACC]![code] ?? CODESETS[EACC]![code ^ 0x808080]);
      if (!entry || i + 2 >= bytes.length) fail(`bytes ${hex(bytes.subarray(i, i + 3))} are not an East Asian (EACC) character`, i);
      i += 2;
      if (entry![1]) mark(String.fromCodePoint(entry![0]));
      else emit(String.fromCodePoint(entry![0]));
      continue;
    }
    if (set === ASCII) {
      emit(String.fromCharCode(b & 0x7f));
      continue;
    }
    if (set === ANSEL) {
      const code = b | 0x80;
      const combining = ANSEL_COMBINING[code];
      if (combining) {
        mark(combining);
        continue;
      }
      const spacing = ANSEL_SPACING[code];
      if (!spacing) fail(`byte 0x${b.toString(16)} is not a character of ANSEL (extended Latin)`, i);
      emit(spacing!);
      continue;
    }
    const table = CODESETS[set]!;
    const entry = table[b] ?? table[b ^ 0x80];
    if (!entry) fail(`byte 0x${b.toString(16)} is not a character of the ${SET_NAMES[set]} set`, i);
    if (entry![1]) mark(String.fromCodePoint(entry![0]));
    else emit(String.fromCodePoint(entry![0]));
  }
  if (pending) throw new UnsupportedCharsetError('a MARC-8 diacritic ends the field with no letter after it');
  return { text: out.normalize('NFC'), misplacedMarks, marks, doubledMarks };
}

/**
 * The escape sequence at `i`: which set it designates, as G0 or G1, and its length. The
 * technical sets have two-byte sequences (ESC s, g, b, p) that designate G0.
 */
function readEscape(bytes: Uint8Array, i: number): { set: number; target: 'g0' | 'g1'; length: number } | null {
  const a = bytes[i + 1];
  const b = bytes[i + 2];
  const c = bytes[i + 3];
  if (a === undefined) return null;
  if (a === 0x73) return { set: ASCII, target: 'g0', length: 2 }; // ESC s
  if (a === 0x67 || a === 0x62 || a === 0x70) return { set: a, target: 'g0', length: 2 };
  if (b === undefined) return null;
  if (a === 0x28 || a === 0x2c) return { set: b, target: 'g0', length: 3 }; // ESC ( F, ESC , F
  if (a === 0x29 || a === 0x2d) return { set: b, target: 'g1', length: 3 }; // ESC ) F, ESC - F
  if (a === 0x24) {
    // Multibyte: ESC $ F, ESC $ , F (G0); ESC $ ) F, ESC $ - F (G1).
    if (b === 0x2c || b === 0x28) return c === undefined ? null : { set: c, target: 'g0', length: 4 };
    if (b === 0x29 || b === 0x2d) return c === undefined ? null : { set: c, target: 'g1', length: 4 };
    return { set: b, target: 'g0', length: 3 };
  }
  return null;
}

function printable(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (b) => (b > 0x20 && b < 0x7f ? String.fromCharCode(b) : `0x${b.toString(16)}`)).join(' ');
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/**
 * Counts combining marks that NFC could not attach to a letter: a MARC-8 reading that leaves
 * many of them (a breve on "k", a hook on "v") is almost surely another charset.
 */
export function strandedCombiningMarks(text: string): number {
  const matches = text.normalize('NFC').match(/[\u0300-\u036f]/gu);
  return matches ? matches.length : 0;
}

/** Every combining mark some MARC-8 set holds (ANSEL's, basic Greek's, Hebrew points, Arabic vowels…). */
const MARC8_MARKS = new Set<string>([
  ...Object.values(ANSEL_COMBINING),
  ...Object.values(CODESETS).flatMap((table) => Object.values(table).flatMap(([cp, combining]) => (combining ? [String.fromCodePoint(cp)] : []))),
]);
/** Every letter or sign some MARC-8 set holds whole (한 and で in EACC, й in basic Cyrillic, ơ in ANSEL). */
const MARC8_WHOLE = new Set<string>([
  ...Object.values(ANSEL_SPACING),
  ...Object.values(EACC_FIXES).map((cp) => String.fromCodePoint(cp)),
  ...Object.values(CODESETS).flatMap((table) => Object.values(table).flatMap(([cp, combining]) => (combining ? [] : [String.fromCodePoint(cp)]))),
]);

/**
 * Text in the Unicode form MARC-8 spells it, for the UTF-8 exports (decision 0031): a letter
 * MARC-8 holds whole stays composed (한, で, й, ơ — decomposed, a converter to MARC-8 would find
 * Hangul jamo and a voicing mark no MARC-8 set has, and drop them), and any other letter gives
 * up, decomposed, the marks MARC-8 writes as diacritics (ō → o + ◌̄, ờ → ơ + ◌̀, ἇ → α + ◌̔ + ◌͂:
 * composed, a converter finds no such letter and drops it). The result is canonically equivalent
 * to the input: NFC brings back exactly the stored text.
 */
export function marc8Form(text: string): string {
  // Only a letter with marks, or one beyond ASCII, can need rewriting; ASCII text is left as it is.
  return text.normalize('NFC').replace(/\P{M}\p{M}+|\P{ASCII}/gu, (cluster) => {
    if (MARC8_WHOLE.has(cluster)) return cluster;
    const [base = '', ...marks] = cluster.normalize('NFD');
    const kept = marks.filter((m) => !MARC8_MARKS.has(m)).join('');
    const written = `${`${base}${kept}`.normalize('NFC')}${marks.filter((m) => MARC8_MARKS.has(m)).join('')}`;
    return written.normalize('NFC') === cluster ? written : cluster;
  });
}
