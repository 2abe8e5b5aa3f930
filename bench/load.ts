/**
 * The benchmark's HTTP client, in a process of its own (forked by search.ts), so the client's
 * own work (requests, reading answers) is not counted against the API's thread, as with any
 * load generator. Each message is one pass: { base, token, list, concurrency } → LoopResult.
 *
 * Plain `node:http` on kept-alive connections, one per caller: on a 2-core machine the client
 * shares the cores with the server, and `fetch` (undici) spent about twice the CPU per request.
 */
import http from 'node:http';
import { runLoop } from './loop.js';

interface Pass {
  base: string;
  token: string;
  list: string[];
  concurrency: number;
  /** The call after /svc/: consulta (the default) or consulta/sugestoes. */
  path?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

process.on('message', (pass: Pass | 'exit') => {
  if (pass === 'exit') process.exit(0);
  const headers = { authorization: `Bearer ${pass.token}` };
  const one = (q: string) =>
    new Promise<boolean>((resolve) => {
      const request = http.get(`${pass.base}/svc/${pass.path ?? 'consulta'}?${q}`, { agent, headers }, (response) => {
        // The whole answer is read, as a browser would before showing it.
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode === 200));
        response.on('error', () => resolve(false));
      });
      request.on('error', () => resolve(false));
    });
  void runLoop(pass.list, pass.concurrency, one).then((result) => process.send!(result));
});
