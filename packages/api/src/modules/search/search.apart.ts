import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CatalogueSource } from './search.source.js';

/** What a read apart is asked for: whose titles, which file to leave them in, and whether with their posting lists. */
export interface ApartJob {
  source: CatalogueSource['name'];
  /** The snapshot's file (search.persist.ts snapshotFile); the lists go beside it (postingsFile). */
  file: string;
  /** The database's identity, written into the files so only this database's index loads them. */
  identity: string;
  postings: boolean;
}

/** Reads a whole catalogue and leaves its snapshot (and lists) on disk; rejects when it could not. */
export type ReadApart = (job: ApartJob) => Promise<void>;

/** Set for the process a read apart runs in: the job, as JSON, with the database's URL and its part. */
export const APART_ENV = 'ESTANTE_SEARCH_READ_APART';
/** The file of the bundled server this process runs, set by scripts/start.mjs (decision 0068); unset or empty: the TypeScript through tsx. */
export const SERVER_BUNDLE_ENV = 'ESTANTE_SERVER_BUNDLE';

/**
 * What one process of a read apart reads: the snapshot, or the posting lists. Each is a thread's
 * work (parsing a million rows), so the two run in two processes, on two cores, beside
 * PostgreSQL's: in one process they took turns on its one thread.
 */
export type ApartPart = 'snapshot' | 'postings';

/** The message by which the parent lets the snapshot's process write its file, once the lists are written. */
export const SAVE_SNAPSHOT = 'save-snapshot';

/**
 * A full read of the catalogue in a process of its own (decision 0066): at a million titles
 * reading every title's row and posting list grows a heap of 1–1.7 GB, which V8 keeps long after
 * the read (the server's peak was 927–981 MB with the read in it; bench/README.md step 3). The child reads from `url` (a PostgreSQL server: the embedded database is open in one
 * process only), writes the snapshot and lists as a restart would find them, and exits, giving
 * all of that memory back; the index then loads the files.
 */
export function readApartFrom(url: string): ReadApart {
  return async (job) => {
    const snapshot = start(url, job, 'snapshot');
    const postings = job.postings ? start(url, job, 'postings') : null;
    // The first failure ends the other process too, and is the one told.
    let failure: unknown = null;
    const stop = (error: unknown) => {
      failure ??= error;
      snapshot.child.kill();
      postings?.child.kill();
    };
    snapshot.done.catch(stop);
    postings?.done.catch(stop);
    try {
      if (postings) {
        await postings.done;
        // A snapshot on disk means the read is complete: its file is written after the lists'.
        snapshot.child.send(SAVE_SNAPSHOT);
      }
      await snapshot.done;
    } catch (error) {
      throw failure ?? error;
    }
  };
}

/** One process of a read apart: `done` settles when it ends, resolved for a clean exit. */
function start(url: string, job: ApartJob, part: ApartPart) {
  // The server's own bundle when it runs bundled (decision 0068; scripts/start.ts runs the read
  // when APART_ENV is set): a kept file carries the code hash of the text of the functions that
  // wrote it, and a bundle's text is not tsx's, so the files must be written by the code that loads
  // them. Else the worker's TypeScript as the API runs it (decision 0001). None of the parent's
  // flags either way (--inspect, a port taken twice).
  const bundle = process.env[SERVER_BUNDLE_ENV];
  const child = fork(bundle || fileURLToPath(new URL('./search.apart.worker.ts', import.meta.url)), [], {
    execArgv: bundle ? [] : ['--import', 'tsx'],
    env: { ...process.env, [APART_ENV]: JSON.stringify({ ...job, url, part }) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const done = new Promise<void>((resolve, reject) => {
    let failure = '';
    child.on('message', (message) => (failure = String((message as { error?: unknown }).error ?? failure)));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the search read apart (${part}) stopped (${signal ?? `exit ${code}`})${failure ? `: ${failure}` : ''}`)),
    );
  });
  return { child, done };
}
