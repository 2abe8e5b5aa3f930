import { describe, expect, it } from 'vitest';
import { countTicks } from './statistics-tab';

describe('the loans chart’s count axis', () => {
  it('is marked in whole numbers from 0 to at least the largest count (loans are counted, issue 55)', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    for (let max = 0; max <= 250; max++) {
      const ticks = countTicks(max);
      expect(ticks.every(Number.isInteger), String(max)).toBe(true);
      expect(ticks.at(-1)!, String(max)).toBeGreaterThanOrEqual(max);
      expect(ticks.length, String(max)).toBeLessThanOrEqual(5);
    }
  });
});
