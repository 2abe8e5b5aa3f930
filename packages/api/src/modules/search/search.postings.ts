import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, rowsByKey } from '../../db/client.js';
import type { Atom } from './search.atoms.js';
import { contains, EMPTY, type IdSet, idSet, union } from './id-sets.js';
import type { Snapshot } from './search.snapshot.js';
import { CATALOGUE, type CatalogueSource } from './search.source.js';

/*
 * Posting lists (issue 59, decision 0064): every lexeme of the plain search vectors with the
 * titles holding it and, per title, its positions and weights — what PostgreSQL's GIN index and
 * heap give for one word, kept in memory, compressed, so that a word's first search decodes its
 * list (tens of microseconds for a common word) instead of asking PostgreSQL for its rows
 * (tens to hundreds of milliseconds at a million titles).
 *
 * Built once from the table (Postings.read), kept on disk with the snapshot
 * (search.persist.ts), and patched when titles change: the titles whose row version differs
 * from the one the lists were read at are read again (their vectors only) into a small second
 * segment, the overlay, and the base segment's entries for them are masked (`removed`). Once
 * the overlay grows past OVERLAY_TITLES (or a share of the catalogue), the two are merged into a
 * new base, a little at a time, between searches.
 *
 * The layout of a lexeme's list, varints (7 bits a byte, low first): per title, ascending, the
 * gap from the previous title's id (the first: the id itself), the number of its entries, and
 * each entry's gap from the previous one; an entry is `position × 4 + weight` (A 3 … D 0), as
 * search.atoms.ts's Atom keeps them. A title whose vector has no positions (stripped) has no
 * entries: found under every weight, never in a phrase.
 */

/** One immutable set of lists: lexeme number → its bytes in `data`, titles and entries. */
export interface Segment {
  lexemes: string[];
  byLexeme: Map<string, number>;
  data: Uint8Array;
  /** Where each lexeme's bytes start in `data` (one more: where the last ends). */
  offset: Float64Array;
  /** Titles and position entries per lexeme: the sizes a decoded atom needs. */
  titles: Int32Array;
  entries: Int32Array;
}

const EMPTY_SEGMENT: Segment = {
  lexemes: [],
  byLexeme: new Map(),
  data: new Uint8Array(0),
  offset: new Float64Array(1),
  titles: new Int32Array(0),
  entries: new Int32Array(0),
};

/** Entries of one lexeme in one vector: `position × 4 + weight`, ascending (empty: no positions). */
type Entries = number[];

/**
 * Calls `each` for every lexeme of a tsvector as PostgreSQL prints it (`'de':2A,15 'x''y':3`):
 * the lexeme (quotes and backslashes undoubled) and its entries.
 */
export function parseVector(v: string, each: (lexeme: string, entries: Entries) => void): void {
  let i = 0;
  const n = v.length;
  while (i < n) {
    if (v.charCodeAt(i) !== 39) {
      i++;
      continue;
    }
    // The lexeme, up to the lone quote that closes it.
    let lexeme = '';
    let from = ++i;
    for (;;) {
      const c = v.charCodeAt(i);
      if (i >= n) break;
      if (c === 39 && v.charCodeAt(i + 1) === 39) {
        lexeme += v.slice(from, i + 1);
        i += 2;
        from = i;
      } else if (c === 92) {
        lexeme += v.slice(from, i) + v.charAt(i + 1);
        i += 2;
        from = i;
      } else if (c === 39) break;
      else i++;
    }
    lexeme += v.slice(from, i);
    i++;
    const entries: Entries = [];
    if (v.charCodeAt(i) === 58) {
      i++;
      let position = 0;
      for (; i <= n; i++) {
        const c = i < n ? v.charCodeAt(i) : 32;
        if (c >= 48 && c <= 57) position = position * 10 + (c - 48);
        else {
          // A weight letter ends an entry (D is not written); a comma or a space, one of weight D.
          const weight = c >= 65 && c <= 68 ? 68 - c : 0;
          entries.push(position * 4 + weight);
          position = 0;
          if (c >= 65 && c <= 68) i++;
          if (i >= n || v.charCodeAt(i) !== 44) break;
        }
      }
    }
    each(lexeme, entries);
  }
}

