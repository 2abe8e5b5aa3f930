import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Debian's promtool (the `prometheus` package; .ci/run installs it). */
export const PROMTOOL = process.env.PROMTOOL ?? '/usr/bin/promtool';

/** The repository's ops/prometheus folder: the alert rules, their unit tests, the scrape example. */
export const OPS_PROMETHEUS = path.resolve(import.meta.dirname, '../../../ops/prometheus');

/** Runs promtool with `args` (and `input` on its standard input): its exit status and everything it printed. */
export function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const run = spawnSync(PROMTOOL, args, { input, encoding: 'utf8', timeout: 60_000 });
  if (run.error) throw new Error(`${PROMTOOL} could not run (apt-get install prometheus): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** One sample of an exposition: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments and blank lines left out). */
export function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!.replace(/\\(.)/g, '$1');
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return found;
}

/** The sum of the samples named `name` whose labels include `labels`; undefined when there is none. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samples(text).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return matching.length ? matching.reduce((sum, s) => sum + s.value, 0) : undefined;
}
