import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { localeParts } from './packages/web/vite/locale-parts';

/** Tests that need a database: endpoint tests and database integration tests. */
const DB_TESTS = ['packages/api/src/**/*.routes.test.ts', 'packages/api/src/**/*.db.test.ts'];
/** Tests of what only a PostgreSQL server has (connections to cut, several API workers): the postgres project only. */
const PG_TESTS = ['packages/api/src/**/*.pg.test.ts'];

const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores − 1): the API files, which mostly
    // wait on PostgreSQL or on an HTTP answer, ran one after another. Two at a time halve the wall
    // time of the unit + API part; VITEST_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_WORKERS) || Math.max(2, availableParallelism() - 1),
    // In CI a JSON report too, from which .ci/run prints its closing summary line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'unit',
          // ops/: the service manager recipes' checks (systemd unit, Dockerfile); scripts/: the server
          // bundle's; no database.
          include: ['packages/*/src/**/*.test.ts', 'ops/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...DB_TESTS, ...PG_TESTS],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        // Screens, in jsdom with Testing Library: the account sections, the search form.
        esbuild: { jsx: 'automatic' },
        // The locale files as the app imports them, in two parts (packages/web/src/i18n/parts.ts).
        plugins: [localeParts()],
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: DB_TESTS,
          environment: 'node',
          env: { ESTANTE_TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: [...DB_TESTS, ...PG_TESTS],
                environment: 'node' as const,
                env: { ESTANTE_TEST_DB: 'postgres' },
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
