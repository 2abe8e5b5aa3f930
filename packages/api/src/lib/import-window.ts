/**
 * Whether a running server is importing records into its own catalogue right now (the embedded
 * database's `npm run import`, which goes through the server). While it does, the search index
 * keeps answering from the snapshot it has instead of re-reading a catalogue that changes every
 * few milliseconds: each batch moved the catalogue's version, and each re-read, competing with the
 * batches for the one embedded connection, held searches and `/health` for seconds (issue 52).
 * The import's records are searchable once it ends.
 */
let running = 0;

/** Runs `work` as an import: the search index's snapshot stays as it is until it ends. */
export async function asImport<T>(work: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await work();
  } finally {
    running--;
  }
}

/** Whether an import is running in this process. */
export function importRunning(): boolean {
  return running > 0;
}
