/**
 * `npm start`: checks the configuration, builds the web app when it is missing or older than
 * its sources, then runs the API process (migrations, demo seed if empty, one port for web
 * and API). Everything runs in this process, so SIGTERM reaches the server directly (on
 * PostgreSQL it starts the API workers, which run this file again).
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../packages/api/src/config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const defaultDist = path.join(root, 'packages/web/dist');

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`estante: ${error.message}\n`);
  process.exit(1);
}

// API workers (decision 0015) run this file again: the primary has built the web app already.
if (cluster.isPrimary && config.webDist === defaultDist && webIsStale()) {
  process.stdout.write('estante: building the web app (packages/web)…\n');
  const build = spawnSync('npm', ['run', 'build', '-w', '@estante/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    process.stderr.write('estante: the web app did not build; see the messages above\n');
    process.exit(build.status ?? 1);
  }
}

await import('../packages/api/src/main.js');

/** True when dist/index.html is missing or any web or contracts source is newer. */
function webIsStale(): boolean {
  const built = path.join(defaultDist, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = ['packages/web/src', 'packages/web/public', 'packages/web/index.html', 'packages/web/vite.config.ts', 'packages/contracts/src'];
  return sources.some((source) => newest(path.join(root, source)) > builtAt);
}

function newest(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((name) => newest(path.join(file, name))));
}
