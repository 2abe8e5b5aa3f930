import { availableParallelism, cpus } from 'node:os';

/** Busy and total CPU time of the whole machine so far (every process, every core), in ms. */
function machineTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * Background work that yields to patrons (decision 0018): between the steps of a long job, when
 * the machine was busier than the job alone makes it — more than one core's share and a quarter
 * of the machine besides (searches, pages) — wait three times as long as the step took (at most
 * 5 s) before the next. On an idle machine it never waits; under traffic it takes about a quarter
 * of the time.
 */
export class Pacer {
  private last: { busy: number; total: number };

  constructor(
    private readonly threshold = Math.min(0.9, 1 / availableParallelism() + 0.25),
    private readonly sample: () => { busy: number; total: number } = machineTimes,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.last = this.sample();
  }

  /** After a step that took `workedMs`: the pause made (0 when the machine was not busy). */
  async step(workedMs: number): Promise<number> {
    const now = this.sample();
    const span = now.total - this.last.total;
    const busy = span > 0 ? (now.busy - this.last.busy) / span : 0;
    this.last = now;
    if (busy < this.threshold) return 0;
    const pause = Math.min(Math.max(workedMs * 3, 0), 5000);
    await this.sleep(pause);
    this.last = this.sample();
    return pause;
  }
}