/** A growing byte array of varints. */
class Bytes {
  data: Uint8Array;
  length = 0;

  constructor(capacity = 16) {
    this.data = new Uint8Array(capacity);
  }

  /** Room for `bytes` more. */
  reserve(bytes: number) {
    if (this.length + bytes > this.data.length) {
      const grown = new Uint8Array(Math.max(this.data.length * 2, this.length + bytes, 16));
      grown.set(this.data.subarray(0, this.length));
      this.data = grown;
    }
  }

  varint(value: number) {
    this.reserve(5);
    while (value > 127) {
      this.data[this.length++] = (value & 127) | 128;
      value >>>= 7;
    }
    this.data[this.length++] = value;
  }
}

/** Writes a segment one lexeme after another (each lexeme's titles ascending). */
class SegmentWriter {
  private out = new Bytes(1 << 16);
  private lexemes: string[] = [];
  private offsets: number[] = [0];
  private titles: number[] = [];
  private entries: number[] = [];

  /** Appends a lexeme's list already encoded (`bytes`), of `titles` titles and `entries` entries. */
  append(lexeme: string, bytes: Uint8Array, titles: number, entries: number) {
    if (titles === 0) return;
    const out = this.out;
    if (out.length + bytes.length > out.data.length) {
      const grown = new Uint8Array(Math.max(out.data.length * 2, out.length + bytes.length));
      grown.set(out.data.subarray(0, out.length));
      out.data = grown;
    }
    out.data.set(bytes, out.length);
    out.length += bytes.length;
    this.lexemes.push(lexeme);
    this.offsets.push(out.length);
    this.titles.push(titles);
    this.entries.push(entries);
  }

  finish(): Segment {
    return {
      lexemes: this.lexemes,
      byLexeme: new Map(this.lexemes.map((lexeme, i) => [lexeme, i])),
      // Exactly its own size: the growing buffer is left behind.
      data: this.out.data.slice(0, this.out.length),
      offset: Float64Array.from(this.offsets),
      titles: Int32Array.from(this.titles),
      entries: Int32Array.from(this.entries),
    };
  }
}

/** Appends one title's posting to `list`: its id's gap, its weights' mask, and its entries (their byte length first). */
function writePosting(list: Bytes, gap: number, entries: ArrayLike<number>, from = 0, to = entries.length) {
  list.varint(gap);
  // No entries: a vector without positions, found under every weight.
  let mask = to === from ? 15 : 0;
  for (let j = from; j < to; j++) mask |= 1 << (entries[j]! & 3);
  list.varint(mask);
  const lengthAt = list.length;
  list.varint(0);
  let previous = 0;
  for (let j = from; j < to; j++) {
    list.varint(entries[j]! - previous);
    previous = entries[j]!;
  }
  const length = list.length - lengthAt - 1;
  if (length < 128) list.data[lengthAt] = length;
  else {
    // A title with more than a few dozen positions of one word: the length takes more than a byte.
    const entriesBytes = list.data.slice(lengthAt + 1, list.length);
    list.length = lengthAt;
    list.varint(length);
    list.reserve(entriesBytes.length);
    list.data.set(entriesBytes, list.length);
    list.length += entriesBytes.length;
  }
}

/** Builds a segment from titles' vectors, given in ascending id order. */
class SegmentBuilder {
  private index = new Map<string, number>();
  private lists: Bytes[] = [];
  private last: number[] = [];
  private titles: number[] = [];
  private entries: number[] = [];

  add(id: number, vector: string) {
    parseVector(vector, (lexeme, entries) => {
      let k = this.index.get(lexeme);
      if (k === undefined) {
        k = this.lists.push(new Bytes()) - 1;
        this.index.set(lexeme, k);
        this.last.push(0);
        this.titles.push(0);
        this.entries.push(0);
      }
      writePosting(this.lists[k]!, id - this.last[k]!, entries);
      this.last[k] = id;
      this.titles[k]!++;
      this.entries[k]! += entries.length;
    });
  }

  finish(): Segment {
    const writer = new SegmentWriter();
    for (const [lexeme, k] of this.index) {
      const list = this.lists[k]!;
      writer.append(lexeme, list.data.subarray(0, list.length), this.titles[k]!, this.entries[k]!);
    }
    return writer.finish();
  }
}

