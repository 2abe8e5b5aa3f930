/**
 * The benchmark's HTTP client, in a process of its own (forked by search.ts), so the client's
 * own work (requests, reading answers) is not counted against the API's thread, as with any
 * load generator. Each message is one pass: { base, token, list, concurrency } → LoopResult.
 */
import { runLoop } from './loop.js';

interface Pass {
  base: string;
  token: string;
  list: string[];
  concurrency: number;
  /** The call after /svc/: consulta (the default) or consulta/sugestoes. */
  path?: string;
}

process.on('message', (pass: Pass | 'exit') => {
  if (pass === 'exit') process.exit(0);
  const one = async (q: string) => {
    const response = await fetch(`${pass.base}/svc/${pass.path ?? 'consulta'}?${q}`, { headers: { authorization: `Bearer ${pass.token}` } });
    await response.arrayBuffer();
    return response.ok;
  };
  void runLoop(pass.list, pass.concurrency, one).then((result) => process.send!(result));
});
