import { describe, expect, it } from 'vitest';
import { copyPartsLabel, partLabel } from './copy-parts';

const t = (key: string, { n }: { n: string }) => `${{ 'copies.volume': 'v.', 'copies.tome': 't.', 'copies.part': 'pt.', 'copies.number': 'n.' }[key]} ${n}`;

describe('a copy’s parts', () => {
  it('abbreviates a bare number or roman numeral', () => {
    expect(partLabel((n) => `v. ${n}`, '2')).toBe('v. 2');
    expect(partLabel((n) => `v. ${n}`, ' IV ')).toBe('v. IV');
  });

  it('keeps a value that already has its abbreviation, or is a word, as it is: never "v. v. 1" (issue 55)', () => {
    expect(partLabel((n) => `v. ${n}`, 'v. 1')).toBe('v. 1');
    expect(partLabel((n) => `v. ${n}`, 'vol. 3')).toBe('vol. 3');
    expect(partLabel((n) => `v. ${n}`, 'Suplemento')).toBe('Suplemento');
  });

  it('joins those the copy has', () => {
    expect(copyPartsLabel({ volume: 'v. 1', tomo: '2', parte: null, numero: '' }, t)).toBe('v. 1, t. 2');
    expect(copyPartsLabel({ volume: '3', parte: 'pt. 1', numero: '4' }, t)).toBe('v. 3, pt. 1, n. 4');
    expect(copyPartsLabel({}, t)).toBe('');
  });
});
