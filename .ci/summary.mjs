// Prints CI's closing lines: how long each part took (the installs of .ci/run, then npm test's
// parts from test-results/timings.json), then one line "summary: N passed, N failed" from the
// JSON reports of Vitest (unit + API) and Playwright (browser journeys) under test-results/.
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const clock = (seconds) => (seconds < 60 ? `${seconds.toFixed(0)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`);

const parts = [];
if (existsSync('test-results/ci-timings.txt')) {
  for (const line of readFileSync('test-results/ci-timings.txt', 'utf8').split('\n').filter(Boolean)) {
    const [part, seconds] = line.split('\t');
    parts.push({ part, seconds: Number(seconds), status: 'done' });
  }
}
parts.push(...(read('test-results/timings.json') ?? []));
if (parts.length > 0) {
  console.log('time by part:');
  for (const { part, seconds, status } of parts) console.log(`  ${part.padEnd(22)} ${clock(seconds).padStart(10)}  ${status}`);
  console.log(`  ${'total'.padEnd(22)} ${clock(parts.reduce((sum, { seconds }) => sum + seconds, 0)).padStart(10)}`);
}

let passed = 0;
let failed = 0;
const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
}
const e2e = read('test-results/e2e.json');
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  console.log(`playwright: ${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed, ${e2e.stats.skipped} did not run`);
}
console.log(`summary: ${passed} passed, ${failed} failed`);
