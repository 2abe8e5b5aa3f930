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

  it('never waits on a machine it has to itself, and waits three times as long as a step took when others were busy and then quiet', async () => {
    const pauses: number[] = [];
    // Two cores: the job alone keeps one busy (55%); with searches the machine is at 95%; while
    // the job sleeps the searches stop (10%).
    const pacer = new Pacer(0.75, machine([0.55, 0.95, 0.1]), async (ms) => void pauses.push(ms));
    expect(await pacer.step(1000)).toBe(0);
    expect(await pacer.step(1000)).toBe(3000);
    expect(pauses).toEqual([3000]);
  });

  it('goes on yielding, a quarter second at a time, while others keep the machine busy, up to five seconds', async () => {
    const pauses: number[] = [];
    // Searches keep 60% of the machine busy through the first pause and the quantum after it, then stop.
    const steady = new Pacer(0.75, machine([0.95, 0.6, 0.6, 0.1]), async (ms) => void pauses.push(ms));
    expect(await steady.step(1000)).toBe(3500);
    expect(pauses).toEqual([3000, 250, 250]);
    const endless = new Pacer(0.75, machine([0.95, ...Array<number>(40).fill(0.6)]), async () => undefined);
    expect(await endless.step(1000)).toBe(5000);
  });

  it('waits at most five seconds, however long the step', async () => {
    const pacer = new Pacer(0.5, machine([1, 1, 1]), async () => undefined);
    expect(await pacer.step(60_000)).toBe(5000);
  });
});
