import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, rowsByKey } from '../../db/client.js';
import { ADDITIONAL_DATA, type AdditionalData, ADDITIONAL_DATA_SEPARATOR } from '../../marc/derive.js';
import type { IdSet } from './id-sets.js';
import { type FacetCodes, facetCodes } from './search.codes.js';
import type { NameList } from './search.names.js';
import { MULTI_FACETS, type MultiFacet } from './search.config.js';
import { knowledgeAreas, languageNames, workTypes } from './search.queries.js';
import { CATALOGUE, type CatalogueSource, type CodedRows, idRange } from './search.source.js';

/** Bits of `flags`: the X facet's options. */
export const FLAG = { C: 1, O: 2, A: 4 } as const;

/**
 * The values of a facet whose titles can carry several (libraries, authors, subjects,
 * publishers, courses): value number → the code a filter names it by and its display name.
 */
export interface MultiValued {
  /** Both ways: value number → code (`at`), code → value number (`get`). */
  codes: FacetCodes;
  /** Value number → name: an array of strings after a full read, packed once loaded from a file (search.names.ts). */
  names: NameList;
}

/** A multi-valued facet while the snapshot is built: title id → `values[start[id]] … values[start[id + 1] - 1]`. */
interface MultiBuilt {
  codes: string[];
  names: string[];
  start: Int32Array;
  values: Int32Array;
}

/** title: by title key; author: by author, then title; newest: by acquisition, newest first. */
export type OrderName = 'title' | 'author' | 'newest';

/** How many leading words of a title key are hashed, and the slots per title (plus the whole key). */
export const TITLE_KEY_WORDS = 4;
export const TITLE_KEY_SLOTS = TITLE_KEY_WORDS + 1;

/** 32-bit FNV-1a of a key: equal keys, equal hashes; unequal ones collide once in 4 billion. */
export function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h | 0;
}

function hashTitleKey(into: Int32Array, id: number, key: string) {
  const words = key.split(' ');
  const at = id * TITLE_KEY_SLOTS;
  for (let n = 1; n <= TITLE_KEY_WORDS; n++) into[at + n - 1] = keyHash(words.slice(0, n).join(' '));
  into[at + TITLE_KEY_WORDS] = keyHash(key);
}

export const TAG_FACET_SHIFT = 27;
export const TAG_VALUE = (1 << TAG_FACET_SHIFT) - 1;

export { MULTI_FACETS, type MultiFacet };

export function isMultiFacet(facet: string): facet is MultiFacet {
  return (MULTI_FACETS as readonly string[]).includes(facet);
}

/**
 * What search needs of every title, in arrays indexed by cod_acervo, read from the database
 * in one consistent transaction: facet values, sort positions and creation time. Built from
 * `catalog_version` number `version`; any change to titles, to which library holds them, to
 * teaching plans or to the facet name tables moves that number, and the index builds a new
 * snapshot (decision 0007).
 */
