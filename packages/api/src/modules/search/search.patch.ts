import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { ADDITIONAL_DATA, type AdditionalData } from '../../marc/derive.js';
import { codeArray, type FacetCodes, facetCodes } from './search.codes.js';
import { type NameList, namesWith, packNames } from './search.names.js';
import {
  headingCode,
  headingKey,
  MULTI_FACETS,
  type MultiFacet,
  type MultiValued,
  orderClause,
  ORDER_KEYS,
  type OrderName,
  rankOf,
  readNames,
  readVersion,
  type Snapshot,
  TAG_FACET_SHIFT,
  takeTitle,
  TITLE_KEY_SLOTS,
  type TitleColumns,
  titleColumns,
  type TitleSink,
} from './search.snapshot.js';
import { CATALOGUE, type CatalogueSource, type CodedRows, idsIn } from './search.source.js';

/**
 * Incremental snapshots (issue 59, decision 0065). The catalogue's change log (search_changes,
 * migration 0055) names the titles every version touched; `patchSnapshot` makes the snapshot of
 * the version now from `previous` by reading just those titles again: their columns, holdings,
 * courses and partners, and their neighbours in each sort order. The rest is copied from
 * `previous`. Null when it cannot: a change that needs everything read (a table naming facet
 * values changed, a TRUNCATE), a log pruned past `previous`, or more than `maxTitles` titles
 * changed (a full read is cheaper then).
 */
