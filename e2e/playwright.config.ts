import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8788);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 8790);
// A fresh embedded database per run: the journeys see exactly the demo library.
// Kept in the environment so the test workers (which run staff commands on it) see the same one.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'estante-e2e-')));
// The providers' hand-over secret (decision 0023), known to the workers: providers.spec.ts asks
// `npm run institution -- provider-key` for its test provider's key with it.
const providerSecret = (process.env.E2E_PROVIDER_SECRET ??= 'segredo-dos-provedores-e2e-0123456789');
/** The local mail sink's key (its page answers only with it): e2e/fixtures.ts mailbox() reads it. */
const mailKey = (process.env.E2E_MAIL_KEY ??= 'chave-do-correio-e2e-0123456789');
// One browser per two cores. Each journey's Chromium renders the React app on the CPU; two of them
// on a 2-core machine, beside the API and PGlite, made a results page take 4 s instead of 0.5 s to
// draw and journeys fail their waits (issue 28: with the journeys squeezed onto one core, 2 workers
// failed 5 and left 9 unrun; 1 worker passed all 56 in about the same time).
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers,
  retries: 0,
  forbidOnly: true,
  // Checks that the server answers with the built app and the demo library before the first journey.
  globalSetup: './global-setup.ts',
  // In CI a JSON report too, from which .ci/run prints its closing summary line.
  reporter: process.env.CI ? [['list'], ['json', { outputFile: path.resolve(import.meta.dirname, '../test-results/e2e.json') }]] : [['list']],
  // Budgets for a busy 2-core machine (issue 28). With the whole suite on one core, the longest
  // journey under the default took 18 s and the slowest wait for a drawn page about 2 s; the
  // budgets keep three times that. A journey that needs more sets its own, from what it does.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Journeys that change shared state run alone, after the rest, one file after the other:
  // institution settings (npm run institution), then copies lent at the desk (npm run circ).
  projects: [
    {
      name: 'catalogue',
      testIgnore: ['institution.spec.ts', 'circulation.spec.ts', 'interest.spec.ts', 'focus.spec.ts', 'cataloguing.spec.ts', 'marc-editor.spec.ts'],
    },
    { name: 'institution', testMatch: 'institution.spec.ts', dependencies: ['catalogue'], fullyParallel: false },
    { name: 'circulation', testMatch: 'circulation.spec.ts', dependencies: ['institution'], fullyParallel: false },
    // A title imported while the server runs, matched by its scheduled job: after the rest.
    { name: 'interest', testMatch: 'interest.spec.ts', dependencies: ['circulation'] },
    // Where the focus lands after every write: a patron's errands to the end (the no-debts
    // declaration closes her registration), alone, last.
    { name: 'focus', testMatch: 'focus.spec.ts', dependencies: ['interest'], fullyParallel: false },
    // Titles imported from the staff area, a copy added and lent, a title hidden from the OPAC: last.
    { name: 'cataloguing', testMatch: 'cataloguing.spec.ts', dependencies: ['focus'], fullyParallel: false },
    // A demo title's record changed in the MARC editor (its 245 $b): after the rest.
    { name: 'records', testMatch: 'marc-editor.spec.ts', dependencies: ['cataloguing'], fullyParallel: false },
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser (README: apt-get install -y chromium).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      // The identity provider the catalogue's OIDC sign-in goes to (e2e/oidc-provider.ts).
      command: 'node --import tsx e2e/oidc-provider.ts',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_OIDC_PORT: String(oidcPort), E2E_SITE: `http://localhost:${port}` },
    },
    {
      command: 'node scripts/start.mjs',
      stdout: 'pipe',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://localhost:${port}/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
        OIDC_CLIENT_ID: 'estante-e2e',
        OIDC_CLIENT_SECRET: 'segredo-e2e',
        PROVIDER_SECRET: providerSecret,
        DEV_MAIL_KEY: mailKey,
      },
    },
  ],
});
