import { describe, expect, it } from 'vitest';
import { codeArray, facetCodes } from './search.codes.js';
import { headingCode, headingKey } from './search.snapshot.js';

describe('a facet’s value codes (issue 59, memory)', () => {
  it('give back every heading code and library number, and each code’s value', () => {
    const headings = Array.from({ length: 5000 }, (_, i) => headingCode(headingKey(`Autor ${i}, Nome ${i % 97}`)));
    const codes = [...new Set([...headings, '1', '23', '4096', '0'])];
    const table = facetCodes(codes);
    expect(table.length).toBe(codes.length);
    expect(codeArray(table)).toEqual(codes);
    expect(codes.map((code) => table.get(code))).toEqual(codes.map((_, value) => value));
  });

  it('know no value for a code they do not hold, nor for one written another way', () => {
    const table = facetCodes(['1', '23', 'zz9']);
    for (const code of ['2', '023', 'ZZ9', 'zz9 ', '', 'zz9!', '1e3', 'abcdefghijk', '-1']) expect(table.get(code)).toBeUndefined();
    expect(table.at(3)).toBeUndefined();
    expect(table.at(-1)).toBeUndefined();
  });

  it('keep codes that are not base-36 numbers as they are', () => {
    const codes = ['1', '007', 'Biblioteca Central'];
    const table = facetCodes(codes);
    expect(codeArray(table)).toEqual(codes);
    expect(codes.map((code) => table.get(code))).toEqual([0, 1, 2]);
    expect(table.get('7')).toBeUndefined();
  });

  it('take the empty list', () => {
    const table = facetCodes([]);
    expect(table.length).toBe(0);
    expect(table.get('1')).toBeUndefined();
  });
});
