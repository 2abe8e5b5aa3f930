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

/** Set for the process a read apart runs in: the job, as JSON, with the database's URL. */
export const APART_ENV = 'ESTANTE_SEARCH_READ_APART';

/**
 * A full read of the catalogue in a process of its own (decision 0066): at a million titles
 * reading every title's row and posting list grows a heap of 1–1.7 GB, which V8 keeps long after
 * the read (the server's peak was 927–981 MB with the read in it; bench/README.md step 3). The child reads from `url` (a PostgreSQL server: the embedded database is open in one
 * process only), writes the snapshot and lists as a restart would find them, and exits, giving
 * all of that memory back; the index then loads the files.
 */
export function readApartFrom(url: string): ReadApart {
  return (job) =>
    new Promise<void>((resolve, reject) => {
      const child = fork(fileURLToPath(new URL('./search.apart.worker.ts', import.meta.url)), [], {
        // TypeScript as the API runs it (decision 0001), and none of the parent's flags (--inspect, a port taken twice).
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, [APART_ENV]: JSON.stringify({ ...job, url }) },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      let failure = '';
      child.on('message', (message) => (failure = String((message as { error?: unknown }).error ?? failure)));
      child.on('error', reject);
      child.on('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`the search read apart stopped (${signal ?? `exit ${code}`})${failure ? `: ${failure}` : ''}`)),
      );
    });
}
