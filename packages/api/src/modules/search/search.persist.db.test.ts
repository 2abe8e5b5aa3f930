import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newSearchState, searchRow } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { asItems } from '../../../test/marc.js';
import { generateTitleRecords } from '../../seed/generator.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { SearchIndex } from './search.index.js';
import { databaseIdentity, loadSnapshot, loadWords, postingsFile, saveSnapshot, snapshotFile, wordsFile } from './search.persist.js';
import { MULTI_FACETS, readSnapshot } from './search.snapshot.js';
import { CATALOGUE, type CatalogueSource, NETWORK } from './search.source.js';
import { codeArray, codeNumbers } from './search.codes.js';
import { nameArray, PackedNames } from './search.names.js';

let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await importMarcRecords(database.db, generateTitleRecords(300));
  dir = await mkdtemp(path.join(tmpdir(), 'estante-snapshots-'));
});
afterAll(async () => {
  await database.dispose();
  await rm(dir, { recursive: true, force: true });
});

/** A search's total and first page, with its facets' counts. */
async function searched(index: SearchIndex, termo: string) {
  const outcome = await index.run(newSearchState({ linhas: [searchRow(termo)], quantPag: 10 }));
  return { total: outcome!.total, page: outcome!.page, facets: outcome!.facets.map((f) => [f.faceta, f.codigo, f.total]) };
}

