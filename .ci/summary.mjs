// Prints one closing line for CI, "summary: N passed, N failed", from the JSON reports of
// Vitest (unit + API) and Playwright (browser journeys) written under test-results/.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
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
  console.log(`playwright: ${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed`);
}
console.log(`summary: ${passed} passed, ${failed} failed`);
