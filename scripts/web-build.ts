import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const defaultDist = path.join(root, 'packages/web/dist');

/** Builds the web app when dist/index.html is missing or older than a web or contracts source; false when the build failed. */
export function buildWebIfStale(): boolean {
  if (!webIsStale()) return true;
  process.stdout.write('estante: building the web app (packages/web)…\n');
  const build = spawnSync('npm', ['run', 'build', '-w', '@estante/web'], { cwd: root, stdio: 'inherit' });
  if (build.status === 0) return true;
  process.stderr.write('estante: the web app did not build; see the messages above\n');
  return false;
}

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