/** Resolves once `files` are the only files in their folder (the index writes them in the background). */
async function written(...files: string[]) {
  const names = files.map((file) => path.basename(file)).sort();
  for (let i = 0; i < 400; i++) {
    if ((await readdir(path.dirname(files[0]!)).catch(() => [] as string[])).sort().join() === names.join()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${names.join(', ')} were never written alone: ${(await readdir(path.dirname(files[0]!))).join(', ')}`);
}

describe('search snapshots kept on disk (issue 25)', () => {
  it('load as the very snapshot that was saved', async () => {
    const identity = await databaseIdentity(database.db);
    const snapshot = await readSnapshot(database.db);
    const file = path.join(dir, 'round-trip.snapshot');
    await saveSnapshot(file, identity, CATALOGUE, snapshot);
    const loaded = (await loadSnapshot(file, identity, CATALOGUE))!;
    expect(loaded).not.toBeNull();
    const { multi, counters: _c, marks: _m, ...rest } = snapshot;
    const { multi: loadedMulti, loadMs, ...loadedRest } = loaded;
    expect(loadMs).toBeGreaterThan(0);
    expect(loadedRest).toEqual(rest);
    for (const facet of MULTI_FACETS) {
      const codes = codeArray(multi[facet].codes);
      expect(codeArray(loadedMulti[facet].codes)).toEqual(codes);
      // Loaded packed, read back as written.
      expect(loadedMulti[facet].names).toBeInstanceOf(PackedNames);
      expect(nameArray(loadedMulti[facet].names)).toEqual(nameArray(multi[facet].names));
      // Names and codes outlive the snapshot (a patched one keeps them): none holds the file's buffer.
      expect((loadedMulti[facet].names as PackedNames).bytes.buffer).not.toBe(loaded.row.buffer);
      expect(codeNumbers(loadedMulti[facet].codes)?.buffer).not.toBe(loaded.row.buffer);
      expect(codes.map((code) => loadedMulti[facet].codes.get(code))).toEqual(codes.map((_, value) => value));
    }
  });

  it('load a file written before the names were packed (the names in its header) with those names', async () => {
    const identity = await databaseIdentity(database.db);
    const snapshot = await readSnapshot(database.db);
    const file = path.join(dir, 'names-in-header.snapshot');
    await saveSnapshot(file, identity, CATALOGUE, snapshot);
    // The file as the previous release wrote it: the names as JSON in the header, no arrays of them.
    const bytes = await readFile(file);
    const length = bytes.readUInt32LE(8);
    const align = (n: number) => Math.ceil(n / 8) * 8;
    const header = JSON.parse(bytes.toString('utf8', 12, 12 + length)) as {
      multi: Record<string, { names: string[] | null }>;
      arrays: { name: string }[];
    };
    for (const facet of MULTI_FACETS) header.multi[facet]!.names = nameArray(snapshot.multi[facet].names);
    header.arrays = header.arrays.filter((a) => !/^(names|nameStarts)/.test(a.name));
    const json = Buffer.from(JSON.stringify(header));
    const lead = Buffer.alloc(align(12 + json.length));
    lead.write('ESTSNAP1', 0, 'latin1');
    lead.writeUInt32LE(json.length, 8);
    json.copy(lead, 12);
    await writeFile(file, Buffer.concat([lead, bytes.subarray(align(12 + length))]));
    const loaded = (await loadSnapshot(file, identity, CATALOGUE))!;
    expect(loaded).not.toBeNull();
    expect(MULTI_FACETS.some((facet) => snapshot.multi[facet].names.length > 0)).toBe(true);
    for (const facet of MULTI_FACETS) expect(nameArray(loaded.multi[facet].names)).toEqual(nameArray(snapshot.multi[facet].names));
  });

  it('are not loaded for another database or source, nor when damaged', async () => {
    const identity = await databaseIdentity(database.db);
    const file = path.join(dir, 'checks.snapshot');
    await saveSnapshot(file, identity, CATALOGUE, await readSnapshot(database.db));
    expect(await loadSnapshot(file, `${identity}-other`, CATALOGUE)).toBeNull();
    expect(await loadSnapshot(file, identity, NETWORK)).toBeNull();
    // Nor for the same catalogue read by another query (its libraries' facet, say): not in the
    // same file, nor loaded if a file is named so.
    const otherLibraries: CatalogueSource = {
      ...CATALOGUE,
      libraries: (ids) => sql`select cod_acervo as id, cod_biblioteca as b, 'x' as name from copies where ${ids(sql.raw('cod_acervo'))}`,
    };
    expect(snapshotFile(dir, identity, otherLibraries)).not.toBe(snapshotFile(dir, identity, CATALOGUE));
    expect(await loadSnapshot(file, identity, otherLibraries)).toBeNull();
    expect(await loadSnapshot(file, identity, { ...CATALOGUE })).not.toBeNull();
    expect(await loadSnapshot(path.join(dir, 'absent.snapshot'), identity, CATALOGUE)).toBeNull();
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, bytes.length - 4096));
    expect(await loadSnapshot(file, identity, CATALOGUE)).toBeNull();
    await writeFile(file, 'not a snapshot');
    expect(await loadSnapshot(file, identity, CATALOGUE)).toBeNull();
  });

  it('let a restarted index answer at once as before, and find what was catalogued while it was down', async () => {
    const keptDir = path.join(dir, 'kept');
    const identity = await databaseIdentity(database.db);
    // A file an older release left (other snapshot code): never loaded, removed once a new one is kept.
    const older = path.join(keptDir, `catalogue-${identity}-0123456789abcdef.snapshot`);
    await mkdir(keptDir, { recursive: true });
    await writeFile(older, 'made by older code');
    expect(existsSync(snapshotFile(keptDir, identity, CATALOGUE))).toBe(false);
    const first = new SearchIndex(database.db, { snapshotDir: keptDir });
    const before = await searched(first, 'brasil');
    expect(before.total).toBeGreaterThan(0);
    const file = snapshotFile(keptDir, identity, CATALOGUE);
    // The snapshot and its posting lists; the older release's file is gone.
    await written(file, postingsFile(file));
    expect(existsSync(file)).toBe(true);
    expect(existsSync(snapshotFile(keptDir, identity, NETWORK))).toBe(false);
    const saved = first.stats();

    // A restart with the catalogue unchanged: the snapshot comes from the file (made when the
    // first index read it), and answers the same.
    const restarted = new SearchIndex(database.db, { snapshotDir: keptDir });
    expect(await searched(restarted, 'brasil')).toEqual(before);
    expect(restarted.stats()).toMatchObject({ version: saved.version, titles: saved.titles, buildMs: saved.buildMs });

    // Titles catalogued while no server ran: the kept snapshot is older than the catalogue, and
    // the next index patches it to the new one (a small catalogue's is waited for).
    await importMarcRecords(database.db, asItems([{ id: 'kept-1', title: 'Brasil depois do reinício', author: 'Reis, Ana', year: 2024 }]));
    const later = new SearchIndex(database.db, { snapshotDir: keptDir });
    const after = await searched(later, 'brasil');
    expect(after.total).toBe(before.total + 1);
    expect(later.stats().version).toBeGreaterThan(saved.version!);
    // The kept snapshot and the changes since (decision 0065): one title read, not the catalogue.
    expect(later.stats()).toMatchObject({ patches: 1, fullReads: 0, changedTitles: 1 });
  });
});

/** The test catalogue is small: its frequent words are those in one title or more. */
class SmallIndex extends SearchIndex {
  override prewarm(options: Parameters<SearchIndex['prewarm']>[0] = {}): Promise<number> {
    return super.prewarm({ ...options, minTitles: 1 });
  }
}

// Without posting lists (a large catalogue's words while its first lists are read): the read-ahead's atoms come from PostgreSQL.
describe('SearchIndex: reading ahead', () => {
  it('keeps its read-ahead beside the kept snapshot: a restart with the catalogue unchanged starts with those words cached', async () => {
    const keptDir = path.join(dir, 'words');
    const options = { snapshotDir: keptDir, prewarmWords: 20, prewarmFromTitles: 1, postings: false };
    const identity = await databaseIdentity(database.db);
    const words = wordsFile(snapshotFile(keptDir, identity, CATALOGUE));
    const first = new SmallIndex(database.db, options);
    expect((await first.warm()).prewarmed).toBe(20);
    for (let i = 0; i < 400 && !existsSync(words); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(existsSync(words)).toBe(true);
    const samples = ['brasil', 'historia', 'educacao'];
    const before = await Promise.all(samples.map((w) => searched(first, w)));

    // Restarted: the snapshot and the twenty words' atoms come from disk before any search.
    const restarted = new SmallIndex(database.db, options);
    await restarted.current();
    expect(restarted.stats().atoms).toBeGreaterThanOrEqual(20);
    expect(restarted.stats().atomBytes).toBeGreaterThan(0);
    expect(await Promise.all(samples.map((w) => searched(restarted, w)))).toEqual(before);
    expect((await restarted.warm()).prewarmed).toBe(20);

    // A damaged words file is ignored: the words are read from the database again.
    await writeFile(words, 'not ours');
    const again = new SmallIndex(database.db, options);
    await again.current();
    expect(again.stats().atoms).toBe(0);
    expect((await again.warm()).prewarmed).toBe(20);
    expect(await Promise.all(samples.map((w) => searched(again, w)))).toEqual(before);
  });

  it('keeps a longer read-ahead again when more words are asked for than its kept file holds (the setting raised)', async () => {
    const keptDir = path.join(dir, 'more-words');
    const options = { snapshotDir: keptDir, prewarmWords: 10, prewarmFromTitles: 1, postings: false };
    const identity = await databaseIdentity(database.db);
    const words = wordsFile(snapshotFile(keptDir, identity, CATALOGUE));
    const keptWords = async () => (await loadWords(words, identity, CATALOGUE))?.words.length ?? 0;
    const until = async (done: () => Promise<boolean>) => {
      for (let i = 0; i < 400 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    };
    expect((await new SmallIndex(database.db, options).warm()).prewarmed).toBe(10);
    await until(async () => (await keptWords()) === 10);
    expect(await keptWords()).toBe(10);

    // Restarted asking for thirty: the ten come from the file, the twenty others from the
    // database, and the thirty are kept for the next start.
    const more = new SmallIndex(database.db, { ...options, prewarmWords: 30 });
    await more.current();
    expect(more.stats().atoms).toBeGreaterThanOrEqual(10);
    expect((await more.warm()).prewarmed).toBe(30);
    await until(async () => (await keptWords()) === 30);
    expect(await keptWords()).toBe(30);
    // The file says how many were asked for, so a catalogue with fewer words is not scanned again at each start.
    expect((await loadWords(words, identity, CATALOGUE))?.limit).toBe(30);
    const next = new SmallIndex(database.db, { ...options, prewarmWords: 30 });
    await next.current();
    expect(next.stats().atoms).toBeGreaterThanOrEqual(30);
  });

  it('reads ahead the snapshot in use when a newer one replaced one whose read-ahead had not finished', async () => {
    // Each read-ahead begun is noted (with the snapshot in use then) and held until the gate opens.
    const begun: number[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    class HeldIndex extends SearchIndex {
      override async prewarm(options: Parameters<SearchIndex['prewarm']>[0] = {}): Promise<number> {
        begun.push(this.stats().version!);
        await gate;
        return super.prewarm({ ...options, minTitles: 1 });
      }
    }
    const index = new HeldIndex(database.db, { prewarmWords: 20, prewarmFromTitles: 1, postings: false });
    const first = await index.current();
    expect(begun).toEqual([first.version]);
    // A title catalogued meanwhile (as after a start from a kept snapshot a little behind the
    // database): the new snapshot carries the few cached words over, and, its predecessor not
    // read ahead to the end, reads ahead itself.
    await importMarcRecords(database.db, asItems([{ id: 'ahead-1', title: 'Brasil lido adiante', author: 'Reis, Ana', year: 2025 }]));
    const second = await index.current();
    expect(second.version).toBeGreaterThan(first.version);
    expect(begun).toEqual([first.version, second.version]);
    open();
    // warm() answers once the read-ahead of the snapshot in use is over, with its words cached.
    const warmed = await index.warm();
    expect(warmed.snapshot).toBe(second);
    expect(warmed.prewarmed).toBeGreaterThan(0);
    expect(index.stats().atoms).toBeGreaterThanOrEqual(warmed.prewarmed);
  });
});

describe('SearchIndex: a catalogue whose snapshot is slow to make', () => {
  it('answers from the snapshot it has after a change, and shows the change within a second or so of the new one', async () => {
    // Every snapshot counts as slow here (as a million titles' 25 s): searches do not wait for the
    // next one, and share one read of the catalogue's version a second (a small catalogue is
    // waited for however slow its read was: waitBelowTitles 0 takes that away here).
    const index = new SearchIndex(database.db, { waitForSnapshotMs: 0, waitBelowTitles: 0 });
    const before = (await searched(index, 'brasil')).total;
    await importMarcRecords(database.db, asItems([{ id: 'slow-1', title: 'Brasil de um catálogo lento', author: 'Lima, Rui', year: 2023 }]));
    // Right after the change: the snapshot it has (no search waits for a rebuild).
    expect((await searched(index, 'brasil')).total).toBe(before);
    let total = before;
    const started = Date.now();
    while (total === before && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      total = (await searched(index, 'brasil')).total;
    }
    expect(total).toBe(before + 1);
  });

  it('still waits for a small catalogue: an import is found by the very next search, however slow the last read was', async () => {
    // The last read counts as slow (as on a loaded machine), but the catalogue is small: the
    // next search waits for the patched snapshot (an import into a small library, found at once).
    const index = new SearchIndex(database.db, { waitForSnapshotMs: 0 });
    const before = (await searched(index, 'brasil')).total;
    await importMarcRecords(database.db, asItems([{ id: 'small-1', title: 'Brasil de uma biblioteca pequena', author: 'Lima, Rui', year: 2024 }]));
    expect((await searched(index, 'brasil')).total).toBe(before + 1);
  });
});
