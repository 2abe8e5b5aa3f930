/**
 * The process of a read apart (search.apart.ts, decision 0066): reads the catalogue named in
 * APART_ENV, writes its snapshot (and posting lists) where the index will load them, and exits.
 * A failure is sent to the parent and ends the process with code 1; so does the parent's end.
 */
import { openDatabase } from '../../db/client.js';
import { APART_ENV, type ApartJob } from './search.apart.js';
import { postingsFile, savePostings, saveSnapshot } from './search.persist.js';
import { Postings } from './search.postings.js';
import { readSnapshot } from './search.snapshot.js';
import { CATALOGUE, NETWORK } from './search.source.js';

// An index that stops waiting (its process ending) leaves nobody to load the files.
process.on('disconnect', () => process.exit(1));

async function readApart(job: ApartJob & { url: string }): Promise<void> {
  const source = job.source === 'network' ? NETWORK : CATALOGUE;
  // Two connections: the snapshot and the lists are read side by side, as in the index.
  const database = await openDatabase({ kind: 'postgres', url: job.url, poolSize: 2, work: 'batch' });
  try {
    const [snapshot, postings] = await Promise.all([readSnapshot(database.db, source), job.postings ? Postings.read(database.db, source) : null]);
    // The lists first: a snapshot on disk means the read is complete.
    if (postings) await savePostings(postingsFile(job.file), job.identity, source, postings);
    await saveSnapshot(job.file, job.identity, source, snapshot);
  } finally {
    await database.close();
  }
}

readApart(JSON.parse(process.env[APART_ENV] ?? 'null') as ApartJob & { url: string }).then(
  () => process.exit(0),
  (error: unknown) => {
    process.send?.({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1));
  },
);