/** A lexeme's titles decoded (ascending) with each one's mask of weights. */
interface Listed {
  ids: Int32Array;
  masks: Uint8Array;
}

/** The same with each title's entries, `at[start[i]] … at[start[i + 1] - 1]`. */
interface Decoded extends Listed {
  start: Int32Array;
  at: Uint16Array;
}

/**
 * Decodes lexeme `k` of `segment`, its titles and masks only (each title's entries skipped by
 * their length), keeping only the titles `keep` says yes to.
 */
function decodeTitles(segment: Segment, k: number, keep: ((id: number) => boolean) | null): Listed {
  const data = segment.data;
  const titles = segment.titles[k]!;
  const ids = new Int32Array(titles);
  const masks = new Uint8Array(titles);
  let p = segment.offset[k]!;
  let id = 0;
  let n = 0;
  for (let t = 0; t < titles; t++) {
    // Varints read inline: a common word has tens of thousands of titles.
    let b = data[p++]!;
    let gap = b & 127;
    for (let shift = 7; b > 127; shift += 7) gap |= ((b = data[p++]!) & 127) << shift;
    id += gap;
    const mask = data[p++]!;
    b = data[p++]!;
    let length = b & 127;
    for (let shift = 7; b > 127; shift += 7) length |= ((b = data[p++]!) & 127) << shift;
    p += length;
    if (keep === null || keep(id)) {
      ids[n] = id;
      masks[n++] = mask;
    }
  }
  return n === titles ? { ids, masks } : { ids: ids.slice(0, n), masks: masks.slice(0, n) };
}

/** Decodes lexeme `k` of `segment` whole (titles, masks and entries), keeping only the titles `keep` says yes to. */
function decode(segment: Segment, k: number, keep: ((id: number) => boolean) | null): Decoded {
  const data = segment.data;
  const titles = segment.titles[k]!;
  const ids = new Int32Array(titles);
  const masks = new Uint8Array(titles);
  const start = new Int32Array(titles + 1);
  const at = new Uint16Array(segment.entries[k]!);
  let p = segment.offset[k]!;
  let id = 0;
  let n = 0;
  let e = 0;
  for (let t = 0; t < titles; t++) {
    let b = data[p++]!;
    let gap = b & 127;
    for (let shift = 7; b > 127; shift += 7) gap |= ((b = data[p++]!) & 127) << shift;
    id += gap;
    const mask = data[p++]!;
    b = data[p++]!;
    let length = b & 127;
    for (let shift = 7; b > 127; shift += 7) length |= ((b = data[p++]!) & 127) << shift;
    if (keep !== null && !keep(id)) {
      p += length;
      continue;
    }
    ids[n] = id;
    masks[n] = mask;
    start[n++] = e;
    const end = p + length;
    let entry = 0;
    while (p < end) {
      b = data[p++]!;
      let delta = b & 127;
      for (let shift = 7; b > 127; shift += 7) delta |= ((b = data[p++]!) & 127) << shift;
      entry += delta;
      at[e++] = entry;
    }
  }
  start[n] = e;
  if (n === titles) return { ids, masks, start, at };
  return { ids: ids.slice(0, n), masks: masks.slice(0, n), start: start.slice(0, n + 1), at: at.slice(0, e) };
}

/** Encodes a decoded list (the lexeme-major way a merge writes it). */
function encode(list: Decoded): Uint8Array {
  const out = new Bytes(list.ids.length * 4 + list.at.length * 2 + 16);
  let last = 0;
  for (let i = 0; i < list.ids.length; i++) {
    writePosting(out, list.ids[i]! - last, list.at, list.start[i]!, list.start[i + 1]!);
    last = list.ids[i]!;
  }
  return out.data.subarray(0, out.length);
}

/** Two lists of titles with no title in common, merged in id order. */
function mergeListed(a: Listed, b: Listed): Listed {
  if (b.ids.length === 0) return a;
  if (a.ids.length === 0) return b;
  const n = a.ids.length + b.ids.length;
  const ids = new Int32Array(n);
  const masks = new Uint8Array(n);
  let i = 0;
  let j = 0;
  for (let k = 0; k < n; k++) {
    if (j >= b.ids.length || (i < a.ids.length && a.ids[i]! < b.ids[j]!)) {
      ids[k] = a.ids[i]!;
      masks[k] = a.masks[i++]!;
    } else {
      ids[k] = b.ids[j]!;
      masks[k] = b.masks[j++]!;
    }
  }
  return { ids, masks };
}

