/**
 * MARC-8 → Unicode for the character sets Latin catalogues use: ASCII (G0) with ANSEL extended
 * Latin (G1), plus the subscript, superscript and Greek-symbol sets reached by escape sequences.
 * Other sets (CJK, Cyrillic, Arabic, Hebrew …) raise `UnsupportedCharsetError`, so the record
 * is rejected with a reason instead of being stored garbled.
 */

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

const SUBSCRIPT: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '+': '₊',
  '-': '₋',
  '(': '₍',
  ')': '₎',
};
const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  '(': '⁽',
  ')': '⁾',
};
const GREEK_SYMBOLS: Record<string, string> = { a: 'α', b: 'β', c: 'γ' };

/** Raised for bytes that are not MARC-8 or sets this decoder does not carry. */
export class UnsupportedCharsetError extends Error {}

type G0 = 'ascii' | 'subscript' | 'superscript' | 'greek-symbols';

/** Decodes one MARC-8 string (a subfield or control field value) to NFC Unicode. */
export function decodeMarc8(bytes: Uint8Array): string {
  let g0: G0 = 'ascii';
  let out = '';
  let pending = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x1b) {
      const next = bytes[i + 1];
      const set = escapeTarget(next, bytes[i + 2]);
      if (set === 'unsupported') {
        throw new UnsupportedCharsetError(
          `MARC-8 escape sequence ESC ${printable(next)}${printable(bytes[i + 2])} selects a character set this importer does not support`,
        );
      }
      i += set.length;
      if (set.g0) g0 = set.g0;
      continue;
    }
    if (b < 0x80) {
      const ch = String.fromCharCode(b);
      const mapped = g0 === 'subscript' ? SUBSCRIPT[ch] : g0 === 'superscript' ? SUPERSCRIPT[ch] : g0 === 'greek-symbols' ? GREEK_SYMBOLS[ch] : ch;
      out += (mapped ?? ch) + pending;
      pending = '';
      continue;
    }
    // C1 controls that MARC-8 uses for non-sort markers and joiners carry no text.
    if (b === 0x88 || b === 0x89) continue;
    if (b === 0x8d) {
      out += '\u200d';
      continue;
    }
    if (b === 0x8e) {
      out += '\u200c';
      continue;
    }
    const combining = ANSEL_COMBINING[b];
    if (combining) {
      pending += combining;
      continue;
    }
    const spacing = ANSEL_SPACING[b];
    if (!spacing) throw new UnsupportedCharsetError(`byte 0x${b.toString(16)} is not a MARC-8 character`);
    out += spacing + pending;
    pending = '';
  }
  if (pending) throw new UnsupportedCharsetError('a MARC-8 diacritic ends the field with no letter after it');
  return out.normalize('NFC');
}

function escapeTarget(next: number | undefined, after: number | undefined): { length: number; g0?: G0 } | 'unsupported' {
  const c = next === undefined ? '' : String.fromCharCode(next);
  if (c === 's') return { length: 1, g0: 'ascii' };
  if (c === 'b') return { length: 1, g0: 'subscript' };
  if (c === 'p') return { length: 1, g0: 'superscript' };
  if (c === 'g') return { length: 1, g0: 'greek-symbols' };
  const a = after === undefined ? '' : String.fromCharCode(after);
  if ((c === '(' || c === ',') && a === 'B') return { length: 2, g0: 'ascii' };
  if ((c === ')' || c === '-') && a === 'E') return { length: 2 };
  return 'unsupported';
}

function printable(b: number | undefined): string {
  return b === undefined ? '' : b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `0x${b.toString(16)}`;
}

/**
 * Counts combining marks that NFC could not attach to a letter: a MARC-8 reading that leaves
 * many of them (a macron on "k", a right cedilla on "v") is almost surely another charset.
 */
export function strandedCombiningMarks(text: string): number {
  const matches = text.normalize('NFC').match(/[\u0300-\u036f]/gu);
  return matches ? matches.length : 0;
}
