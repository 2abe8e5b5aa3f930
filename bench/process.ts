import { readdirSync, readFileSync } from 'node:fs';
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

/** CPU seconds (user + system) a process has used so far, from /proc/PID/stat; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux everywhere). */
const CLOCK_TICKS = 100;

/** The pids of a process's children (/proc/PID/task/PID/children). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Every process on this machine whose command is `name` (the PostgreSQL server's, say). */
export function processesNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });
}
