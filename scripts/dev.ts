/**
 * `npm run dev`: the API (restarted on change by tsx watch) on PORT (8080) and Vite's dev
 * server on 5173 with hot reload, forwarding /svc to the API. Open http://localhost:5173/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', 'packages/api/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@estante/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