export interface Snapshot {
  version: number;
  /** All titles, ascending. */
  all: IdSet;
  present: Uint8Array;
  /** Each title's row version (xmin): a change between two snapshots shows which titles changed. */
  stamp: Uint32Array;
  /** Language codes; a title's language is an index into this + 1 (0: unknown). */
  languages: string[];
  created: Float64Array;
  /** Sort orders: a title's position in each, and the titles in that order. */
  order: Record<OrderName, { rank: Int32Array; ids: Int32Array }>;
  multi: Record<MultiFacet, MultiValued>;
  /**
   * The facet values, packed for the facet loop, which visits every matched title: per title
   * two ints, `[type | flags << 8 | language << 11, (year + 1) | area << 12]` (year + 1 = 0:
   * unknown; read them with the `rowOf` helpers), and every multi-valued facet value of a title
   * side by side, numbered `tagOffset[facet] + value`, with `tagFacet` telling which facet (index
   * in MULTI_FACETS) a number belongs to; in `tags` that index also sits in the top bits
   * (`tag >>> TAG_FACET_SHIFT`, number `tag & TAG_VALUE`). Reading one title touches a few
   * cache lines instead of one per column.
   */
  row: Int32Array;
  tagStart: Int32Array;
  tags: Int32Array;
  tagFacet: Uint8Array;
  tagOffset: Record<MultiFacet, number>;
  /**
   * Per title TITLE_KEY_SLOTS hashes of its key (title_fold): of its first 1…TITLE_KEY_WORDS
   * words, then of the whole key. Relevance puts exact titles and titles starting with the
   * term first by comparing these with the term's, in memory (keyHash).
   */
  titleKeys: Int32Array;
  /** Reference data that names facet values: work types, languages, knowledge areas. */
  names: {
    workTypes: { cod_tipo_obra: number; desc_tipo_obra: string }[];
    languages: { codigo: string; nome_pt: string; nome_en: string; nome_es: string }[];
    areas: { cod_area_conhecimento: number; descricao: string }[];
  };
  /** Facet counters sized for this snapshot, made by the first search and reused (search.index.ts). */
  counters?: unknown;
  /** One mark per title, all zero between searches: a search's ranked page reads them (search.run.ts). */
  marks?: Uint8Array;
  /** Scratch arrays a search fills and reads before it awaits anything, grown as needed and reused (search.run.ts). */
  scratch?: { masks: Int32Array; a: Int32Array; b: Int32Array };
  /** When the snapshot was read and how long it took (ms), for logs and the benchmark. */
  builtAt: number;
  buildMs: number;
  /**
   * When the catalogue was last read whole for this snapshot or the one it was patched from: a
   * patch names a new value by its first spelling and keeps values no title carries any more,
   * until the next full read (decision 0065; the index reads whole again after REFRESH_EVERY_MS).
   */
  readAt: number;
  /** How long loading it from disk took (ms), when it was (search.persist.ts). */
  loadMs?: number;
  /** When it was patched from the previous one (search.patch.ts): how long that took (ms) and how many titles it read. */
  patchMs?: number;
  changedTitles?: number;
  /**
   * When it was patched: the snapshot it was made from (its value numbers kept) and the titles
   * the change log named (copies moved included), sorted: what a search's kept facets are
   * carried over by (search.facet-patch.ts).
   */
  patch?: { from: WeakRef<Snapshot>; titles: Int32Array };
}

export async function readVersion(db: Db, source: CatalogueSource = CATALOGUE): Promise<number> {
  const rows = await queryRows<{ version: string | number }>(db, sql`select version from ${source.version}`);
  return Number(rows[0]?.version ?? 0);
}

export interface TitleColumns {
  id: number;
  x: string | number;
  t: number;
  y: number;
  i: string | null;
  f: number;
  k: number;
  c: number;
  key: string | null;
  author: string | null;
  added_authors: string[];
  subjects: string[];
  publisher: string | null;
  extra: string[] | null;
}

/** The columns a snapshot reads of each title, of `source`'s visible titles matching `where`. */
export function titleColumns(source: CatalogueSource, where: SQL): SQL {
  return sql`select cod_acervo as id, xmin::text as x, cod_tipo_obra as t, coalesce(ano_publicacao, -1) as y, idioma as i,
                    (case when link_capa is not null then 1 else 0 end + case when acesso_remoto then 2 else 0 end
                     + case when possui_acessibilidade then 4 else 0 end) as f,
                    coalesce(cod_area_conhecimento, 0) as k,
                    (extract(epoch from created_at) * 1000)::float8 as c,
                    title_fold as key, author, added_authors, subjects, publisher, dados_adicionais as extra
             from ${source.titles} where ${source.visible} and ${where}`;
}

/**
 * The sort orders' keys, column by column, of a title aliased `t`: the full read orders by them,
 * and a patch finds a changed title's neighbour by comparing them as a row (search.patch.ts),
 * through the indexes of migration 0055 built on exactly these expressions.
 */
