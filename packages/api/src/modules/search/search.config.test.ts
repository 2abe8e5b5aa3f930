import { FACET_CODES } from '@estante/contracts/search';
import { describe, expect, it } from 'vitest';
import { ADDITIONAL_DATA } from '../../marc/derive.js';
import { countedAs, facet, FACETS, facetsFor, MULTI_FACETS } from './search.config.js';

describe('the facet table', () => {
  it('defines every facet code of the contracts once', () => {
    expect(FACETS.map((f) => f.codigo).sort()).toEqual([...FACET_CODES].sort());
  });

  it('keeps every additional-data letter, libraries, authors, subjects, publishers, courses and institutions as tags, within the 32 a tag can tell apart', () => {
    expect([...MULTI_FACETS].sort()).toEqual(['A', 'B', 'E', 'NA_C', 'S', 'Z', ...ADDITIONAL_DATA].sort());
    expect(MULTI_FACETS.length).toBeLessThanOrEqual(32);
  });

  it('offers the institution (Z) in the partner network search only, and our libraries and courses never there', () => {
    expect(facetsFor(false).map((f) => f.codigo)).not.toContain('Z');
    expect(facetsFor(false, 'network').map((f) => f.codigo)).toContain('Z');
    expect(facetsFor(false, 'network').map((f) => f.codigo)).not.toContain('B');
    expect(facetsFor(true, 'network').map((f) => f.codigo)).not.toContain('NA_C');
  });

  it('offers K in a search and NA_C / NA_A (counted as K) in a new-acquisitions list', () => {
    expect(facetsFor(false).map((f) => f.codigo)).not.toContain('NA_A');
    expect(facetsFor(false).map((f) => f.codigo)).toContain('K');
    expect(facetsFor(true).map((f) => f.codigo)).toEqual(expect.arrayContaining(['NA_C', 'NA_A']));
    expect(facetsFor(true).map((f) => f.codigo)).not.toContain('K');
    expect(countedAs('NA_A')).toBe('K');
    expect(countedAs('A')).toBe('A');
  });

  it('checks filter values by facet', () => {
    expect(facet('Y').pattern.test('1999')).toBe(true);
    expect(facet('Y').pattern.test('19a9')).toBe(false);
    expect(facet('B').pattern.test('12')).toBe(true);
    expect(facet('A').pattern.test('Machado de Assis')).toBe(false);
    expect(facet('X').pattern.test('O')).toBe(true);
    expect([facet('A').limit, facet('B').limit]).toEqual([30, null]);
  });
});
