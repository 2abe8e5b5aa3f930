import { parentPort, workerData } from 'node:worker_threads';
import type { SearchState } from '@estante/contracts';
import { isDatabaseUnavailable, openDatabase } from '../../db/client.js';
import { type FedSnapshot, SearchIndex, type SnapshotFeed } from './search.index.js';
import { answerFrom, errorOf, wireError } from './search.remote.js';
import { CATALOGUE, type CatalogueSource, NETWORK } from './search.source.js';
import { type FromThread, homeOf, type ThreadData, type ToThread } from './search.threads.js';

/**
 * One search thread of the primary process (search.threads.ts, decision 0040): its own index of
 * our catalogue and of the partner network over its own database connections, whose snapshots
 * come from the main thread (their arrays in shared memory); it answers the calls the main
 * thread hands it as the primary's one index would.
 */
const port = parentPort!;
const settings = workerData as ThreadData;

// The thread's background work (read-ahead, a new snapshot) fails while the database is away and
// is tried again by the next search; anything else stops the thread (the main thread starts another).
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnavailable(reason)) throw reason;
});

const database = await openDatabase({ ...settings.database, poolSize: settings.poolSize });
const fed = new Map<number, { resolve: (value: FedSnapshot | null) => void; reject: (error: unknown) => void }>();
let lastFeed = 0;
const feed =
  (source: CatalogueSource['name']): SnapshotFeed =>
  (after) =>
    new Promise((resolve, reject) => {
      const id = ++lastFeed;
      fed.set(id, { resolve, reject });
      port.postMessage({ feed: id, source, after } satisfies FromThread);
    });
const options = {
  cacheMegabytes: settings.cacheMegabytes,
  prewarmWords: settings.prewarmWords,
  snapshotDir: settings.snapshotDir,
  keepsWords: settings.keepsWords,
};
// The broad searches counted ahead are only those this thread will be asked (the rest are another's).
const owns = (source: CatalogueSource['name']) => (state: SearchState) => homeOf({ op: 'run', source, args: [state] }, settings.count) === settings.position;
const indexes = {
  catalogue: new SearchIndex(database.reader, {
    ...options,
    source: CATALOGUE,
    snapshots: feed('catalogue'),
    owns: owns('catalogue'),
    textShare: 1 / settings.count,
  }),
  network: new SearchIndex(database.reader, { ...options, source: NETWORK, snapshots: feed('network'), owns: owns('network'), textShare: 1 / settings.count }),
};
const answer = answerFrom(indexes);

// Answers cross as JSON text (JsonAnswer: one string is copied, not hundreds of objects cloned).
const reply = (id: number, work: Promise<unknown>) =>
  work.then(
    (value) => port.postMessage({ id, json: JSON.stringify(value) ?? 'null' } satisfies FromThread),
    (error: unknown) => port.postMessage({ id, error: wireError(error) } satisfies FromThread),
  );

port.on('message', (message: ToThread) => {
  if ('call' in message) void reply(message.id, answer(message.call));
  else if ('warm' in message)
    void reply(
      message.id,
      indexes[message.warm].warm().then(({ prewarmed }) => prewarmed),
    );
  else {
    const waiting = fed.get(message.fed);
    if (!waiting) return;
    fed.delete(message.fed);
    if (message.error) waiting.reject(errorOf(message.error));
    else waiting.resolve(message.value ?? null);
  }
});