export const ORDER_KEYS: Record<OrderName, { columns: (t: string) => string[]; descending: boolean }> = {
  // A title's initial article is skipped (245 ind. 2, migration 0050: "A educação" under E).
  title: { columns: (t) => [`coalesce(${t}.title_sort, ${t}.title_fold, '')`, `${t}.cod_acervo`], descending: false },
  // Titles without an author last (author is null: false before true).
  author: {
    columns: (t) => [`${t}.author is null`, `coalesce(estante_fold(${t}.author), '')`, `coalesce(${t}.title_sort, ${t}.title_fold, '')`, `${t}.cod_acervo`],
    descending: false,
  },
  newest: { columns: (t) => [`${t}.created_at`, `${t}.cod_acervo`], descending: true },
};

/** `order by` of one sort order, for titles aliased `t`. */
export function orderClause(order: OrderName, t = 't', reverse = false): SQL {
  const { columns, descending } = ORDER_KEYS[order];
  const direction = descending !== reverse ? ' desc' : '';
  return sql.raw(
    columns(t)
      .map((c) => `${c}${direction}`)
      .join(', '),
  );
}

/** Where a snapshot's arrays take one title's row (readSnapshot, and a patch's changed titles). */
export interface TitleSink {
  present: Uint8Array;
  stamp: Uint32Array;
  created: Float64Array;
  row: Int32Array;
  titleKeys: Int32Array;
  languages: string[];
  languageIndex: Map<string, number>;
  headings: Record<'A' | 'S' | 'E' | AdditionalData, { add(title: number, name: string): void }>;
}

/** Puts one title's columns into `into` (its arrays already zero for it). */
export function takeTitle(r: TitleColumns, into: TitleSink) {
  into.present[r.id] = 1;
  into.stamp[r.id] = Number(r.x);
  let language = 0;
  if (r.i) {
    let index = into.languageIndex.get(r.i);
    if (index === undefined) into.languageIndex.set(r.i, (index = into.languages.push(r.i)));
    language = index;
  }
  into.row[2 * r.id] = (r.t & 0xff) | (r.f << 8) | ((language & 0xffff) << 11);
  into.row[2 * r.id + 1] = (r.y + 1) | ((r.k & 0xffff) << 12);
  into.created[r.id] = r.c;
  if (r.key) hashTitleKey(into.titleKeys, r.id, r.key);
  const { A, S, E } = into.headings;
  if (r.author) A.add(r.id, r.author);
  for (const a of r.added_authors) A.add(r.id, a);
  for (const subject of r.subjects) S.add(r.id, subject);
  if (r.publisher) E.add(r.id, r.publisher);
  for (const entry of r.extra ?? []) {
    const letter = entry[0] as AdditionalData;
    if (ADDITIONAL_DATA.includes(letter) && entry[1] === ADDITIONAL_DATA_SEPARATOR) into.headings[letter].add(r.id, entry.slice(2));
  }
}

/** The small tables that name facet values (work types, languages, knowledge areas), read whole. */
export async function readNames(db: Db): Promise<Snapshot['names']> {
  return { workTypes: await workTypes(db), languages: await languageNames(db), areas: await knowledgeAreas(db) };
}

/** Title ids per query of a coded facet's full read. */
const CODED_RANGE = 250_000;

/**
 * The titles of each value of a coded facet (libraries, courses, partners: `query` gives (id,
 * `column`, name) rows) with ids below `size`, `range` ids a query and a value at a time:
 * its titles in one string, not a row a title (a million titles' holdings were 260 MB of rows at
 * once). By ranges, each query's distinct holdings are a few hundred thousand rows hashed in
 * memory through the copies' index on the title; over the whole catalogue at once they spilled
 * to disk and took over 20 minutes at ten million titles (bench/README.md).
 */
