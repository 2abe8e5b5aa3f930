import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The real server (`npm start`'s command: `scripts/start.mjs`, the bundled server) in a process of its own,
 * for the tests that need what only it does: API workers, shutdown, a database going away.
 */
export interface RealServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  process: ChildProcess;
  /** Its DATA_DIR (the embedded database's, with a null database URL). */
  dataDir: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Waits until `ok` holds (errors count as not yet), failing with the server's output after `ms`. */
  waitFor(what: string, ok: () => boolean | Promise<boolean>, ms: number): Promise<void>;
  /** Kills it if it still runs, and removes its DATA_DIR. */
  stop(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * A TCP port nobody uses now, below the kernel's ephemeral range. A port the kernel hands out
 * (listening on port 0) comes from that range, where the outgoing connections of every test
 * running beside (to PostgreSQL, say) take their local ports too: one of them may take it in the
 * seconds before the server, migrated and seeded, binds it (a CI run's outage test: EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]) || 32768;
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (low - 10_000));
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
}

/**
 * Starts the server on `DATABASE_URL` with `workers` API workers (a demo library of 60 titles,
 * no web app, a DATA_DIR of its own) and `env` besides, and waits until every worker is ready.
 * A null `databaseUrl`: the embedded database in that DATA_DIR (one process: `workers` must be 1).
 */
export async function startRealServer(databaseUrl: string | null, env: Record<string, string> = {}, workers = 2): Promise<RealServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'estante-server-'));
  // A node started again on its own port (issue 58's rolling upgrade) names it in `env`.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  // Without a database URL, none inherited either: the embedded database.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      API_WORKERS: String(workers),
      DEMO_TITLES: '60',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      // One process says it runs in its log (info); with workers, the primary prints it.
      LOG_LEVEL: workers === 1 ? 'info' : 'error',
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
    dataDir,
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
    // A process that stopped (a port taken, a bad setting) says so at once, not after the wait.
    await waitFor(ready, () => output.includes(ready) || child.exitCode !== null || child.signalCode !== null, 120_000);
    if (!output.includes(ready)) throw new Error(`the server stopped before it was ready; its output:\n${output}`);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
