/**
 * `npm test`: typecheck, lint, unit and API tests, build, browser journeys, one after the other,
 * stopping at the first part that fails. At the end (pass or fail) it prints how long each part
 * took, and keeps the figures in test-results/timings.json for CI's closing lines.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PARTS = [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['unit + API', 'test:unit'],
  ['build', 'build'],
  ['journeys', 'test:e2e'],
] as const;

const timings: { part: string; seconds: number; status: 'passed' | 'failed' }[] = [];
let failed = false;
for (const [part, script] of PARTS) {
  process.stdout.write(`\n== ${part} (npm run ${script})\n`);
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  const status = run.status === 0 ? 'passed' : 'failed';
  timings.push({ part, seconds: Math.round((performance.now() - started) / 100) / 10, status });
  if (status === 'failed') {
    failed = true;
    break;
  }
}

mkdirSync(path.join(root, 'test-results'), { recursive: true });
writeFileSync(path.join(root, 'test-results/timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
process.stdout.write('\nnpm test, part by part:\n');
for (const { part, seconds, status } of timings) process.stdout.write(`  ${part.padEnd(12)} ${formatSeconds(seconds).padStart(9)}  ${status}\n`);
const total = timings.reduce((sum, { seconds }) => sum + seconds, 0);
process.stdout.write(`  ${'total'.padEnd(12)} ${formatSeconds(total).padStart(9)}\n`);
process.exit(failed ? 1 : 0);

/** 75.3 → "1 min 15 s". */
function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  return whole < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
