import { describe, expect, it } from 'vitest';
import { encodeRanking, LEVELS, patchRanking, rankedIds } from './search.run.js';

/** A ranking of `byLevel` (level → its ids, ascending), as rankAll lays it out: highest level first. */
function ranking(byLevel: Record<number, number[]>) {
  const levels = new Int32Array(LEVELS);
  const ids: number[] = [];
  for (let level = LEVELS - 1; level >= 0; level--) {
    const at = byLevel[level] ?? [];
    levels[level] = at.length;
    ids.push(...at);
  }
  return { kept: encodeRanking(Int32Array.from(ids), levels), ids };
}

describe('a kept ranking, its ids as gaps (issue 59)', () => {
  it('gives back every id in order, gaps of one to five bytes, each level from its own start', () => {
    const big = [0, 1, 128, 129, 16_512, 16_513, 2_113_664, 270_549_120, 2_147_483_647];
    const { kept, ids } = ranking({ [LEVELS - 1]: [5], 40: big, 12: [], 3: [0, 127, 128], 0: [2_147_483_646, 2_147_483_647] });
    expect(rankedIds(kept)).toEqual(ids);
    expect(kept.length).toBe(ids.length);
    // One byte a small gap: the three ids of level 3 from -1 (gaps 1, 127, 1) take three.
    const small = ranking({ 3: [0, 127, 128] }).kept;
    expect(small.bytes.byteLength).toBe(3);
  });

  it('after a patch: the changed titles out, those arriving in at their levels, each level by id', () => {
    const { kept } = ranking({ 40: [2, 300, 70_000], 10: [1, 5, 9] });
    const marks = new Uint8Array(100_001);
    for (const id of [300, 5, 100_000]) marks[id] = 1;
    // 300 leaves level 40; 5 moves from 10 to 40; 100,000 arrives at 10; 4 arrives at 40.
    const arriving = Int32Array.from([4, 5, 100_000]);
    const points = Int32Array.from([40, 40, 10]);
    const patched = patchRanking(kept, marks, arriving, points);
    expect(rankedIds(patched)).toEqual([2, 4, 5, 70_000, 1, 9, 100_000]);
    expect([patched.levels[40], patched.levels[10]]).toEqual([4, 3]);
  });
});