/** Two decoded lists with no title in common, merged in id order. */
function mergeDecoded(a: Decoded, b: Decoded): Decoded {
  if (b.ids.length === 0) return a;
  if (a.ids.length === 0) return b;
  const n = a.ids.length + b.ids.length;
  const ids = new Int32Array(n);
  const masks = new Uint8Array(n);
  const start = new Int32Array(n + 1);
  const at = new Uint16Array(a.at.length + b.at.length);
  let i = 0;
  let j = 0;
  let e = 0;
  for (let k = 0; k < n; k++) {
    const fromA = j >= b.ids.length || (i < a.ids.length && a.ids[i]! < b.ids[j]!);
    const list = fromA ? a : b;
    const x = fromA ? i++ : j++;
    ids[k] = list.ids[x]!;
    masks[k] = list.masks[x]!;
    start[k] = e;
    at.set(list.at.subarray(list.start[x]!, list.start[x + 1]!), e);
    e += list.start[x + 1]! - list.start[x]!;
  }
  start[n] = e;
  return { ids, masks, start, at };
}

/**
 * A word's atom from the lists (search.atoms.ts): its titles and masks decoded at once, its
 * positions only when a phrase asks for them (most searches never do, and they are the larger part).
 */
class ListAtom implements Atom {
  private decoded: Atom['positions'] | undefined;

  constructor(
    readonly ids: Int32Array,
    readonly masks: Uint8Array,
    private readonly load: () => NonNullable<Atom['positions']>,
  ) {}

  get positions(): Atom['positions'] {
    return (this.decoded ??= this.load());
  }

  get bytes(): number {
    const positions = this.decoded ? this.decoded.start.byteLength + this.decoded.at.byteLength : 0;
    return this.ids.byteLength + this.masks.byteLength + positions + 64;
  }
}

const EMPTY_ATOM: Atom = { ids: EMPTY, masks: null, positions: null, bytes: 64 };

/** An overlay above this many titles (or OVERLAY_SHARE of the catalogue, if more) is merged into the base. */
const OVERLAY_TITLES = 20_000;
const OVERLAY_SHARE = 0.02;

/** Titles read per query when reading the whole table. */
const READ_BATCH = 20_000;

/** What a kept Postings is made of (search.persist.ts writes and reads it). */
export interface PostingsParts {
  version: number;
  base: Segment;
  removed: IdSet;
  fresh: [number, string][];
  stamp: Uint32Array;
}

/**
 * The posting lists of one catalogue source's plain search vectors, at the row versions in
 * `stamp` (0: a title not in them), matching the snapshot `version`.
 */
export class Postings {
  private base: Segment;
  /** Titles whose lists in `base` are out of date (changed or gone since), ascending. */
  private removed: IdSet;
  /** `removed` as bits by id (a list's decoding asks for each of its titles). */
  private removedBits: Uint32Array;
  /** The vectors of those titles as they are now (gone: absent), from which `overlay` is built. */
  private fresh: Map<number, string>;
  private overlay: Segment;
  private stamp: Uint32Array;
  /** The snapshot version the lists match. */
  version: number;

  constructor(parts: PostingsParts) {
    this.base = parts.base;
    this.removed = parts.removed;
    this.removedBits = bitsOf(parts.removed);
    this.fresh = new Map(parts.fresh);
    this.stamp = parts.stamp;
    this.version = parts.version;
    this.overlay = buildOverlay(this.fresh);
  }

  /** What a file keeps of it (search.persist.ts). */
  parts(): PostingsParts {
    // The row versions change in place as titles are patched: a copy, for a writer that takes its time.
    return { version: this.version, base: this.base, removed: this.removed, fresh: [...this.fresh], stamp: this.stamp.slice() };
  }

