/**
 * A process of a read apart (search.apart.ts, decision 0066): reads the catalogue named in
 * APART_ENV, writes its snapshot or its posting lists where the index will load them, and exits.
 * A failure is sent to the parent and ends the process with code 1; so does the parent's end.
 */
import { openDatabase } from '../../db/client.js';
import { APART_ENV, type ApartJob, type ApartPart, SAVE_SNAPSHOT } from './search.apart.js';
import { postingsFile, savePostings, saveSnapshot } from './search.persist.js';
import { Postings } from './search.postings.js';
import { readSnapshot } from './search.snapshot.js';
import { CATALOGUE, NETWORK } from './search.source.js';

// An index that stops waiting (its process ending) leaves nobody to load the files.
process.on('disconnect', () => process.exit(1));

async function readApart(job: ApartJob & { url: string; part: ApartPart }): Promise<void> {
  const source = job.source === 'network' ? NETWORK : CATALOGUE;
  // The snapshot's read takes two connections: its orders are sorted beside its titles (readSnapshot).
  const database = await openDatabase({ kind: 'postgres', url: job.url, poolSize: job.part === 'snapshot' ? 2 : 1, work: 'batch' });
  try {
    if (job.part === 'postings') {
      await savePostings(postingsFile(job.file), job.identity, source, await Postings.read(database.db, source));
      return;
    }
    const snapshot = await readSnapshot(database.db, source, { ordersBeside: true });
    // The lists first (their process, beside this one): a snapshot on disk means the read is complete.
    if (job.postings) await new Promise<void>((resolve) => process.on('message', (message) => message === SAVE_SNAPSHOT && resolve()));
    await saveSnapshot(job.file, job.identity, source, snapshot);
  } finally {
    await database.close();
  }
}

readApart(JSON.parse(process.env[APART_ENV] ?? 'null') as ApartJob & { url: string; part: ApartPart }).then(
  () => process.exit(0),
  (error: unknown) => {
    process.send?.({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1));
  },
);
