import { createHash } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { Atom } from './search.atoms.js';
import { codeArray, codeNumbers, facetCodes, facetCodesOf } from './search.codes.js';
import { packNames, PackedNames } from './search.names.js';
import { type Bound, type KeptFacets, patchFacets, type Reserve } from './search.facet-patch.js';
import { POSTINGS_CODE, Postings, type Segment } from './search.postings.js';
import { Run } from './search.run.js';
import { PATCH_CODE } from './search.patch.js';
import { MULTI_FACETS, type MultiFacet, type MultiValued, type Snapshot, SNAPSHOT_CODE } from './search.snapshot.js';
import { type CatalogueSource, sourceCode } from './search.source.js';

/**
 * A search snapshot kept on disk (issue 25, decision 0037), so that a restarted server loads
 * in about a second what it otherwise reads from the database in tens of seconds at a million
 * titles. One file per database and source: a header (JSON) naming the typed arrays, then
 * their bytes, each 8-byte aligned, so loading is one read and views onto it.
 *
 * A file is used only for the database it was made from (PostgreSQL's system identifier and
 * the database's oid: a restored or recreated database never meets an old file) and only by
 * the code that made it (a hash of the functions that build a snapshot: a change to how facets
 * are derived makes every old file useless). Its catalogue version may be older than the
 * database's: the index then answers from it while it reads the new snapshot, as it does
 * whenever the catalogue changes (search.index.ts).
 */

const MAGIC = 'ESTSNAP1';

type Typed = Int32Array | Uint32Array | Uint8Array | Uint16Array | Float64Array;
const TYPES = { Int32Array, Uint32Array, Uint8Array, Uint16Array, Float64Array } as const;
type TypeName = keyof typeof TYPES;

interface Header {
  builder: string;
  database: string;
  source: string;
  version: number;
  builtAt: number;
  buildMs: number;
  /** Absent from files written before it was kept: they count as read whole when built. */
  readAt?: number;
  languages: string[];
  names: Snapshot['names'];
  tagOffset: Snapshot['tagOffset'];
  /**
   * A facet's codes as strings, or null when they are numbers (the array `codes<facet>`: no text
   * to parse at a load); its names, in files written before they were packed (the arrays
   * `names<facet>` and `nameStarts<facet>` since: null here).
   */
  multi: Record<MultiFacet, { codes: string[] | null; names: string[] | null }>;
  arrays: { name: string; type: TypeName; length: number; offset: number }[];
}

/** The arrays of a snapshot, by name. */
function arraysOf(s: Snapshot): Record<string, Typed> {
  const names = MULTI_FACETS.map((f): [MultiFacet, PackedNames] => [f, packNames(s.multi[f].names)]);
  return {
    all: s.all,
    present: s.present,
    stamp: s.stamp,
    created: s.created,
    titleRank: s.order.title.rank,
    titleIds: s.order.title.ids,
    authorRank: s.order.author.rank,
    authorIds: s.order.author.ids,
    newestRank: s.order.newest.rank,
    newestIds: s.order.newest.ids,
    row: s.row,
    tagStart: s.tagStart,
    tags: s.tags,
    tagFacet: s.tagFacet,
    titleKeys: s.titleKeys,
    ...Object.fromEntries(
      MULTI_FACETS.flatMap((f) => {
        const numbers = codeNumbers(s.multi[f].codes);
        return numbers ? [[`codes${f}`, numbers]] : [];
      }),
    ),
    ...Object.fromEntries(
      names.flatMap(([f, packed]) => [
        [`names${f}`, packed.bytes],
        [`nameStarts${f}`, packed.starts],
      ]),
    ),
  };
}

function typeName(array: Typed): TypeName {
  const name = array.constructor.name;
  if (!(name in TYPES)) throw new Error(`snapshot array of unexpected type ${name}`);
  return name as TypeName;
}

const align = (n: number) => Math.ceil(n / 8) * 8;

/** Identifies a database across restarts, never across a recreation or a restore. */
export async function databaseIdentity(db: Db): Promise<string> {
  const [row] = await queryRows<{ system: string; oid: string }>(
    db,
    sql`select (select system_identifier::text from pg_control_system()) as system,
               (select oid::text from pg_database where datname = current_database()) as oid`,
  );
  return `${row?.system ?? 'unknown'}-${row?.oid ?? 'unknown'}`;
}

