import { describe, expect, it } from 'vitest';
import { decodeMarc8, UnsupportedCharsetError } from './marc8.js';

const bytes = (...parts: (string | number)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...p].map((c) => c.charCodeAt(0)))));

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
    expect(decodeMarc8(bytes('H', 0x1b, 'b', '2', 0x1b, 's', 'O'))).toBe('H₂O');
  });

  it('refuses character sets it does not carry, and bytes that are not MARC-8', () => {
    expect(() => decodeMarc8(bytes(0x1b, '$1', 'abc'))).toThrow(UnsupportedCharsetError);
    expect(() => decodeMarc8(bytes('x', 0xbb))).toThrow(UnsupportedCharsetError);
    expect(() => decodeMarc8(bytes('x', 0xe2))).toThrow(/ends the field/);
  });
});
