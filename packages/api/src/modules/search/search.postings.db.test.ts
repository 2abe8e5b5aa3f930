import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newSearchState, searchRow } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { asItems } from '../../../test/marc.js';
import { generateTitleRecords } from '../../seed/generator.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { type Atom, atomOf } from './search.atoms.js';
import { SearchIndex } from './search.index.js';
import { databaseIdentity, loadPostings, postingsFile, savePostings, snapshotFile } from './search.persist.js';
import { parseVector, Postings } from './search.postings.js';
import { fetchWordPositions } from './search.queries.js';
import { readSnapshot, type Snapshot } from './search.snapshot.js';
import { CATALOGUE, NETWORK } from './search.source.js';

let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await importMarcRecords(database.db, generateTitleRecords(400));
  dir = await mkdtemp(path.join(tmpdir(), 'estante-postings-'));
});
afterAll(async () => {
  await database.dispose();
  await rm(dir, { recursive: true, force: true });
});

/** Every lexeme of the catalogue's plain vectors (PostgreSQL's own list, ts_stat). */
async function lexemes(): Promise<string[]> {
  const rows = await queryRows<{ word: string }>(database.db, sql`select word from ts_stat('select search_vector from titles') order by word`);
  return rows.map((r) => r.word);
}

/** What a search reads of an atom: its titles, their fields (weights) and positions. */
function seen(atom: Atom) {
  return { ids: atom.ids, masks: atom.masks, positions: atom.positions };
}

/** Checks that `postings` answers, for every lexeme, the atom PostgreSQL's rows make for `snapshot`. */
async function answersAsPostgres(postings: Postings, snapshot: Snapshot, words: string[]) {
  for (const lexeme of words) {
    const fromPostgres = atomOf(snapshot, await fetchWordPositions(database.db, lexeme));
    expect(seen(postings.atom(lexeme, snapshot)), lexeme).toEqual(seen(fromPostgres));
  }
}