/** The code a kept snapshot was made by: the full read's and the patch's (a kept snapshot may be a patched one). */
const KEPT_CODE = createHash('sha256').update(SNAPSHOT_CODE).update(PATCH_CODE).digest('hex').slice(0, 16);

/** That code, and the queries `source` is read by (a change to its facets' SQL makes its kept files useless). */
function keptCode(source: CatalogueSource): string {
  let code = keptCodes.get(source);
  if (!code) keptCodes.set(source, (code = createHash('sha256').update(KEPT_CODE).update(sourceCode(source)).digest('hex').slice(0, 16)));
  return code;
}
const keptCodes = new WeakMap<CatalogueSource, string>();

/**
 * Where the snapshot of `source` in the database `identity` is kept under `dir`: the name says
 * the database and the code that builds snapshots, so a file that exists is one to load.
 */
export function snapshotFile(dir: string, identity: string, source: CatalogueSource): string {
  return path.join(dir, `${source.name}-${identity}-${keptCode(source)}.snapshot`);
}

/**
 * Writes `snapshot` to `file`, replacing what was there only once it is complete (a temporary
 * file renamed over it), so a reader never meets half a file.
 */
export async function saveSnapshot(file: string, identity: string, source: CatalogueSource, snapshot: Snapshot): Promise<void> {
  const header: Omit<Header, 'arrays'> = {
    builder: keptCode(source),
    database: identity,
    source: source.name,
    version: snapshot.version,
    builtAt: snapshot.builtAt,
    buildMs: snapshot.buildMs,
    readAt: snapshot.readAt,
    languages: snapshot.languages,
    names: snapshot.names,
    tagOffset: snapshot.tagOffset,
    multi: Object.fromEntries(
      MULTI_FACETS.map((f) => [f, { codes: codeNumbers(snapshot.multi[f].codes) ? null : codeArray(snapshot.multi[f].codes), names: null }]),
    ) as Header['multi'],
  };
  await writeArrays(file, header, arraysOf(snapshot));
  // Files of this database and source made by older code are of no more use (their words too).
  const prefix = `${source.name}-${identity}-`;
  const keep = [path.basename(file), path.basename(wordsFile(file)), path.basename(postingsFile(file))];
  for (const name of await readdir(path.dirname(file)))
    if (name.startsWith(prefix) && /\.(snapshot|words|postings)$/.test(name) && !keep.includes(name))
      await rm(path.join(path.dirname(file), name), { force: true });
}

/**
 * Writes a JSON header and typed arrays to `file` (MAGIC, the header's length, the header, then
 * each array 8-byte aligned; the header lists them as `arrays`), through a temporary file
 * renamed over it once complete.
 */
async function writeArrays(file: string, header: object, arrays: Record<string, Typed>): Promise<void> {
  const descriptors: Header['arrays'] = [];
  let offset = 0;
  for (const [name, array] of Object.entries(arrays)) {
    descriptors.push({ name, type: typeName(array), length: array.length, offset });
    offset = align(offset + array.byteLength);
  }
  const json = Buffer.from(JSON.stringify({ ...header, arrays: descriptors }));
  const start = align(MAGIC.length + 4 + json.length);
  const lead = Buffer.alloc(start);
  lead.write(MAGIC, 0, 'latin1');
  lead.writeUInt32LE(json.length, MAGIC.length);
  json.copy(lead, MAGIC.length + 4);

  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.write(lead);
    for (const d of descriptors) {
      const array = arrays[d.name]!;
      await handle.write(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), 0, array.byteLength, start + d.offset);
    }
    // `offset` is where the last array's padding ends.
    await handle.truncate(start + offset);
    await handle.close();
    await rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * The header and arrays `writeArrays` wrote to `file`, as views onto one buffer, except those
 * `apart` names, each read into a buffer of its own; null when there is no file, it is not one of
 * ours, or an array runs past its end.
 */
