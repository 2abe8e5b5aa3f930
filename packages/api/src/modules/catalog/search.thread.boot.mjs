// A search thread's entry under tsx (`npm start`, the tests): a worker thread does not inherit
// the main thread's TypeScript loader on Node 20, so it registers tsx's own first (search.threads.ts).
import { register } from 'tsx/esm/api';

register();
await import('./search.thread.ts');
