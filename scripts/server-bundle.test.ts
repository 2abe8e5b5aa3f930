import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importModuleFiles } from '../packages/api/src/lib/discover.js';
import { buildServerBundle } from './server-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// What `npm start` runs (decision 0068); the servers the API tests start and the journeys' server
// run it too, so this checks only what they would not notice at once.
describe('the server bundle (scripts/server-bundle.mjs)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'estante-bundle-'));
  let text = '';
  beforeAll(async () => {
    await buildServerBundle(path.join(dir, 'server.mjs'));
    text = readFileSync(path.join(dir, 'server.mjs'), 'utf8');
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists and carries every module file discover.ts finds in the source folders', async () => {
    const files = [...(await importModuleFiles('module')), ...(await importModuleFiles('commands'))].map(({ file }) => file);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      expect(text).toContain(`[${JSON.stringify(file)}, () => Promise.resolve().then(`);
      expect(text).toContain(`// packages/api/src/modules/${file}\n`);
    }
  }, 60_000);

  it('gives each module its source file’s address, so that what lies beside it is found', () => {
    expect(text).not.toContain('import.meta');
    // The migrations (db/client.ts), a worker (lib/pdf.pool.ts) and the web app (config.ts).
    for (const file of ['packages/api/src/db/client.ts', 'packages/api/src/lib/pdf.pool.ts', 'packages/api/src/config.ts']) {
      expect(text).toContain(JSON.stringify(pathToFileURL(path.join(root, file)).href));
    }
  });

  it('imports the packages where they are installed rather than copying them', () => {
    expect(text).toMatch(/^import .* from "fastify";$/m);
    expect(text).not.toContain('// node_modules/');
  });
});