async function readArrays<H extends { arrays: Header['arrays'] }>(
  file: string,
  apart: (name: string) => boolean = () => false,
): Promise<{ header: H; a: Record<string, Typed> } | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    const size = (await handle.stat()).size;
    const head = Buffer.alloc(MAGIC.length + 4);
    if (size < head.length || !(await readFully(handle, head, 0)) || head.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
    const length = head.readUInt32LE(MAGIC.length);
    if (head.length + length > size) return null;
    const text = Buffer.alloc(length);
    if (!(await readFully(handle, text, head.length))) return null;
    const header = JSON.parse(text.toString('utf8')) as H;
    const base = align(head.length + length);
    const fits = (d: Header['arrays'][number]) => TYPES[d.type] && base + d.offset + d.length * TYPES[d.type]!.BYTES_PER_ELEMENT <= size;
    if (!header.arrays.every(fits)) return null;
    // One buffer for the arrays read together (views onto it), from the file's first array to
    // the end of the last of them; those read apart are not in it unless they lie between.
    const together = header.arrays.filter((d) => !apart(d.name));
    const end = Math.max(0, ...together.map((d) => d.offset + d.length * TYPES[d.type]!.BYTES_PER_ELEMENT));
    const shared = new Uint8Array(end);
    if (!(await readFully(handle, shared, base))) return null;
    const a: Record<string, Typed> = {};
    for (const d of header.arrays) {
      const Type = TYPES[d.type]!;
      if (!apart(d.name)) {
        a[d.name] = new Type(shared.buffer, d.offset, d.length);
        continue;
      }
      const own = new Type(d.length);
      if (!(await readFully(handle, new Uint8Array(own.buffer), base + d.offset))) return null;
      a[d.name] = own;
    }
    return { header, a };
  } finally {
    await handle.close();
  }
}

/** Fills `into` from the file at `position`; false when the file ends first. */
async function readFully(handle: FileHandle, into: Uint8Array, position: number): Promise<boolean> {
  for (let done = 0; done < into.byteLength;) {
    const { bytesRead } = await handle.read(into, done, into.byteLength - done, position + done);
    if (bytesRead === 0) return false;
    done += bytesRead;
  }
  return true;
}

/**
 * The snapshot kept in `file`, or null when there is none, or it was made from another
 * database, another source or by other code, or it cannot be read whole.
 */
export async function loadSnapshot(file: string, identity: string, source: CatalogueSource): Promise<Snapshot | null> {
  const started = performance.now();
  try {
    // The facets' codes and names in buffers of their own (the other arrays are views onto one):
    // a patched snapshot keeps its predecessor's codes and names, and a view would keep the whole
    // file's buffer (1.2 GB at ten million titles) alive beside the patched arrays.
    const read = await readArrays<Header>(file, (name) => /^(codes|names|nameStarts)[A-Z]/.test(name));
    if (!read) return null;
    const { header, a } = read;
    if (!madeFor(header, identity, source)) return null;
    const multi = Object.fromEntries(
      MULTI_FACETS.map((f): [MultiFacet, MultiValued] => {
        const numbers = a[`codes${f}`];
        const written = header.multi[f].codes;
        // Numbers read as they were written (a file of a million titles had 467,408 codes to parse).
        const codes = written ? facetCodes(written) : numbers instanceof Float64Array ? facetCodesOf(numbers) : null;
        // A file written before the names were packed has them in its header.
        const bytes = a[`names${f}`];
        const starts = a[`nameStarts${f}`];
        const names = header.multi[f].names ?? (bytes instanceof Uint8Array && starts instanceof Uint32Array ? new PackedNames(bytes, starts) : null);
        if (!names) throw new Error(`the ${f} facet's names are missing`);
        if (!codes || codes.length !== names.length) throw new Error(`the ${f} facet's codes are missing`);
        return [f, { codes, names }];
      }),
    ) as Record<MultiFacet, MultiValued>;
    return {
      version: header.version,
      all: a.all as Int32Array,
      present: a.present as Uint8Array,
      stamp: a.stamp as Uint32Array,
      languages: header.languages,
      created: a.created as Float64Array,
      order: {
        title: { rank: a.titleRank as Int32Array, ids: a.titleIds as Int32Array },
        author: { rank: a.authorRank as Int32Array, ids: a.authorIds as Int32Array },
        newest: { rank: a.newestRank as Int32Array, ids: a.newestIds as Int32Array },
      },
      multi,
      row: a.row as Int32Array,
      tagStart: a.tagStart as Int32Array,
      tags: a.tags as Int32Array,
      tagFacet: a.tagFacet as Uint8Array,
      tagOffset: header.tagOffset,
      titleKeys: a.titleKeys as Int32Array,
      names: header.names,
      builtAt: header.builtAt,
      buildMs: header.buildMs,
      readAt: header.readAt ?? header.builtAt,
      loadMs: performance.now() - started,
    };
  } catch {
    return null;
  }
}

/** Whether a file's header says it was made by this code, for this database and source. */
function madeFor(header: { builder: string; database: string; source: string }, identity: string, source: CatalogueSource): boolean {
  return header.builder === keptCode(source) && header.database === identity && header.source === source.name;
}

