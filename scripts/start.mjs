/**
 * `npm start`: `scripts/start.ts` (the configuration checked, the web app built when stale, the
 * API process), run bundled into one JavaScript file (decision 0068; `scripts/server-bundle.mjs`)
 * built at install and again here when a source changed since. Without a bundle (it could not be
 * built) the TypeScript runs through tsx, as `node --import tsx scripts/start.ts` does.
 */
import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';
import { freshServerBundle } from './server-bundle.mjs';

// API workers run this file again, and run what their primary runs: it names it here.
if (cluster.isPrimary) process.env.ESTANTE_SERVER_BUNDLE = (await freshServerBundle()) ?? '';
const bundle = process.env.ESTANTE_SERVER_BUNDLE;
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./start.ts');
}
