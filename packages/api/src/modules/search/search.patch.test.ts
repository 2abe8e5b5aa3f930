import { describe, expect, it } from 'vitest';
import { codeArray, facetCodes } from './search.codes.js';
import { nameArray, PackedNames } from './search.names.js';
import { PatchedFacet } from './search.patch.js';
import { headingCode, headingKey, type MultiValued } from './search.snapshot.js';

/** A facet as a full read leaves it: authors, value number = position. */
function read(names: string[]): MultiValued {
  return { codes: facetCodes(names.map((name) => headingCode(headingKey(name)))), names };
}

/** Every value's code and name, and each code's value, as a search reads them. */
function seen(facet: MultiValued) {
  const codes = codeArray(facet.codes);
  return { codes, names: nameArray(facet.names), values: codes.map((code) => facet.codes.get(code)) };
}

describe('a facet patched many times (issue 59, decision 0065)', () => {
  it('keeps every value’s number, code and name when its appended values are made one table again', () => {
    let facet = read(['Silva, Ana', 'Souza, Bia']);
    // Three patches, each bringing two new authors and one known (in another spelling).
    for (const [i, names] of [
      ['Costa, Caio', 'SILVA, ANA', 'Dias, Davi'],
      ['Ennes, Eva', 'Faria, Fabio', 'souza, bia'],
      ['Gomes, Gil', 'Hora, Helena', 'Costa, Caio'],
    ].entries()) {
      // Past two appended values, the next patch folds them (as past FOLD_FROM_VALUES in service).
      const patch = new PatchedFacet(facet, headingKey, 2);
      names.forEach((name, k) => patch.add(10 * i + k, name));
      const before = seen(facet);
      facet = patch.valued();
      const after = seen(facet);
      // The values the previous snapshot had keep their numbers: its searches and counters use them.
      expect(after.codes.slice(0, before.codes.length)).toEqual(before.codes);
      expect(after.values).toEqual(after.codes.map((_, value) => value));
    }
    expect(seen(facet).names).toEqual(['Silva, Ana', 'Souza, Bia', 'Costa, Caio', 'Dias, Davi', 'Ennes, Eva', 'Faria, Fabio', 'Gomes, Gil', 'Hora, Helena']);
    expect(facet.codes.get(headingCode(headingKey('SOUZA, BIA')))).toBe(1);
    expect(facet.codes.get(headingCode(headingKey('Ninguém, Nunca')))).toBeUndefined();
  });

  it('makes the appended values one table again only past the bound', () => {
    const once = new PatchedFacet(read(['Silva, Ana']), headingKey, 2);
    for (const [k, name] of ['Costa, Caio', 'Dias, Davi', 'Ennes, Eva'].entries()) once.add(k, name);
    const appended = once.valued();
    // Three appended: a lookup over the base and the appended ones.
    expect(appended.codes.constructor.name).toBe('Appended');
    const folded = new PatchedFacet(appended, headingKey, 2).valued();
    expect(folded.codes.constructor.name).not.toBe('Appended');
    // Their names packed with them (one buffer again, as a loaded snapshot's).
    expect(appended.names).not.toBeInstanceOf(PackedNames);
    expect(folded.names).toBeInstanceOf(PackedNames);
    expect(seen(folded)).toEqual(seen(appended));
    const kept = new PatchedFacet(appended, headingKey, 3).valued();
    expect(kept.codes.constructor.name).toBe('Appended');
  });
});