/** Where the words read ahead for the snapshot kept in `snapshotFile` are kept (beside it). */
export function wordsFile(snapshotFile: string): string {
  return snapshotFile.replace(/\.snapshot$/, '.words');
}

/** A read-ahead: the words read, and how many were asked for. */
export interface ReadAhead {
  /** The words read ahead, most frequent first. */
  words: string[];
  /** How many words were asked for (fewer were kept when the catalogue had no more). */
  limit: number;
}

/** Read-ahead kept on disk: the frequent words, and the atoms of single-lexeme words by lexeme. */
export interface KeptWords extends ReadAhead {
  /** The snapshot version the atoms were read for. */
  version: number;
  atoms: Map<string, Atom>;
}

interface WordsHeader {
  builder: string;
  database: string;
  source: string;
  version: number;
  words: string[];
  /** Absent in files kept before it was: as many as `words`. */
  limit?: number;
  /** Per atom: its lexeme, and whether it has masks and positions (arrays `i<n>`, `m<n>`, `s<n>`, `p<n>`). */
  atoms: { lexeme: string; masks: boolean; positions: boolean }[];
  arrays: Header['arrays'];
}

/**
 * Keeps what a finished read-ahead read (issue 25): the frequent words and the atoms of
 * `atoms` (single lexemes: their ids, field masks and positions), for the snapshot `version`,
 * so a restart with the catalogue unchanged starts with them cached instead of reading them
 * from PostgreSQL again (at a million titles, a minute of the database's time).
 */
export async function saveWords(file: string, identity: string, source: CatalogueSource, kept: KeptWords): Promise<void> {
  const arrays: Record<string, Typed> = {};
  const atoms: WordsHeader['atoms'] = [];
  for (const [lexeme, atom] of kept.atoms) {
    const n = atoms.push({ lexeme, masks: atom.masks !== null, positions: atom.positions !== null }) - 1;
    arrays[`i${n}`] = atom.ids;
    if (atom.masks) arrays[`m${n}`] = atom.masks;
    if (atom.positions) {
      arrays[`s${n}`] = atom.positions.start;
      arrays[`p${n}`] = atom.positions.at;
    }
  }
  await writeArrays(
    file,
    { builder: keptCode(source), database: identity, source: source.name, version: kept.version, words: kept.words, limit: kept.limit, atoms },
    arrays,
  );
}

/** The read-ahead kept in `file` for this database, source and code; null when there is none or it is damaged. */
export async function loadWords(file: string, identity: string, source: CatalogueSource): Promise<KeptWords | null> {
  try {
    const read = await readArrays<WordsHeader>(file);
    if (!read) return null;
    const { header, a } = read;
    if (!madeFor(header, identity, source)) return null;
    const atoms = new Map<string, Atom>();
    header.atoms.forEach(({ lexeme, masks, positions }, n) => {
      const ids = a[`i${n}`] as Int32Array;
      const m = masks ? (a[`m${n}`] as Uint8Array) : null;
      const p = positions ? { start: a[`s${n}`] as Int32Array, at: a[`p${n}`] as Uint16Array } : null;
      const bytes = ids.byteLength + (m?.byteLength ?? 0) + (p ? p.start.byteLength + p.at.byteLength : 0) + 64;
      atoms.set(lexeme, { ids, masks: m, positions: p, bytes });
    });
    return { version: header.version, words: header.words, limit: header.limit ?? header.words.length, atoms };
  } catch {
    return null;
  }
}

/** Where the posting lists kept with the snapshot in `snapshotFile` are (beside it). */
export function postingsFile(snapshotFile: string): string {
  return snapshotFile.replace(/\.snapshot$/, '.postings');
}

interface PostingsHeader {
  builder: string;
  postings: string;
  database: string;
  source: string;
  version: number;
  lexemes: string[];
  fresh: [number, string][];
  arrays: Header['arrays'];
}

/**
 * Keeps the posting lists (search.postings.ts, decision 0064) beside the snapshot: the base
 * segment's arrays and lexemes, the titles masked in it, the vectors read since, the row versions.
 */
export async function savePostings(file: string, identity: string, source: CatalogueSource, postings: Postings): Promise<void> {
  const { version, base, removed, fresh, stamp } = postings.parts();
  await writeArrays(
    file,
    { builder: keptCode(source), postings: POSTINGS_CODE, database: identity, source: source.name, version, lexemes: base.lexemes, fresh },
    { data: base.data, offset: base.offset, titles: base.titles, entries: base.entries, removed, stamp },
  );
}