  /**
   * Reads the lists of every visible title of `source` in one repeatable-read transaction (a
   * batch of READ_BATCH titles at a time, by id), with each title's row version: `version` is
   * the catalogue's version read in the same transaction.
   */
  static async read(db: Db, source: CatalogueSource = CATALOGUE): Promise<Postings> {
    return db.transaction(
      async (tx) => {
        const txDb = tx as unknown as Db;
        // A read of the whole catalogue, not a call: no statement or idle timeout (as the snapshot's).
        await txDb.execute(sql`set local statement_timeout = 0`);
        await txDb.execute(sql`set local idle_in_transaction_session_timeout = 0`);
        const [row] = await queryRows<{ version: string | number }>(txDb, sql`select version from ${source.version}`);
        const builder = new SegmentBuilder();
        // Each title's row version by id, grown as ids come (ascending): a pair a title in an
        // array was half a gigabyte of objects at ten million titles.
        let stamps = new Uint32Array(1 << 16);
        let top = 0;
        const batches = rowsByKey<{ id: number; x: string; v: string | null }>(
          txDb,
          (after) => sql`select cod_acervo as id, xmin::text as x, search_vector::text as v from ${source.titles}
                where ${source.visible} and cod_acervo > ${after} order by cod_acervo limit ${READ_BATCH}`,
          (r) => r.id,
          READ_BATCH,
        );
        for await (const rows of batches) {
          for (const r of rows) {
            if (r.v) builder.add(r.id, r.v);
            if (r.id >= stamps.length) {
              const grown = new Uint32Array(Math.max(r.id + 1, stamps.length * 2));
              grown.set(stamps);
              stamps = grown;
            }
            stamps[r.id] = Number(r.x);
            top = Math.max(top, r.id);
          }
          // Between batches the event loop serves searches (they use the snapshot's fallback meanwhile).
          await new Promise((resolve) => setImmediate(resolve));
        }
        const stamp = stamps.slice(0, top + 1);
        return new Postings({ version: Number(row?.version ?? 0), base: builder.finish(), removed: EMPTY, fresh: [], stamp });
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /**
   * Brings the lists to `snapshot`: the titles whose row version differs from the one the lists
   * hold (new, changed, gone, hidden or shown) have their vectors read again, and only those.
   * Resolves to how many titles were read. An overlay of more than `mergeFrom` titles (by
   * default OVERLAY_TITLES or OVERLAY_SHARE of the catalogue, whichever is more) is merged into the base.
   */
  async patchTo(db: Db, snapshot: Snapshot, source: CatalogueSource = CATALOGUE, mergeFrom?: number): Promise<number> {
    const changed: number[] = [];
    const size = Math.max(this.stamp.length, snapshot.present.length);
    for (let id = 0; id < size; id++) {
      const held = (this.stamp[id] ?? 0) !== 0;
      const present = snapshot.present[id] === 1;
      if (held !== present || (present && this.stamp[id] !== snapshot.stamp[id])) changed.push(id);
    }
    if (changed.length === 0) {
      this.version = snapshot.version;
      return 0;
    }
    if (snapshot.present.length > this.stamp.length) {
      const grown = new Uint32Array(snapshot.present.length);
      grown.set(this.stamp);
      this.stamp = grown;
    }
    const read = new Map<number, { x: number; v: string | null }>();
    const wanted = changed.filter((id) => snapshot.present[id] === 1);
    for (let from = 0; from < wanted.length; from += READ_BATCH) {
      const batch = wanted.slice(from, from + READ_BATCH);
      const rows = await queryRows<{ id: number; x: string; v: string | null }>(
        db,
        sql`select cod_acervo as id, xmin::text as x, search_vector::text as v from ${source.titles}
            where ${source.visible} and cod_acervo = any(${`{${batch.join(',')}}`}::int[])`,
      );
      for (const r of rows) read.set(r.id, { x: Number(r.x), v: r.v });
    }
    for (const id of changed) {
      const row = read.get(id);
      // A title read as it is now (perhaps changed again since the snapshot: the next patch reads it once more).
      if (row) {
        this.stamp[id] = row.x;
        this.fresh.set(id, row.v ?? '');
      } else {
        this.stamp[id] = 0;
        this.fresh.delete(id);
      }
    }
    // What a search reads (the segments, the masked titles, the version) changes at once, after
    // a merge that lets searches of the previous snapshot run between its steps.
    const removed = union(this.removed, idSet(changed));
    if (this.fresh.size > (mergeFrom ?? Math.max(OVERLAY_TITLES, OVERLAY_SHARE * snapshot.all.length))) await this.compact(removed);
    else {
      this.overlay = buildOverlay(this.fresh);
      this.removed = removed;
      this.removedBits = bitsOf(removed);
    }
    this.version = snapshot.version;
    return wanted.length;
  }

  /**
   * Merges the vectors read since (`fresh`) into the base: every lexeme's list without the
   * `removed` titles, with theirs; a few thousand lexemes at a time, letting searches run between.
   */
  private async compact(removed: IdSet): Promise<void> {
    const overlay = buildOverlay(this.fresh);
    const keep = removed.length === 0 ? null : (id: number) => !contains(removed, id);
    const writer = new SegmentWriter();
    const { base } = this;
    for (let k = 0; k < base.lexemes.length; k++) {
      const lexeme = base.lexemes[k]!;
      const o = overlay.byLexeme.get(lexeme);
      const list = o === undefined ? decode(base, k, keep) : mergeDecoded(decode(base, k, keep), decode(overlay, o, null));
      writer.append(lexeme, encode(list), list.ids.length, list.at.length);
      if (k % 5000 === 4999) await new Promise((resolve) => setImmediate(resolve));
    }
    for (let o = 0; o < overlay.lexemes.length; o++) {
      const lexeme = overlay.lexemes[o]!;
      if (base.byLexeme.has(lexeme)) continue;
      const list = decode(overlay, o, null);
      writer.append(lexeme, encode(list), list.ids.length, list.at.length);
    }
    // Searches meanwhile read the old base with the old overlay: both replaced at once.
    this.base = writer.finish();
    this.removed = EMPTY;
    this.removedBits = bitsOf(EMPTY);
    this.fresh = new Map();
    this.overlay = EMPTY_SEGMENT;
  }

  /**
   * The atom of one lexeme (search.atoms.ts: ids, field masks, positions), of the titles present
   * in `snapshot`.
   */
  atom(lexeme: string, snapshot: Snapshot): Atom {
    const read = this.reader(lexeme, snapshot);
    if (!read) return EMPTY_ATOM;
    const { ids, masks } = read.titles();
    return ids.length === 0 ? EMPTY_ATOM : new ListAtom(ids, masks, read.positions);
  }

  /**
   * How `lexeme`'s titles and positions in `snapshot` are decoded, now or later, from the segments
   * of now (a merge replaces them, never changes them); null when no list holds it.
   */
  private reader(lexeme: string, snapshot: Snapshot): { titles: () => Listed; positions: () => NonNullable<Atom['positions']> } | null {
    const { base, overlay, removed, removedBits: bits } = this;
    const present = snapshot.present;
    const inSnapshot = (id: number) => present[id] === 1;
    const keep = removed.length === 0 ? inSnapshot : (id: number) => present[id] === 1 && (bits[id >>> 5]! & (1 << (id & 31))) === 0;
    const k = base.byLexeme.get(lexeme);
    const o = overlay.byLexeme.get(lexeme);
    if (k === undefined && o === undefined) return null;
    return {
      titles: () =>
        mergeListed(k === undefined ? EMPTY_LISTED : decodeTitles(base, k, keep), o === undefined ? EMPTY_LISTED : decodeTitles(overlay, o, inSnapshot)),
      positions: () => {
        const { start, at } = mergeDecoded(
          k === undefined ? EMPTY_DECODED : decode(base, k, keep),
          o === undefined ? EMPTY_DECODED : decode(overlay, o, inSnapshot),
        );
        return { start, at };
      },
    };
  }

  /**
   * `lexeme`'s atom in `snapshot` (these lists just patched to it) made from its atom `before`
   * (of the snapshot the patch began from) without decoding its whole list again: its titles less
   * those the patch changed (`changed`, marked by id), plus `come`, the changed titles present now
   * that hold it (with its fields in each: readSinceWith's, among those the patch brought).
   * Positions, when a phrase asks, are decoded from the lists as they are now: the same titles.
   */
  carried(lexeme: string, snapshot: Snapshot, before: Atom, changed: Uint8Array, come: { ids: IdSet; masks: Uint8Array }): Atom {
    const masks = before.masks ?? new Uint8Array(before.ids.length);
    const keptIds = new Int32Array(before.ids.length);
    const keptMasks = new Uint8Array(before.ids.length);
    let n = 0;
    for (let i = 0; i < before.ids.length; i++) {
      const id = before.ids[i]!;
      if (changed[id] === 1) continue;
      keptIds[n] = id;
      keptMasks[n++] = masks[i]!;
    }
    const { ids, masks: merged } = mergeListed({ ids: keptIds.subarray(0, n), masks: keptMasks.subarray(0, n) }, come);
    const read = this.reader(lexeme, snapshot);
    if (ids.length === 0 || !read) return EMPTY_ATOM;
    // Exactly their own size: a subarray would hold the whole buffer it was cut from.
    return new ListAtom(ids.slice(), merged.slice(), read.positions);
  }

  /** Whether the vectors of all of `ids` are those read since the last merge (in the overlay, not the base). */
  readSince(ids: IdSet): boolean {
    for (const id of ids) if (!this.fresh.has(id)) return false;
    return true;
  }

  /** The titles read since the last merge whose vectors hold `lexeme`, with its fields in each (its list in the overlay alone). */
  readSinceWith(lexeme: string): { ids: IdSet; masks: Uint8Array } {
    const o = this.overlay.byLexeme.get(lexeme);
    return o === undefined ? { ids: EMPTY, masks: new Uint8Array(0) } : decodeTitles(this.overlay, o, null);
  }

  /**
   * The lexemes in the most titles (at least `minTitles`), most first, only those a patron can
   * type (letters and digits): what `frequentWords` asks PostgreSQL's ts_stat, from the lists.
   */
  frequent(minTitles: number, limit: number): string[] {
    const { base } = this;
    const found: number[] = [];
    for (let k = 0; k < base.lexemes.length; k++) if (base.titles[k]! >= minTitles && /^[\p{L}\p{N}]+$/u.test(base.lexemes[k]!)) found.push(k);
    found.sort((a, b) => base.titles[b]! - base.titles[a]! || (base.lexemes[a]! < base.lexemes[b]! ? -1 : 1));
    return found.slice(0, limit).map((k) => base.lexemes[k]!);
  }

  /** Memory the lists take (their arrays; the lexemes' strings reckoned at 40 bytes each). */
  get bytes(): number {
    const of = (s: Segment) => s.data.byteLength + s.offset.byteLength + s.titles.byteLength + s.entries.byteLength + 40 * s.lexemes.length;
    let fresh = 0;
    for (const v of this.fresh.values()) fresh += 2 * v.length + 32;
    return of(this.base) + of(this.overlay) + this.removed.byteLength + this.removedBits.byteLength + this.stamp.byteLength + fresh;
  }

  /** Figures for logs and the benchmark. */
  stats() {
    return { lexemes: this.base.lexemes.length, overlayTitles: this.fresh.size, removed: this.removed.length, bytes: this.bytes };
  }
}

const EMPTY_LISTED: Listed = { ids: new Int32Array(0), masks: new Uint8Array(0) };
const EMPTY_DECODED: Decoded = { ...EMPTY_LISTED, start: new Int32Array(1), at: new Uint16Array(0) };

function buildOverlay(fresh: Map<number, string>): Segment {
  if (fresh.size === 0) return EMPTY_SEGMENT;
  const builder = new SegmentBuilder();
  for (const id of [...fresh.keys()].sort((a, b) => a - b)) builder.add(id, fresh.get(id)!);
  return builder.finish();
}

/** Names the code that builds and encodes posting lists: a file kept by other code is not loaded. */
export const POSTINGS_CODE = createHash('sha256')
  .update([parseVector, Bytes, writePosting, SegmentWriter, SegmentBuilder, decodeTitles, decode, encode, Postings].map(String).join('\n'))
  .digest('hex')
  .slice(0, 16);

/** The ids of `ids` as bits (bit `id & 31` of word `id >>> 5`), up to the highest. */
function bitsOf(ids: IdSet): Uint32Array {
  const bits = new Uint32Array(ids.length === 0 ? 0 : (ids[ids.length - 1]! >>> 5) + 1);
  for (const id of ids) bits[id >>> 5]! |= 1 << (id & 31);
  return bits;
}
