import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';

/**
 * The local admin channel: a Unix-domain socket in the data directory on which the running
 * server takes staff commands (`npm run comments -- approve 12`). The embedded database can be
 * opened by one process only, so a command line tool cannot open it while the server runs; it
 * asks the server instead. Only the local user who runs the server can reach the socket (mode
 * 0600). One JSON request line in; progress lines (`{"progress": …}`) while a long command
 * runs (an import, generated titles), then one JSON answer line.
 */
export interface AdminRequest {
  command: string;
  args: string[];
}
export type AdminAnswer = { ok: true; output: string } | { ok: false; error: string };
/** Tells the caller how a long command is getting on (the command line draws its progress bar). */
export type AdminProgress = (progress: Record<string, number | string>) => void;
export type AdminHandler = (request: AdminRequest, progress: AdminProgress) => Promise<string>;

const MAX_REQUEST_BYTES = 64 * 1024;

/** Listens on `socketPath` (replacing a stale socket file) and answers with `handle`. */
export async function serveAdmin(socketPath: string, handle: AdminHandler): Promise<Server> {
  if (existsSync(socketPath)) {
    if (await answers(socketPath)) throw new Error(`another Estante server already listens on ${socketPath}`);
    unlinkSync(socketPath);
  }
  const server = createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) return socket.end(`${JSON.stringify({ ok: false, error: 'request too large' })}\n`);
      const newline = buffer.indexOf('\n');
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      const progress: AdminProgress = (data) => {
        if (!socket.destroyed) socket.write(`${JSON.stringify({ progress: data })}\n`);
      };
      void answer(line, handle, progress).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return server;
}

async function answer(line: string, handle: AdminHandler, progress: AdminProgress): Promise<AdminAnswer> {
  let request: AdminRequest;
  try {
    const parsed = JSON.parse(line) as Partial<AdminRequest>;
    if (typeof parsed.command !== 'string' || !Array.isArray(parsed.args) || !parsed.args.every((a) => typeof a === 'string')) throw new Error('bad shape');
    request = { command: parsed.command, args: parsed.args };
  } catch {
    return { ok: false, error: 'malformed admin request' };
  }
  try {
    return { ok: true, output: await handle(request, progress) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Sends a request to the server on `socketPath`; undefined when no server listens there.
 * Progress lines go to `onProgress` as they come.
 */
export async function callAdmin(socketPath: string, request: AdminRequest, onProgress?: AdminProgress): Promise<AdminAnswer | undefined> {
  if (!existsSync(socketPath)) return undefined;
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    let data = '';
    let last = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      data += chunk;
      let newline: number;
      while ((newline = data.indexOf('\n')) !== -1) {
        const line = data.slice(0, newline);
        data = data.slice(newline + 1);
        try {
          const parsed = JSON.parse(line) as { progress?: Record<string, number | string> };
          if (parsed.progress) onProgress?.(parsed.progress);
          else last = line;
        } catch {
          last = line;
        }
      }
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(last || data) as AdminAnswer);
      } catch {
        resolve({ ok: false, error: 'the server gave no answer' });
      }
    });
    socket.on('error', () => resolve(undefined));
  });
}

async function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