/** The posting lists kept in `file` for this database, source and code; null when there are none or they are damaged. */
export async function loadPostings(file: string, identity: string, source: CatalogueSource): Promise<Postings | null> {
  try {
    const read = await readArrays<PostingsHeader>(file);
    if (!read) return null;
    const { header, a } = read;
    if (!madeFor(header, identity, source) || header.postings !== POSTINGS_CODE) return null;
    const base: Segment = {
      lexemes: header.lexemes,
      byLexeme: new Map(header.lexemes.map((lexeme, k) => [lexeme, k])),
      data: a.data as Uint8Array,
      offset: a.offset as Float64Array,
      titles: a.titles as Int32Array,
      entries: a.entries as Int32Array,
    };
    if (base.offset.length !== base.lexemes.length + 1 || base.offset[base.lexemes.length] !== base.data.length) return null;
    return new Postings({ version: header.version, base, removed: a.removed as Int32Array, fresh: header.fresh, stamp: a.stamp as Uint32Array });
  } catch {
    return null;
  }
}

/** Where the facets kept for the snapshot kept in `snapshotFile` are (beside it). */
export function facetsFile(snapshotFile: string): string {
  return snapshotFile.replace(/\.snapshot$/, '.facets');
}

/** The code that counts and carries facets: a file kept by other code is not loaded. */
const FACETS_CODE = createHash('sha256').update([Run, patchFacets].map(String).join('\n')).digest('hex').slice(0, 16);

interface FacetsHeader {
  builder: string;
  facets: string;
  database: string;
  source: string;
  version: number;
  /**
   * Per text: its key, its bounds, the facets with a reserve (arrays `r<n>.<facet>`); its counted
   * values are the arrays `k<n>`, `v<n>` and `c<n>` (PackedFacets' kinds, values and counts).
   */
  texts: {
    key: string;
    bounds?: Partial<Record<MultiFacet, Bound | null>>;
    reserve?: MultiFacet[];
  }[];
  arrays: Header['arrays'];
}

/**
 * Keeps the facets kept for the snapshot `version` (decision 0067): the broad searches' counted
 * ahead, and any searched since, so a restart starts with them (then carried by the patch that
 * brings it to the catalogue of now) instead of counting them again.
 */
export async function saveFacets(file: string, identity: string, source: CatalogueSource, version: number, kept: [string, KeptFacets][]): Promise<void> {
  const arrays: Record<string, Typed> = {};
  const texts: FacetsHeader['texts'] = kept.map(([key, { facets, bounds, reserve }], n) => {
    for (const [facet, array] of Object.entries(reserve ?? {})) arrays[`r${n}.${facet}`] = array;
    arrays[`k${n}`] = facets.kinds;
    arrays[`v${n}`] = facets.values;
    arrays[`c${n}`] = facets.all;
    return {
      key,
      ...(bounds ? { bounds } : {}),
      ...(reserve ? { reserve: Object.keys(reserve) as MultiFacet[] } : {}),
    };
  });
  await writeArrays(file, { builder: keptCode(source), facets: FACETS_CODE, database: identity, source: source.name, version, texts }, arrays);
}

/** The facets kept in `file` for this database, source and code; null when there are none or they are damaged. */
export async function loadFacets(file: string, identity: string, source: CatalogueSource): Promise<{ version: number; kept: [string, KeptFacets][] } | null> {
  try {
    const read = await readArrays<FacetsHeader>(file);
    if (!read) return null;
    const { header, a } = read;
    if (!madeFor(header, identity, source) || header.facets !== FACETS_CODE) return null;
    const kept = header.texts.map(({ key, bounds, reserve }, n): [string, KeptFacets] => {
      const facets = { kinds: a[`k${n}`] as Uint8Array, values: a[`v${n}`] as Int32Array, all: a[`c${n}`] as Int32Array };
      if (!(facets.kinds instanceof Uint8Array && facets.values instanceof Int32Array && facets.all instanceof Int32Array)) throw new Error('damaged');
      const reserved = reserve ? (Object.fromEntries(reserve.map((facet) => [facet, a[`r${n}.${facet}`] as Int32Array])) as Reserve) : undefined;
      return [key, { facets, ...(bounds ? { bounds } : {}), ...(reserved ? { reserve: reserved } : {}) }];
    });
    return { version: header.version, kept };
  } catch {
    return null;
  }
}
