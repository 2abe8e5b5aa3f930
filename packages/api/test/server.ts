import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The real server (`packages/api/src/main.ts`, as `npm start` runs it) in a process of its own,
 * for the tests that need what only it does: API workers, shutdown, a database going away.
 */
export interface RealServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  process: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Waits until `ok` holds (errors count as not yet), failing with the server's output after `ms`. */
  waitFor(what: string, ok: () => boolean | Promise<boolean>, ms: number): Promise<void>;
  /** Kills it if it still runs, and removes its DATA_DIR. */
  stop(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A TCP port nobody listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the server on `DATABASE_URL` with `workers` API workers (a demo library of 60 titles,
 * no web app, a DATA_DIR of its own) and `env` besides, and waits until every worker is ready.
 */
export async function startRealServer(databaseUrl: string, env: Record<string, string> = {}, workers = 2): Promise<RealServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'estante-server-'));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_WORKERS: String(workers),
      DEMO_TITLES: '60',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const waitFor = async (what: string, ok: () => boolean | Promise<boolean>, ms: number) => {
    const until = Date.now() + ms;
    while (
      !(await Promise.resolve()
        .then(ok)
        .catch(() => false))
    ) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; server output:\n${output}`);
      await sleep(100);
    }
  };
  const server: RealServer = {
    base: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    waitFor,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    // One process says only that it runs (it reads its search index before listening).
    const ready = workers === 1 ? 'Estante is running at' : `all ${workers} API workers are ready`;
    await waitFor(ready, () => output.includes(ready), 120_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
