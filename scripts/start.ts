/**
 * `npm start` (run bundled by scripts/start.mjs, decision 0068): checks the configuration, builds
 * the web app when it is missing or older than its sources, then runs the API process
 * (migrations, demo seed if empty, one port for web and API). Everything runs in this process, so
 * SIGTERM reaches the server directly (on PostgreSQL it starts the API workers, which run this
 * file again).
 */
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from '../packages/api/src/config.js';
import { APART_ENV } from '../packages/api/src/modules/search/search.apart.js';
import { buildWebIfStale, defaultDist } from './web-build.js';

if (process.env[APART_ENV]) {
  // A full read apart (decision 0066) runs this same file when the server runs bundled: the
  // kept files it writes carry the code hash of their functions' text, which must be the text of
  // the server that loads them.
  await import('../packages/api/src/modules/search/search.apart.worker.js');
} else {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`estante: ${error.message}\n`);
    process.exit(1);
  }

  // API workers (decision 0015) run this file again: the primary has built the web app already.
  // `npm install` built it already (scripts/prepare.ts) unless a source changed since.
  if (cluster.isPrimary && config.webDist === defaultDist && !buildWebIfStale()) process.exit(1);

  await import('../packages/api/src/main.js');
}