async function readCoded(
  db: Db,
  query: CodedRows | null,
  column: 'b' | 'c' | 'z',
  size: number,
  range: number,
  add: (id: number, name: string, code: string) => void,
): Promise<void> {
  if (!query) return;
  for (let first = 0; first < size; first += range) {
    const values = await queryRows<{ code: number; name: string; ids: string }>(
      db,
      sql`select h.${sql.raw(column)} as code, h.name, string_agg(h.id::text, ',') as ids
          from (${query(idRange(first, Math.min(size, first + range)))}) h group by 1, 2`,
    );
    for (const { code, name, ids } of values) {
      const c = String(code);
      let from = 0;
      while (from < ids.length) {
        const comma = ids.indexOf(',', from);
        const to = comma < 0 ? ids.length : comma;
        add(Number(ids.slice(from, to)), name, c);
        from = to + 1;
      }
    }
  }
}

/** How a full read goes (readSnapshot). */
export interface ReadOptions {
  /** Titles a query (and ids a fetch of the orders). */
  batch?: number;
  /** Title ids a query of the coded facets. */
  codedRange?: number;
  /**
   * Read the sort orders on a second connection of `db` (a PostgreSQL pool of two or more) in the
   * read's own snapshot (pg_export_snapshot), beside the titles; else after them, on the read's.
   */
  ordersBeside?: boolean;
}

/** The sort orders of a snapshot, each as its titles in order and each title's place. */
type Orders = Record<OrderName, { rank: Int32Array; ids: Int32Array }>;

/**
 * The three sort orders of the visible titles (ids below `size`), each through a cursor, `batch`
 * ids a fetch: the whole order's rows at once were ten million objects (the read's peak) at ten
 * million titles. Planned for all its rows, as a query is: for a cursor's first rows the planner
 * walks the order's index, visiting the heap in title order (12.4 s against 3.7 s sorted at two
 * million titles, cache warm).
 */
async function readOrders(tx: Db, source: CatalogueSource, size: number, batch: number): Promise<Orders> {
  await tx.execute(sql`set local cursor_tuple_fraction = 1`);
  const orderBy = async (order: OrderName) => {
    let ordered = new Int32Array(size);
    let n = 0;
    await tx.execute(
      sql`declare ordered no scroll cursor for select t.cod_acervo as id from ${source.titles} t where ${source.visible} order by ${orderClause(order)}`,
    );
    for (;;) {
      const rows = await queryRows<{ id: number }>(tx, sql`fetch ${sql.raw(String(batch))} from ordered`);
      if (n + rows.length > size) throw new Error(`the ${order} order lists more titles than ids below ${size}`);
      for (const r of rows) ordered[n++] = r.id;
      if (rows.length < batch) break;
    }
    await tx.execute(sql`close ordered`);
    if (n < size) ordered = ordered.slice(0, n);
    return rankOf(size, ordered);
  };
  return { title: await orderBy('title'), author: await orderBy('author'), newest: await orderBy('newest') };
}

