import { describe, expect, it } from 'vitest';
import { Pacer } from './pacing.js';

describe('a background job pacing itself', () => {
  /** A machine whose CPU time advances by the busy fractions given, one per step. */
  const machine = (fractions: number[]) => {
    let busy = 0;
    let total = 0;
    const readings = [{ busy, total }];
    for (const f of fractions) {
      total += 1000;
      busy += f * 1000;
      readings.push({ busy, total });
    }
    let i = 0;
    return () => readings[Math.min(i++, readings.length - 1)]!;
  };

  it('never waits on a machine it has to itself, and waits three times as long as a step took when others are busy', async () => {
    const pauses: number[] = [];
    // Two cores: the job alone keeps one busy (50%); with searches the machine is at 95%.
    const pacer = new Pacer(0.75, machine([0.55, 0.95, 0.6]), async (ms) => void pauses.push(ms));
    expect(await pacer.step(1000)).toBe(0);
    expect(await pacer.step(1000)).toBe(3000);
    expect(pauses).toEqual([3000]);
  });

  it('waits at most five seconds, however long the step', async () => {
    const pacer = new Pacer(0.5, machine([1]), async () => undefined);
    expect(await pacer.step(60_000)).toBe(5000);
  });
});