export async function patchSnapshot(
  db: Db,
  previous: Snapshot,
  source: CatalogueSource = CATALOGUE,
  maxTitles = Math.max(PATCH_FROM_TITLES, previous.all.length * PATCH_SHARE),
): Promise<Snapshot | null> {
  const started = performance.now();
  return db.transaction(
    async (tx) => {
      const txDb = tx as unknown as Db;
      const version = await readVersion(txDb, source);
      if (version <= previous.version) return null;
      const [horizon] = await queryRows<{ pruned_through: string }>(
        txDb,
        sql`select pruned_through::text from search_changes_horizon where source = ${source.name}`,
      );
      if (!horizon || previous.version < Number(horizon.pruned_through)) return null;
      const logged = await queryRows<{ id: number | null }>(
        txDb,
        sql`select distinct cod_acervo as id from search_changes
            where source = ${source.name} and version > ${previous.version} and version <= ${version}`,
      );
      if (logged.some((r) => r.id === null)) return null;
      if (logged.length > maxTitles) return null;
      const changed = logged.map((r) => r.id!).sort((a, b) => a - b);
      const ids = changed.length ? `{${changed.join(',')}}` : null;
      const rows = ids ? await queryRows<TitleColumns>(txDb, titleColumns(source, sql`cod_acervo = any(${ids}::int[])`)) : [];
      const size = Math.max(
        previous.present.length,
        rows.reduce((max, r) => Math.max(max, r.id + 1), 0),
      );
      const mask = new Uint8Array(size);
      for (const id of changed) if (id < size) mask[id] = 1;
      const within = <T extends { id: number }>(query: CodedRows | null) => (ids && query ? queryRows<T>(txDb, query(idsIn(ids))) : Promise.resolve([] as T[]));
      const holdings = await within<{ id: number; b: number; name: string }>(source.libraries);
      const planned = await within<{ id: number; c: number; name: string }>(source.courses);
      const partners = await within<{ id: number; z: number; name: string }>(source.institutions);
      const placed = {} as Record<OrderName, { id: number; p: number | null }[]>;
      for (const order of Object.keys(ORDER_KEYS) as OrderName[]) placed[order] = ids ? await neighbours(txDb, source, order, ids) : [];

      const grow = <A extends Uint8Array | Uint32Array | Float64Array | Int32Array>(a: A, length: number): A => {
        const b = new (a.constructor as new (n: number) => A)(length);
        b.set(a);
        return b;
      };
      const present = grow(previous.present, size);
      const stamp = grow(previous.stamp, size);
      const created = grow(previous.created, size);
      const row = grow(previous.row, size * 2);
      const titleKeys = grow(previous.titleKeys, size * TITLE_KEY_SLOTS);
      for (const id of changed) {
        if (id >= size) continue;
        present[id] = 0;
        stamp[id] = 0;
        created[id] = 0;
        row[2 * id] = row[2 * id + 1] = 0;
        titleKeys.fill(0, id * TITLE_KEY_SLOTS, (id + 1) * TITLE_KEY_SLOTS);
      }
      const facets = Object.fromEntries(MULTI_FACETS.map((f) => [f, new PatchedFacet(previous.multi[f], isCoded(f) ? (n) => n : headingKey)])) as Record<
        MultiFacet,
        PatchedFacet
      >;
      const languages = previous.languages.slice();
      const sink: TitleSink = {
        present,
        stamp,
        created,
        row,
        titleKeys,
        languages,
        languageIndex: new Map(languages.map((code, i) => [code, i + 1])),
        headings: {
          A: facets.A,
          S: facets.S,
          E: facets.E,
          ...(Object.fromEntries(ADDITIONAL_DATA.map((letter) => [letter, facets[letter]])) as Record<AdditionalData, PatchedFacet>),
        },
      };
      for (const r of rows) takeTitle(r, sink);
      for (const h of holdings) facets.B.add(h.id, h.name, String(h.b));
      for (const r of planned) if (r.id < size) facets.NA_C.add(r.id, r.name, String(r.c));
      for (const r of partners) if (r.id < size) facets.Z.add(r.id, r.name, String(r.z));

      const all = new Int32Array(previous.all.length - countPresent(previous, changed) + rows.length);
      for (let id = 0, n = 0; id < size; id++) if (present[id]) all[n++] = id;
      const order = {} as Snapshot['order'];
      for (const name of Object.keys(ORDER_KEYS) as OrderName[]) order[name] = rankOf(size, patchOrder(previous.order[name], mask, placed[name]));
      return {
        version,
        all,
        present,
        stamp,
        languages,
        created,
        order,
        multi: Object.fromEntries(MULTI_FACETS.map((f) => [f, facets[f].valued()])) as Record<MultiFacet, MultiValued>,
        row,
        ...patchTags(
          previous,
          facets,
          changed.filter((id) => id < size),
          size,
        ),
        titleKeys,
        // Small tables, read again: a language first met in an import is named at once.
        names: await readNames(txDb),
        builtAt: Date.now(),
        // What a full read costs still decides whether searches wait for the next snapshot.
        buildMs: previous.buildMs,
        readAt: previous.readAt,
        patchMs: performance.now() - started,
        changedTitles: changed.length,
        patch: { from: new WeakRef(previous), titles: Int32Array.from(changed) },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A patch is tried for up to this many changed titles, or this share of the catalogue; past both, a full read is cheaper. */
export const PATCH_FROM_TITLES = 50_000;
const PATCH_SHARE = 0.05;

/** Facets whose values are named by a code of their own (library, course, partner), not by a heading's key. */
function isCoded(facet: MultiFacet): boolean {
  return facet === 'B' || facet === 'NA_C' || facet === 'Z';
}

function countPresent(previous: Snapshot, changed: number[]): number {
  let n = 0;
  for (const id of changed) if (previous.present[id] === 1) n++;
  return n;
}

/**
 * The changed titles visible now, in `order`, each with the title just before it among all
 * visible titles (null: it comes first): one probe of the order's index a title.
 */
function neighbours(db: Db, source: CatalogueSource, order: OrderName, ids: string): Promise<{ id: number; p: number | null }[]> {
  const { columns, descending } = ORDER_KEYS[order];
  const before = sql.raw(descending ? '>' : '<');
  const key = (t: string) => sql.raw(`(${columns(t).join(', ')})`);
  return queryRows<{ id: number; p: number | null }>(
    db,
    sql`select c.cod_acervo as id,
               (select t.cod_acervo from ${source.titles} t where ${source.visible} and ${key('t')} ${before} ${key('c')}
                order by ${orderClause(order, 't', true)} limit 1) as p
        from ${source.titles} c where ${source.visible} and c.cod_acervo = any(${ids}::int[])
        order by ${orderClause(order, 'c')}`,
  );
}

/**
 * A sort order with the changed titles (`mask`) taken out and the visible ones put back after
 * their neighbour. A neighbour that is itself a changed title stands for the unchanged title
 * that neighbour follows: `placed` comes in the order's own order, so it is known by then.
 */
export function patchOrder(order: { ids: Int32Array; rank: Int32Array }, mask: Uint8Array, placed: { id: number; p: number | null }[]): Int32Array {
  const { ids, rank } = order;
  const anchor = new Map<number, number>();
  const after = new Map<number, number[]>();
  for (const { id, p } of placed) {
    const a = p === null ? -1 : (anchor.get(p) ?? p);
    anchor.set(id, a);
    const group = after.get(a);
    if (group) group.push(id);
    else after.set(a, [id]);
  }
  // The positions where the previous order changes: a changed title leaves (its position), a
  // group of them comes in after an unchanged one (its position); in between, runs copied whole.
  const cuts: { at: number; leaves: boolean; group?: number[] }[] = [];
  for (let id = 0; id < mask.length; id++) if (mask[id] === 1 && id < rank.length && ids[rank[id]!] === id) cuts.push({ at: rank[id]!, leaves: true });
  for (const [a, group] of after) if (a >= 0) cuts.push({ at: rank[a]!, leaves: false, group });
  cuts.sort((x, y) => x.at - y.at);
  const leaving = cuts.reduce((n, c) => n + (c.leaves ? 1 : 0), 0);
  const out = new Int32Array(ids.length - leaving + placed.length);
  let n = 0;
  for (const id of after.get(-1) ?? []) out[n++] = id;
  let from = 0;
  for (const cut of cuts) {
    if (cut.leaves) {
      out.set(ids.subarray(from, cut.at), n);
      n += cut.at - from;
      from = cut.at + 1;
    } else {
      out.set(ids.subarray(from, cut.at + 1), n);
      n += cut.at + 1 - from;
      from = cut.at + 1;
      for (const g of cut.group!) out[n++] = g;
    }
  }
  out.set(ids.subarray(from), n);
  n += ids.length - from;
  if (n !== out.length) throw new Error(`search patch: an order lost its place (${n} of ${out.length} titles placed)`);
  return out;
}

/**
 * One multi-valued facet of a patch: the previous values, numbers kept (searches and counters of
 * the previous snapshot still use them), new values appended and named by the first title that
 * brings them; the changed titles' values collected per title.
 */
export class PatchedFacet {
  /** The names before this patch, never copied, and those it appends (value names.length + i). */
  private readonly names: NameList;
  private readonly appended: string[] = [];
  /** The last full read's values, never changed, and those appended by patches since (value base.length + i). */
  private readonly base: FacetCodes;
  private readonly added: string[];
  private readonly addedBy: Map<string, number>;
  readonly of = new Map<number, number[]>();

  /** `foldFrom`: how many appended values make the codes one table again (FOLD_FROM_VALUES). */
  constructor(
    previous: MultiValued,
    private readonly key: (name: string) => string,
    foldFrom = FOLD_FROM_VALUES,
  ) {
    this.names = previous.names;
    const codes = previous.codes;
    if (codes instanceof Appended && codes.added.length > foldFrom) {
      // Past that many values appended since the last full read, one table again: copying the
      // appended ones on every patch would cost more than this once. Their names are packed too.
      this.base = facetCodes(codeArray(codes));
      this.names = packNames(previous.names);
      this.added = [];
      this.addedBy = new Map();
    } else if (codes instanceof Appended) {
      this.base = codes.base;
      this.added = codes.added.slice();
      this.addedBy = new Map(codes.addedBy);
    } else {
      this.base = codes;
      this.added = [];
      this.addedBy = new Map();
    }
  }

  get size(): number {
    return this.base.length + this.added.length;
  }

  add(title: number, name: string, code?: string) {
    const trimmed = name.trim();
    if (!trimmed) return;
    const c = code ?? headingCode(this.key(trimmed));
    let value = this.addedBy.get(c) ?? this.base.get(c);
    if (value === undefined) {
      value = this.base.length + this.added.push(c) - 1;
      this.appended.push(trimmed);
      this.addedBy.set(c, value);
    }
    const values = this.of.get(title);
    if (!values) this.of.set(title, [value]);
    else if (!values.includes(value)) values.push(value);
  }

  valued(): MultiValued {
    const codes = this.added.length ? new Appended(this.base, this.added, this.addedBy) : this.base;
    return { codes, names: namesWith(this.names, this.appended) };
  }
}

/** Values appended by patches past which a facet's codes are made one table again. */
const FOLD_FROM_VALUES = 50_000;

/**
 * The codes of a patched facet: the full read's (shared by every snapshot patched from it, never
 * changed: copying them took a third of a patch at a million titles) and the values appended
 * since, copied per patch (few).
 */
class Appended implements FacetCodes {
  constructor(
    readonly base: FacetCodes,
    readonly added: string[],
    readonly addedBy: Map<string, number>,
  ) {}

  get length(): number {
    return this.base.length + this.added.length;
  }

  at(value: number): string | undefined {
    return value < this.base.length ? this.base.at(value) : this.added[value - this.base.length];
  }

  get(code: string): number | undefined {
    return this.addedBy.get(code) ?? this.base.get(code);
  }
}

/** The packed tags (Snapshot.tags) with the changed titles' taken from the patch, the rest renumbered to the new offsets. */
function patchTags(
  previous: Snapshot,
  facets: Record<MultiFacet, PatchedFacet>,
  changed: number[],
  size: number,
): Pick<Snapshot, 'tagStart' | 'tags' | 'tagFacet' | 'tagOffset'> {
  const tagOffset = {} as Record<MultiFacet, number>;
  const shift = new Int32Array(MULTI_FACETS.length);
  let offset = 0;
  MULTI_FACETS.forEach((facet, index) => {
    tagOffset[facet] = offset;
    shift[index] = offset - previous.tagOffset[facet];
    offset += facets[facet].size;
  });
  const tagFacet = new Uint8Array(offset);
  MULTI_FACETS.forEach((facet, index) => tagFacet.fill(index, tagOffset[facet], tagOffset[facet] + facets[facet].size));
  const oldSize = previous.present.length;
  const oldTags = (from: number, to: number) => (Math.min(to, oldSize) > from ? previous.tagStart[Math.min(to, oldSize)]! - previous.tagStart[from]! : 0);
  let count = oldTags(0, size);
  for (const id of changed) {
    count -= oldTags(id, id + 1);
    for (const facet of MULTI_FACETS) count += facets[facet].of.get(id)?.length ?? 0;
  }
  const tagStart = new Int32Array(size + 1);
  const tags = new Int32Array(count);
  const old = previous.tags;
  const renumbered = shift.some((d) => d !== 0);
  let n = 0;
  // The unchanged titles between two changed ones in one run: their tags copied (and renumbered:
  // a facet's offset moves by the values the facets before it gained), their starts moved.
  const copy = (from: number, to: number) => {
    const end = Math.min(to, oldSize);
    if (end <= from) {
      tagStart.fill(n, from, to);
      return;
    }
    const a = previous.tagStart[from]!;
    const b = previous.tagStart[end]!;
    const delta = n - a;
    for (let id = from; id < end; id++) tagStart[id] = previous.tagStart[id]! + delta;
    tagStart.fill(n + b - a, end, to);
    if (!renumbered) tags.set(old.subarray(a, b), n);
    else for (let k = a, m = n; k < b; k++, m++) tags[m] = old[k]! + shift[old[k]! >>> TAG_FACET_SHIFT]!;
    n += b - a;
  };
  let from = 0;
  for (const id of changed) {
    copy(from, id);
    tagStart[id] = n;
    MULTI_FACETS.forEach((facet, index) => {
      for (const v of facets[facet].of.get(id) ?? []) tags[n++] = (index << TAG_FACET_SHIFT) | (tagOffset[facet] + v);
    });
    from = id + 1;
  }
  copy(from, size);
  tagStart[size] = n;
  return { tagStart, tags, tagFacet, tagOffset };
}

/** Names the code that patches a snapshot: part of what a kept snapshot's code hash covers. */
export const PATCH_CODE = createHash('sha256')
  .update([patchSnapshot, neighbours, patchOrder, PatchedFacet, Appended, patchTags].map(String).join('\n'))
  .digest('hex')
  .slice(0, 16);

/** How long the change log keeps a change: a node or a kept snapshot older than that reads the catalogue whole. */
export const SEARCH_CHANGES_DAYS = 7;

/**
 * The daily job `search.prune-changes`: forgets the changes older than SEARCH_CHANGES_DAYS and
 * moves each source's horizon past them, in one transaction, so a reader sees both or neither.
 */
export async function pruneSearchChanges(db: Db, days = SEARCH_CHANGES_DAYS): Promise<string> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const gone = await queryRows<{ source: string; through: string; n: number }>(
      txDb,
      sql`with gone as (delete from search_changes where at < now() - make_interval(days => ${days}) returning source, version)
          select source, max(version)::text as through, count(*)::int as n from gone group by source order by source`,
    );
    for (const g of gone)
      await txDb.execute(sql`update search_changes_horizon set pruned_through = greatest(pruned_through, ${g.through}::bigint) where source = ${g.source}`);
    const n = gone.reduce((sum, g) => sum + g.n, 0);
    return `${n} change(s) older than ${days} days removed from the search change log`;
  });
}
