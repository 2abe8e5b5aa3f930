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

/** The busy fraction of the machine between two readings. */
function busyBetween(a: { busy: number; total: number }, b: { busy: number; total: number }): number {
  const span = b.total - a.total;
  return span > 0 ? (b.busy - a.busy) / span : 0;
}

/** The longest a job yields between two steps, and the slices it rechecks the machine in. */
const MAX_PAUSE_MS = 5000;
const QUANTUM_MS = 250;

/**
 * Background work that yields to patrons (decision 0018): between the steps of a long job, when
 * the machine was busier than the job alone makes it — more than one core's share and a quarter
 * of the machine besides (searches, pages) — wait three times as long as the step took; and while
 * the job sleeps, what keeps the machine busy is others' work: as long as that stays above
 * `quiet` (a quarter of the machine), go on waiting, a quarter second at a time, up to 5 s in all.
 * On an idle machine it never waits; under steady traffic it takes a step every five seconds.
 */
export class Pacer {
  private last: { busy: number; total: number };

  constructor(
    private readonly threshold = Math.min(0.9, 1 / availableParallelism() + 0.25),
    private readonly sample: () => { busy: number; total: number } = machineTimes,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    private readonly quiet = 0.25,
  ) {
    this.last = this.sample();
  }

  /** After a step that took `workedMs`: the pause made (0 when the machine was not busy). */
  async step(workedMs: number): Promise<number> {
    const now = this.sample();
    const busy = busyBetween(this.last, now);
    this.last = now;
    if (busy < this.threshold) return 0;
    let paused = Math.min(Math.max(workedMs * 3, 0), MAX_PAUSE_MS);
    let before = now;
    await this.sleep(paused);
    for (;;) {
      const after = this.sample();
      const others = busyBetween(before, after);
      before = after;
      if (others < this.quiet || paused >= MAX_PAUSE_MS) break;
      const more = Math.min(QUANTUM_MS, MAX_PAUSE_MS - paused);
      await this.sleep(more);
      paused += more;
    }
    this.last = this.sample();
    return paused;
  }
}