describe('posting lists (issue 59)', () => {
  it('read a tsvector as PostgreSQL prints it: quotes and backslashes, weights, positions, none', async () => {
    const [row] = await queryRows<{ v: string }>(database.db, sql`select ${"'d''agua':1A,3 'a\\\\b':2B,7C,9 'plain' 'x':16383"}::tsvector::text as v`);
    const found: [string, number[]][] = [];
    parseVector(row!.v, (lexeme, entries) => found.push([lexeme, [...entries]]));
    // Each entry: position × 4 + weight (A 3, B 2, C 1, D 0).
    expect(found).toEqual([
      ['a\\b', [2 * 4 + 2, 7 * 4 + 1, 9 * 4]],
      ["d'agua", [1 * 4 + 3, 3 * 4]],
      ['plain', []],
      ['x', [16383 * 4]],
    ]);
  });

  it("decode to the very atom PostgreSQL's rows make, for every lexeme of the catalogue", async () => {
    const snapshot = await readSnapshot(database.db);
    const postings = await Postings.read(database.db);
    expect(await postings.patchTo(database.db, snapshot)).toBe(0);
    const words = await lexemes();
    expect(words.length).toBeGreaterThan(300);
    await answersAsPostgres(postings, snapshot, words);
    // A lexeme nobody holds: nothing.
    expect(postings.atom('zzzznowhere', snapshot).ids).toHaveLength(0);
  });

  it('follow the catalogue when titles are added, changed, hidden and deleted: the same atoms as lists read afresh, merged or not', async () => {
    const before = await readSnapshot(database.db);
    const overlaid = await Postings.read(database.db);
    const merged = await Postings.read(database.db);
    const [first, second, third] = (await queryRows<{ id: number }>(database.db, sql`select cod_acervo as id from titles order by cod_acervo limit 3`)).map(
      (r) => r.id,
    );
    await importMarcRecords(
      database.db,
      asItems([
        { id: 'postings-1', title: 'Cartografia das águas do Pantanal', author: 'Queiroz, Lia', subjects: ['Hidrografia'], year: 2024 },
        { id: 'postings-2', title: 'Pantanal: memória e água', author: 'Lima, Rui', year: 2025 },
        // One word at two hundred positions: its entries take more than 127 bytes (a longer length).
        { id: 'postings-echo', title: 'Ecos', notes: 'eco '.repeat(200).trim(), year: 2025 },
      ]),
    );
    await database.db.execute(sql`update titles set title = 'Um pantanal reescrito', title_fold = 'um pantanal reescrito' where cod_acervo = ${first}`);
    await database.db.execute(sql`update titles set suppressed = true where cod_acervo = ${second}`);
    await database.db.execute(sql`delete from titles where cod_acervo = ${third}`);
    const after = await readSnapshot(database.db);
    expect(after.version).toBeGreaterThan(before.version);

    // Only the changed titles are read again: three new, one changed; the hidden and the deleted only leave.
    expect(await overlaid.patchTo(database.db, after)).toBe(4);
    expect(overlaid.stats().overlayTitles).toBe(4);
    // An overlay of any size is merged into the base at once here.
    await merged.patchTo(database.db, after, CATALOGUE, 0);
    expect(merged.stats()).toMatchObject({ overlayTitles: 0, removed: 0 });
    const afresh = await Postings.read(database.db);
    await afresh.patchTo(database.db, after);
    const words = await lexemes();
    expect(words).toContain('pantanal');
    for (const lexeme of [...words, 'reescrito']) {
      const expected = seen(afresh.atom(lexeme, after));
      expect(seen(overlaid.atom(lexeme, after)), lexeme).toEqual(expected);
      expect(seen(merged.atom(lexeme, after)), lexeme).toEqual(expected);
    }
    expect(overlaid.atom('pantanal', after).ids.length).toBe(3);
    expect([...overlaid.atom('pantanal', after).ids]).toContain(first);
    await answersAsPostgres(overlaid, after, ['pantanal', 'reescrito', 'agua', 'eco']);
    await answersAsPostgres(merged, after, ['pantanal', 'reescrito', 'agua', 'eco']);
    expect(overlaid.atom('eco', after).positions!.at.length).toBeGreaterThanOrEqual(200);
  });

  it('stay as they were when the database is lost while they are patched, and are patched once it is back', async () => {
    const before = await readSnapshot(database.db);
    const postings = await Postings.read(database.db);
    await postings.patchTo(database.db, before);
    const was = seen(postings.atom('pantanal', before));
    await importMarcRecords(database.db, asItems([{ id: 'postings-outage', title: 'Pantanal sem conexão', year: 2026 }]));
    const after = await readSnapshot(database.db);
    // The connection lost: every query fails, as PostgreSQL restarting would make it.
    const lost = { execute: () => Promise.reject(new Error('Connection terminated unexpectedly')) } as unknown as typeof database.db;
    await expect(postings.patchTo(lost, after)).rejects.toThrow(/terminated/);
    expect(postings.version).toBe(before.version);
    expect(seen(postings.atom('pantanal', before))).toEqual(was);
    expect(await postings.patchTo(database.db, after)).toBe(1);
    await answersAsPostgres(postings, after, ['pantanal', 'conexao']);
    expect(postings.atom('conexao', after).ids).toHaveLength(1);
  });

  it('are kept on disk and loaded as they were, overlay and all; never for another database or source, nor damaged', async () => {
    const snapshot = await readSnapshot(database.db);
    const postings = await Postings.read(database.db);
    // Lists read a little behind the catalogue, then patched: a base and an overlay.
    await database.db.execute(sql`update titles set title = 'Pantanal guardado' where cod_acervo = (select min(cod_acervo) from titles where not suppressed)`);
    const now = await readSnapshot(database.db);
    await postings.patchTo(database.db, now);
    expect(postings.stats().overlayTitles).toBe(1);
    const identity = await databaseIdentity(database.db);
    const file = path.join(dir, 'round-trip.postings');
    await savePostings(file, identity, CATALOGUE, postings);
    const loaded = (await loadPostings(file, identity, CATALOGUE))!;
    expect(loaded).not.toBeNull();
    expect(loaded.stats()).toEqual(postings.stats());
    expect(loaded.version).toBe(now.version);
    for (const lexeme of await lexemes()) expect(seen(loaded.atom(lexeme, now)), lexeme).toEqual(seen(postings.atom(lexeme, now)));
    // Nothing changed since: loading them reads no title again.
    expect(await loaded.patchTo(database.db, now)).toBe(0);
    expect(snapshot.version).toBeLessThan(now.version);

    expect(await loadPostings(file, `${identity}-other`, CATALOGUE)).toBeNull();
    expect(await loadPostings(file, identity, NETWORK)).toBeNull();
    expect(await loadPostings(path.join(dir, 'absent.postings'), identity, CATALOGUE)).toBeNull();
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, bytes.length - 64));
    expect(await loadPostings(file, identity, CATALOGUE)).toBeNull();
    await writeFile(file, 'not ours');
    expect(await loadPostings(file, identity, CATALOGUE)).toBeNull();
  });

  it("let a restarted index search from the kept lists without reading the catalogue's vectors, and follow a change with the changed titles only", async () => {
    const keptDir = path.join(dir, 'index');
    const search = async (index: SearchIndex, termo: string) => (await index.run(newSearchState({ linhas: [searchRow(termo)], quantPag: 10 })))!;
    const first = new SearchIndex(database.db, { snapshotDir: keptDir });
    const found = await search(first, 'pantanal');
    expect(found.total).toBeGreaterThan(0);
    expect(first.stats().postings).not.toBeNull();
    const identity = await databaseIdentity(database.db);
    const file = postingsFile(snapshotFile(keptDir, identity, CATALOGUE));
    for (let i = 0; i < 400 && !(await loadPostings(file, identity, CATALOGUE)); i++) await new Promise((resolve) => setTimeout(resolve, 25));

    const read = vi.spyOn(Postings, 'read');
    try {
      const restarted = new SearchIndex(database.db, { snapshotDir: keptDir });
      const again = await search(restarted, 'pantanal');
      expect({ total: again.total, page: again.page }).toEqual({ total: found.total, page: found.page });
      expect(restarted.stats().postings).not.toBeNull();
      // A title catalogued since: the next search (a small catalogue waits for its snapshot) finds it.
      await importMarcRecords(database.db, asItems([{ id: 'postings-3', title: 'Pantanal depois do reinício', author: 'Reis, Ana', year: 2026 }]));
      expect((await search(restarted, 'pantanal')).total).toBe(found.total + 1);
      expect(restarted.stats().postings).toMatchObject({ overlayTitles: 1 });
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });
});
