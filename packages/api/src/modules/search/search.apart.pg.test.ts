import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newSearchState, searchRow } from '@estante/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { generateTitleRecords } from '../../seed/generator.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { type ApartJob, readApartFrom } from './search.apart.js';
import { SearchIndex } from './search.index.js';
import { databaseIdentity, postingsFile, snapshotFile } from './search.persist.js';
import { CATALOGUE } from './search.source.js';

let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await importMarcRecords(database.db, generateTitleRecords(300));
  dir = await mkdtemp(path.join(tmpdir(), 'estante-apart-'));
});
afterAll(async () => {
  await database.dispose();
  await rm(dir, { recursive: true, force: true });
});

/** Searches whose totals, first pages and facet counts an index must answer as one that read here. */
const TERMS = ['a', 'história', 'brasil', 'silva'];

async function answers(index: SearchIndex) {
  const out = [];
  for (const termo of TERMS) {
    const outcome = (await index.run(newSearchState({ linhas: [searchRow(termo)], quantPag: 10 })))!;
    out.push({ termo, total: outcome.total, page: outcome.page, facets: outcome.facets.map((f) => [f.faceta, f.codigo, f.total]) });
  }
  return out;
}

/** The real read apart (a child process on the test database), with the jobs it was given. */
function recorded(url: string) {
  const jobs: ApartJob[] = [];
  const read = readApartFrom(url);
  return { jobs, readApart: (job: ApartJob) => (jobs.push(job), read(job)) };
}

describe('a full read in a process of its own (issue 59, decision 0066)', () => {
  it('leaves the snapshot and the lists on disk, and the index answers from them as one that read here', async () => {
    const kept = path.join(dir, 'apart');
    const { jobs, readApart } = recorded(database.url!);
    const apart = new SearchIndex(database.db, { snapshotDir: kept, readApart, apartFromTitles: 1 });
    const here = new SearchIndex(database.db);
    expect(await answers(apart)).toEqual(await answers(here));
    expect(await apart.postingsReady()).toBe(true);
    // One read apart (its two processes) read both, and the words were decoded from its lists.
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ source: 'catalogue', postings: true });
    const file = snapshotFile(kept, await databaseIdentity(database.db), CATALOGUE);
    expect(jobs[0]!.file).toBe(file);
    expect(existsSync(file) && existsSync(postingsFile(file))).toBe(true);
    expect(apart.stats()).toMatchObject({ readsApart: 1, apartFailures: 0, fullReads: 1, titles: 300 });
    expect(apart.stats().postings?.lexemes).toBeGreaterThan(300);
    expect(apart.stats().decoded).toBeGreaterThan(0);
  });

  it('one that fails is read here instead, and search answers all the same', async () => {
    const { jobs, readApart } = recorded('postgres://postgres@127.0.0.1:5432/estante_no_such_database');
    const index = new SearchIndex(database.db, { snapshotDir: path.join(dir, 'failing'), readApart, apartFromTitles: 1 });
    expect(await answers(index)).toEqual(await answers(new SearchIndex(database.db)));
    expect(jobs).toHaveLength(1);
    expect(index.stats()).toMatchObject({ readsApart: 0, apartFailures: 1, fullReads: 1, titles: 300 });
  });

  it('a catalogue below the size is read here, with no process started', async () => {
    const { jobs, readApart } = recorded(database.url!);
    const index = new SearchIndex(database.db, { snapshotDir: path.join(dir, 'small'), readApart, apartFromTitles: 100_000 });
    expect(await answers(index)).toEqual(await answers(new SearchIndex(database.db)));
    expect(jobs).toHaveLength(0);
    expect(index.stats()).toMatchObject({ readsApart: 0, fullReads: 1 });
  });
});
