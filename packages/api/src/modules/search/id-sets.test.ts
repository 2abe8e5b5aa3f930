import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contains, gallop, idSet, intersect, lowerBound, subtract, union } from './id-sets.js';

const ids = fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 300 });
const plain = (s: Int32Array) => Array.from(s);
const sorted = (xs: Iterable<number>) => [...new Set(xs)].sort((a, b) => a - b);

describe('id sets', () => {
  it('idSet sorts and drops duplicates', () => {
    expect(plain(idSet([5, 1, 5, 3, 1]))).toEqual([1, 3, 5]);
  });

  it('intersect, union and subtract agree with Set arithmetic, including lopsided sizes', () => {
    fc.assert(
      fc.property(ids, ids, fc.boolean(), (a, b, lopsided) => {
        const x = idSet(a);
        const y = idSet(lopsided ? [...b, ...Array.from({ length: 5000 }, (_, i) => i)] : b);
        const ys = new Set(y);
        expect(plain(intersect(x, y))).toEqual(sorted([...x].filter((v) => ys.has(v))));
        expect(plain(intersect(y, x))).toEqual(sorted([...x].filter((v) => ys.has(v))));
        expect(plain(union(x, y))).toEqual(sorted([...x, ...y]));
        expect(plain(subtract(x, y))).toEqual(sorted([...x].filter((v) => !ys.has(v))));
      }),
    );
  });

  it('lowerBound finds the first position at or after a value', () => {
    const s = idSet([2, 4, 4, 8]);
    expect([0, 2, 3, 8, 9].map((v) => lowerBound(s, v))).toEqual([0, 0, 1, 2, 3]);
  });

  it('gallop finds what lowerBound finds from any starting position at or before it', () => {
    fc.assert(
      fc.property(ids, fc.integer({ min: -5, max: 2005 }), fc.nat(), (a, x, at) => {
        const s = idSet(a);
        const found = lowerBound(s, x);
        // Any start at or before the answer (as a merge's cursor is), the end included.
        const from = found === 0 ? 0 : at % (found + 1);
        expect(gallop(s, x, from)).toBe(found);
      }),
    );
    const s = idSet(Array.from({ length: 1000 }, (_, i) => 2 * i));
    expect([0, 1, 2, 1998, 1999, 5000].map((x) => gallop(s, x, 0))).toEqual([0, 1, 1, 999, 1000, 1000]);
    expect(gallop(s, 10, 1000)).toBe(1000);
  });

  it('contains says whether a value is in the set', () => {
    const s = idSet([2, 4, 8]);
    expect([0, 2, 3, 4, 8, 9].map((v) => contains(s, v))).toEqual([false, true, false, true, true, false]);
    expect(contains(idSet([]), 0)).toBe(false);
  });
});