/** readOrders in a transaction of its own on `db`, in the snapshot another exported (`exported`: pg_export_snapshot's name). */
export function readOrdersIn(db: Db, exported: string, source: CatalogueSource, size: number, batch: number): Promise<Orders> {
  // A snapshot's name is hexadecimal digits and dashes; SET TRANSACTION SNAPSHOT takes no parameter.
  if (!/^[0-9A-F-]+$/i.test(exported)) return Promise.reject(new Error(`not a snapshot's name: ${exported}`));
  return db.transaction(
    async (tx) => {
      const txDb = tx as unknown as Db;
      // First in the transaction, as PostgreSQL requires.
      await txDb.execute(sql.raw(`set transaction snapshot '${exported}'`));
      await txDb.execute(sql`set local statement_timeout = 0`);
      await txDb.execute(sql`set local idle_in_transaction_session_timeout = 0`);
      return readOrders(txDb, source, size, batch);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Titles read per query by a full read. */
const READ_BATCH = 20_000;

/** Reads a snapshot of the catalogue in one repeatable-read transaction's snapshot (`options`: how). */
export async function readSnapshot(db: Db, source: CatalogueSource = CATALOGUE, options: ReadOptions = {}): Promise<Snapshot> {
  const batch = Math.max(1, Math.floor(options.batch ?? READ_BATCH));
  const range = Math.max(1, Math.floor(options.codedRange ?? CODED_RANGE));
  const started = performance.now();
  return db.transaction(
    async (tx) => {
      const txDb = tx as unknown as Db;
      // A read of the whole catalogue, not a call: past a million titles its first query alone
      // outlasts the calls' 30-second statement timeout (at two million, beside the posting
      // lists' read, the server failed to start on it), and taking in its rows can outlast the
      // minute a transaction may sit idle between two queries.
      await txDb.execute(sql`set local statement_timeout = 0`);
      await txDb.execute(sql`set local idle_in_transaction_session_timeout = 0`);
      const version = await readVersion(txDb, source);
      // One past the highest visible id (1 for an empty catalogue): the arrays' size.
      const [top] = await queryRows<{ size: number | string }>(
        txDb,
        sql`select coalesce(max(cod_acervo), 0) + 1 as size from ${source.titles} where ${source.visible}`,
      );
      const size = Number(top!.size);
      // The sort orders on a connection of their own, in this transaction's snapshot, while the
      // titles are taken in here: PostgreSQL sorts on one core as this process parses on the other.
      let beside: Promise<Orders> | null = null;
      if (options.ordersBeside) {
        const [exported] = await queryRows<{ snapshot: string }>(txDb, sql`select pg_export_snapshot() as snapshot`);
        beside = readOrdersIn(db, exported!.snapshot, source, size, batch);
        // Awaited below; a read that fails first must not leave it rejected unheard.
        beside.catch(() => undefined);
      }
      const headings = {
        A: new Builder(size),
        S: new Builder(size),
        E: new Builder(size),
        ...(Object.fromEntries(ADDITIONAL_DATA.map((letter) => [letter, new Builder(size)])) as Record<AdditionalData, Builder>),
      };
      const s: TitleSink & { version: number } = {
        version,
        present: new Uint8Array(size),
        stamp: new Uint32Array(size),
        created: new Float64Array(size),
        row: new Int32Array(size * 2),
        titleKeys: new Int32Array(size * TITLE_KEY_SLOTS),
        languages: [],
        languageIndex: new Map(),
        headings,
      };
      // A batch of titles at a time, by id: all of them at once (a peak of 1.7 GB resident at a
      // million titles) would bound the catalogue by the memory of the read.
      const ids = new Int32Array(size);
      let count = 0;
      const batches = rowsByKey<TitleColumns>(
        txDb,
        (after) => sql`select * from (${titleColumns(source, sql`cod_acervo > ${after}`)}) r order by id limit ${batch}`,
        (r) => r.id,
        batch,
      );
      for await (const rows of batches) {
        for (const r of rows) {
          takeTitle(r, s);
          ids[count++] = r.id;
        }
      }
      const all = ids.slice(0, count);
      const order = await (beside ?? readOrders(txDb, source, size, batch));
      // The same snapshot as the titles read: as many, unless the read is wrong.
      for (const [name, { ids: ordered }] of Object.entries(order))
        if (ordered.length !== count) throw new Error(`the ${name} order lists ${ordered.length} titles, the read ${count}`);
      const libraries = new Builder(size, (name) => name);
      await readCoded(txDb, source.libraries, 'b', size, range, (id, name, code) => libraries.add(id, name, code));
      const coursesOf = new Builder(size, (name) => name);
      await readCoded(txDb, source.courses, 'c', size, range, (id, name, code) => coursesOf.add(id, name, code));
      const institutions = new Builder(size, (name) => name);
      await readCoded(txDb, source.institutions, 'z', size, range, (id, name, code) => institutions.add(id, name, code));
      const built = {
        B: libraries.build(),
        A: headings.A.build(),
        S: headings.S.build(),
        E: headings.E.build(),
        NA_C: coursesOf.build(),
        Z: institutions.build(),
        ...(Object.fromEntries(ADDITIONAL_DATA.map((letter) => [letter, headings[letter].build()])) as Record<AdditionalData, MultiBuilt>),
      };
      const multi = Object.fromEntries(
        MULTI_FACETS.map((f): [MultiFacet, MultiValued] => {
          // The builder's strings and map are dropped: the codes kept as numbers (search.codes.ts).
          const codes = facetCodes(built[f].codes);
          return [f, { codes, names: built[f].names }];
        }),
      ) as Record<MultiFacet, MultiValued>;
      const names = await readNames(txDb);
      // Read whole when made: one instant for both (a patch keeps readAt, so builtAt > readAt tells a patched snapshot).
      const readAt = Date.now();
      return {
        version,
        present: s.present,
        stamp: s.stamp,
        created: s.created,
        languages: s.languages,
        row: s.row,
        all,
        order,
        multi,
        names,
        titleKeys: s.titleKeys,
        ...pack(size, built),
        builtAt: readAt,
        buildMs: performance.now() - started,
        readAt,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A title's publication year from its packed row, -1 when unknown. */
export function yearOf(row: Int32Array, id: number): number {
  return (row[2 * id + 1]! & 4095) - 1;
}

function pack(size: number, multi: Record<MultiFacet, MultiBuilt>): Pick<Snapshot, 'tagStart' | 'tags' | 'tagFacet' | 'tagOffset'> {
  const tagOffset = {} as Record<MultiFacet, number>;
  let values = 0;
  let offset = 0;
  for (const facet of MULTI_FACETS) {
    tagOffset[facet] = offset;
    offset += multi[facet].codes.length;
    values += multi[facet].values.length;
  }
  const tagFacet = new Uint8Array(offset);
  MULTI_FACETS.forEach((facet, index) => tagFacet.fill(index, tagOffset[facet], tagOffset[facet] + multi[facet].codes.length));
  const tagStart = new Int32Array(size + 1);
  const tags = new Int32Array(values);
  let n = 0;
  for (let id = 0; id < size; id++) {
    tagStart[id] = n;
    MULTI_FACETS.forEach((facet, index) => {
      const { start, values: v } = multi[facet];
      for (let k = start[id]!; k < start[id + 1]!; k++) tags[n++] = (index << TAG_FACET_SHIFT) | (tagOffset[facet] + v[k]!);
    });
  }
  tagStart[size] = n;
  return { tagStart, tags, tagFacet, tagOffset };
}

export function rankOf(size: number, ids: Int32Array): { rank: Int32Array; ids: Int32Array } {
  const rank = new Int32Array(size);
  ids.forEach((id, position) => (rank[id] = position));
  return { rank, ids };
}

/** Folds a heading the way patrons see two headings as one: case, accents and punctuation. */
export function headingKey(heading: string): string {
  return heading
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A heading's facet code: a 48-bit FNV-1a hash of its key in base 36, stable across restarts
 * and snapshots, so a filter in a shared link keeps meaning the same heading.
 */
export function headingCode(key: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x050c5d1f;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h2 >>> 15);
  }
  return ((h1 >>> 0) * 0x10000 + ((h2 >>> 0) & 0xffff)).toString(36);
}

/**
 * A growing list of 32-bit integers: a facet's (title, value) pairs, ten million at a million
 * titles, in 4 bytes each instead of an array's 8 (and its copies as it grows).
 */
class IntList {
  private items = new Int32Array(1024);
  length = 0;

  push(n: number) {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = n;
  }

  at(i: number): number {
    return this.items[i]!;
  }
}

/** Spellings a Builder keeps the value of (Builder.byName). */
const NAMES_KEPT = 1 << 19;

/** Collects (title, heading) pairs and packs them into a MultiValued facet. */
class Builder {
  private titles = new IntList();
  private values = new IntList();
  private codes: string[] = [];
  private names: string[] = [];
  private byCode = new Map<string, number>();
  /**
   * The value of a heading as spelled (untrimmed), for headings given without a code: most
   * repeat, and folding and hashing each again was a third of a full read's time. Emptied when it
   * reaches NAMES_KEPT spellings, so that it never holds more than a bounded share of the read.
   */
  private byName = new Map<string, number>();
  /** The first (lowest) title carrying each value: its spelling names the value, whatever order the rows come in. */
  private first: number[] = [];
  /** Where the current title's pairs begin, to drop a heading it repeats (author also added). */
  private current = -1;
  private currentFrom = 0;

  constructor(
    private size: number,
    private key: (name: string) => string = headingKey,
  ) {}

  add(title: number, name: string, code?: string) {
    let value = code === undefined ? this.byName.get(name) : undefined;
    if (value === undefined) {
      const trimmed = name.trim();
      if (!trimmed) return;
      const c = code ?? headingCode(this.key(trimmed));
      value = this.byCode.get(c);
      if (value === undefined) {
        value = this.codes.push(c) - 1;
        this.names.push(trimmed);
        this.first.push(title);
        this.byCode.set(c, value);
      } else if (title < this.first[value]!) {
        this.first[value] = title;
        this.names[value] = trimmed;
      }
      if (code === undefined) {
        if (this.byName.size >= NAMES_KEPT) this.byName.clear();
        this.byName.set(name, value);
      }
    } else if (title < this.first[value]!) {
      this.first[value] = title;
      this.names[value] = name.trim();
    }
    if (title !== this.current) {
      this.current = title;
      this.currentFrom = this.values.length;
    }
    for (let i = this.currentFrom; i < this.values.length; i++) if (this.values.at(i) === value) return;
    this.titles.push(title);
    this.values.push(value);
  }

  /**
   * Packs the pairs per title. Values are renumbered most frequent first, so the counters of
   * the values most titles carry sit together in memory and stay in the processor's cache
   * while a search counts them; ties by their first title (a facet's ties show lower numbers
   * first), so the numbers do not depend on the order the database returned the rows in.
   */
  build(): MultiBuilt {
    const frequency = new Int32Array(this.codes.length);
    for (let i = 0; i < this.values.length; i++) frequency[this.values.at(i)]!++;
    const first = this.first;
    const codes0 = this.codes;
    const byFrequency = Array.from(frequency.keys()).sort(
      (a, b) => frequency[b]! - frequency[a]! || first[a]! - first[b]! || (codes0[a]! < codes0[b]! ? -1 : codes0[a]! > codes0[b]! ? 1 : 0),
    );
    const renumber = new Int32Array(this.codes.length);
    byFrequency.forEach((old, position) => (renumber[old] = position));
    const codes = byFrequency.map((old) => this.codes[old]!);
    const names = byFrequency.map((old) => this.names[old]!);
    const start = new Int32Array(this.size + 1);
    for (let i = 0; i < this.titles.length; i++) start[this.titles.at(i) + 1]!++;
    for (let i = 0; i < this.size; i++) start[i + 1]! += start[i]!;
    const fill = start.slice(0, this.size);
    const values = new Int32Array(this.values.length);
    for (let i = 0; i < this.titles.length; i++) values[fill[this.titles.at(i)]!++] = renumber[this.values.at(i)]!;
    return { start, values, codes, names };
  }
}

/**
 * Names the code that builds a snapshot (its functions' source): a snapshot kept on disk by
 * other code is not loaded (search.persist.ts).
 */
export const SNAPSHOT_CODE = createHash('sha256')
  .update(
    [
      readSnapshot,
      readOrders,
      readOrdersIn,
      titleColumns,
      takeTitle,
      orderClause,
      ...Object.values(ORDER_KEYS).map((o) => o.columns),
      pack,
      rankOf,
      hashTitleKey,
      keyHash,
      headingKey,
      headingCode,
      Builder,
      IntList,
      readCoded,
      workTypes,
      languageNames,
      knowledgeAreas,
    ]
      .map(String)
      .join('\n'),
  )
  .update(MULTI_FACETS.join(','))
  .digest('hex')
  .slice(0, 16);
