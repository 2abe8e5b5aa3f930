import { Worker } from 'node:worker_threads';
import type { SearchState } from '@estante/contracts';
import type { DatabaseTarget } from '../../db/client.js';
import type { FedSnapshot, SearchIndex } from './search.index.js';
import { type Call, errorOf, JsonAnswer, type WireError, wireError } from './search.remote.js';
import { keyHash } from './search.snapshot.js';
import type { CatalogueSource } from './search.source.js';

type SourceName = CatalogueSource['name'];

/** What a search thread is started with (search.thread.ts). */
export interface ThreadData {
  database: Extract<DatabaseTarget, { kind: 'postgres' }>;
  /** Its own connections (each thread reads its words and phrases on its own). */
  poolSize: number;
  /** Memory for its own cached word and phrase matches (atoms). */
  cacheMegabytes: number;
  prewarmWords: number;
  /** Where the snapshot file is kept: the thread that keeps its read-ahead writes it beside (the threads get it loaded, with the snapshot). */
  snapshotDir: string | null;
  /** The one thread that writes its read-ahead there. */
  keepsWords: boolean;
  /** Which thread it is, of how many (the searches it answers: homeOf). */
  position: number;
  count: number;
}

/** The main thread to a search thread: a worker's call, a read-ahead to wait for, or a snapshot it asked for. */
export type ToThread = { id: number; call: Call } | { id: number; warm: SourceName } | { fed: number; value?: FedSnapshot | null; error?: WireError };

/** A search thread to the main thread: an answer (as JSON text), or a request for the snapshot newer than `after`. */
export type FromThread = { id: number; json?: string; error?: WireError } | { feed: number; source: SourceName; after: number | null };

interface Thread {
  worker: Worker;
  /** Calls handed to it and not yet answered. */
  waiting: Map<number, { resolve: (json: string) => void; reject: (error: unknown) => void }>;
}

/**
 * A thread whose calls waiting exceed the least busy one's by more than this hands the next
 * call of its texts to that one instead (a burst of one text does not queue on one core).
 */
const SPILL = 2;

/** Connections of each search thread's pool. */
const THREAD_POOL = 8;

/**
 * The primary's search threads (decision 0040, "Later (session 27)"): the one snapshot of each
 * catalogue is made (or loaded from disk) by the main thread's index (`keepers`) in shared
 * memory, and every thread searches it in its own index — its own caches of words, phrases,
 * facets and rankings — so that two searches run on two cores at once. A call goes to the
 * thread its text belongs to (a hash of its rows: its next page, sort or filter finds that
 * thread's caches warm), unless that thread is busier than another by more than SPILL calls.
 * A thread that stops (it should not) fails its waiting calls and is started again.
 */
export class SearchThreads {
  private readonly threads: Thread[] = [];
  private lastCall = 0;
  private closing = false;

  constructor(
    private readonly keepers: Record<SourceName, SearchIndex>,
    private readonly settings: Omit<ThreadData, 'keepsWords' | 'poolSize' | 'position' | 'count'>,
    private readonly count: number,
    /** Told when a thread stops (its error), before another is started. */
    private readonly stopped: (error: unknown) => void = () => undefined,
  ) {
    for (let i = 0; i < count; i++) this.threads.push(this.start(i));
  }

  get size(): number {
    return this.threads.length;
  }

  private start(position: number): Thread {
    const data: ThreadData = { ...this.settings, poolSize: THREAD_POOL, keepsWords: position === 0, position, count: this.count };
    const worker = threadWorker(data);
    const thread: Thread = { worker, waiting: new Map() };
    worker.on('message', (message: FromThread) => this.onMessage(thread, message));
    let failure: unknown = null;
    worker.on('error', (error) => (failure = error));
    worker.on('exit', (code) => {
      for (const call of thread.waiting.values()) call.reject(new Error('the search thread stopped'));
      thread.waiting.clear();
      if (this.closing) return;
      this.stopped(failure ?? new Error(`a search thread stopped (exit code ${code})`));
      this.threads[position] = this.start(position);
    });
    return thread;
  }

  private onMessage(thread: Thread, message: FromThread) {
    if ('feed' in message) {
      const { feed, source, after } = message;
      const post = (answer: ToThread) => {
        try {
          thread.worker.postMessage(answer);
        } catch {
          // The thread is gone; its successor asks again.
        }
      };
      this.keepers[source].snapshotFor(after).then(
        (value) => post({ fed: feed, value }),
        (error: unknown) => post({ fed: feed, error: wireError(error) }),
      );
    } else if ('id' in message) {
      const call = thread.waiting.get(message.id);
      if (!call) return;
      thread.waiting.delete(message.id);
      if (message.error) call.reject(errorOf(message.error));
      else call.resolve(message.json ?? 'null');
    }
  }

  /** Resolves to the answer's JSON text. */
  private ask(thread: Thread, message: { call: Call } | { warm: SourceName }): Promise<string> {
    return new Promise((resolve, reject) => {
      const id = ++this.lastCall;
      thread.waiting.set(id, { resolve, reject });
      try {
        thread.worker.postMessage({ id, ...message } as ToThread);
      } catch (error) {
        thread.waiting.delete(id);
        reject(error);
      }
    });
  }

  /** A worker's call, answered by the thread its text belongs to (or the least busy). */
  answer = async (call: Call): Promise<JsonAnswer> => new JsonAnswer(await this.ask(this.pick(call), { call }));

  private pick(call: Call): Thread {
    let least = this.threads[0]!;
    for (const thread of this.threads) if (thread.waiting.size < least.waiting.size) least = thread;
    const home = homeOf(call, this.threads.length);
    if (home === null) return least;
    const thread = this.threads[home]!;
    return thread.waiting.size > least.waiting.size + SPILL ? least : thread;
  }

  /** The same call answered by every thread (each from its own index and caches). */
  each(call: Call): Promise<unknown[]> {
    return Promise.all(this.threads.map(async (thread) => JSON.parse(await this.ask(thread, { call })) as unknown));
  }

  /** Every thread's index of `source` made ready and read ahead (warm); resolves to how many words each read ahead. */
  warm(source: SourceName): Promise<number[]> {
    return Promise.all(this.threads.map(async (thread) => JSON.parse(await this.ask(thread, { warm: source })) as number));
  }

  /** Every thread stopped (their connections closed with them). */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }
}

/**
 * The thread (of `count`) a call belongs to: by its search's rows (texts, fields, kinds) or a
 * word's key, so that a text's pages, sorts and filters meet one thread's caches; null: any.
 */
export function homeOf(call: Pick<Call, 'op' | 'source' | 'args'>, count: number): number | null {
  let text: string;
  switch (call.op) {
    case 'run':
    case 'count':
      text = `${call.source}${JSON.stringify((call.args[0] as SearchState).linhas)}`;
      break;
    case 'wordTitles':
      text = `${call.source}${String(call.args[0])}`;
      break;
    case 'summary':
      return null;
  }
  return (keyHash(text) >>> 0) % count;
}

/**
 * A search thread running search.thread.ts; under tsx (`npm start`, the tests) through its boot
 * file, which registers the TypeScript loader a thread does not inherit on Node 20.
 */
function threadWorker(workerData: ThreadData): Worker {
  const typescript = import.meta.url.endsWith('.ts');
  return new Worker(new URL(typescript ? './search.thread.boot.mjs' : './search.thread.js', import.meta.url), { workerData });
}
