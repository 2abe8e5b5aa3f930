/** Runs `list` through `one` with `concurrency` callers; latencies in ms, errors, wall seconds. */
export async function runLoop(list: string[], concurrency: number, one: (q: string) => Promise<boolean>) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const q = list[next++]!;
        const t0 = performance.now();
        const ok = await one(q).catch(() => false);
        const ms = performance.now() - t0;
        latencies.push(ms);
        if (process.env.BENCH_SLOW && ms > Number(process.env.BENCH_SLOW)) console.error(`slow ${ms.toFixed(0)} ms: ${q}`);
        if (!ok) errors++;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

export type LoopResult = Awaited<ReturnType<typeof runLoop>>;
