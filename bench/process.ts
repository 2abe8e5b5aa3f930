import { createServer } from 'node:net';

/** Waits, polling every 200 ms, until `done()` says so. */
export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 200));
}

/** A TCP port free on 127.0.0.1 now (for a server the benchmark starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}
