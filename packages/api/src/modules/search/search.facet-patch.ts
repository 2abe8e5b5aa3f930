import type { IdSet } from './id-sets.js';
import { facet as facetDefinition } from './search.config.js';
import { FACET_KINDS, FacetPacker, type PackedFacets } from './search.facets.js';
import { FLAG, isMultiFacet, MULTI_FACETS, type MultiFacet, type Snapshot, TAG_VALUE } from './search.snapshot.js';

/**
 * Where the values a kept list leaves out stand (issue 59, decision 0067): each has fewer titles
 * than `count`, or exactly as many and a value number of at least `index` (a list shows the most
 * frequent values, ties to the lower number). What a patch cannot see of those values is bounded
 * by it.
 */
export interface Bound {
  count: number;
  index: number;
}

/**
 * A limited list's next values (ranked after it, up to KEPT_BEYOND times its length), as pairs of
 * value number and count: what a patch carries the list by when a value below it gains.
 */
export type Reserve = Partial<Record<MultiFacet, Int32Array>>;

/** A limited list is counted this many times as long (the rest kept as its Reserve). */
export const KEPT_BEYOND = 3;

/** An unfiltered text's facets kept per snapshot (SearchIndex.facetsFor), carried to the next one by a patch. */
export interface KeptFacets {
  /** Its values and counts (as the text's own: no totals with filters). */
  facets: PackedFacets;
  /** Absent: counted without one (only the lists themselves known). */
  reserve?: Reserve;
  /**
   * Per multi-valued facet with a limit, where the values neither listed nor in reserve stand;
   * absent: as a count afresh leaves them (the last counted), null: none left out.
   */
  bounds?: Partial<Record<MultiFacet, Bound | null>>;
}

/** How one value's count moved: titles that stopped counting it, titles that began. */
interface Move {
  /** The value's number (as PackedFacets numbers it; a patch keeps numbers). */
  value: number;
  removed: number;
  added: number;
}

/** A value whose count is known: its number and count. */
interface Known {
  index: number;
  count: number;
}

/**
 * The facets of a text's matches after a patch, from its facets before (`kept`): the titles the
 * patch changed that matched before (`was`, of the `before` snapshot) take their values out,
 * those that match now (`is`, of `after`) put theirs in. Every figure stays what a count afresh
 * would give; a limited list (the most frequent authors, say) is carried only while the values
 * it leaves out provably stay out (Bound), else null: counted again on the next search.
 * `after` must be patched from `before` (value numbers kept).
 */
export function patchFacets(kept: KeptFacets, before: Snapshot, after: Snapshot, was: IdSet, is: IdSet): KeptFacets | null {
  // Per value (a number: its facet times KIND plus its value), titles that left times LEFT plus titles that came.
  if (was.length >= LEFT || is.length >= LEFT) return null;
  const counted = new Map<number, number>();
  tally(before, was, counted, LEFT);
  tally(after, is, counted, 1);
  if (counted.size === 0) return kept;
  const movedIn: Move[][] = FACET_KINDS.map(() => []);
  for (const [key, n] of counted) movedIn[Math.floor(key / KIND)]!.push({ value: key % KIND, removed: Math.floor(n / LEFT), added: n % LEFT });
  const { kinds, values, all } = kept.facets;
  const listedIn: Known[][] = FACET_KINDS.map(() => []);
  for (let i = 0; i < kinds.length; i++) listedIn[kinds[i]!]!.push({ index: values[i]!, count: all[i]! });
  const out = new FacetPacker();
  const bounds: Partial<Record<MultiFacet, Bound | null>> = { ...kept.bounds };
  const reserve: Reserve = {};
  for (const [kind, faceta] of FACET_KINDS.entries()) {
    const listed = listedIn[kind]!;
    const moved = movedIn[kind]!;
    const limit = isMultiFacet(faceta) ? facetDefinition(faceta).limit : null;
    if (limit === null) {
      const whole = patchWhole(listed, moved);
      if (!whole) return null;
      for (const k of whole) out.push(kind, k.index, k.count, k.count);
      continue;
    }
    const facet = faceta as MultiFacet;
    if (listed.length === 0 && moved.length === 0 && !kept.reserve?.[facet]) continue;
    const carried = patchLimited(
      { listed, reserve: kept.reserve?.[facet], counted: kept.reserve !== undefined },
      moved,
      facet,
      limit,
      kept.bounds?.[facet],
      before,
    );
    if (!carried) return null;
    for (const k of carried.list) out.push(kind, k.index, k.count, k.count);
    if (carried.reserve.length) reserve[facet] = carried.reserve;
    bounds[facet] = carried.bound;
  }
  return { facets: out.packed(false), reserve, bounds };
}

/** A facet listing every value it counted (types, years, languages, libraries…): each moved value's count moved. */
function patchWhole(listed: Known[], moved: Move[]): Known[] | null {
  const out: Known[] = [];
  const moves = new Map(moved.map((m) => [m.value, m]));
  const isListed = new Set<number>();
  for (const k of listed) {
    isListed.add(k.index);
    const m = moves.get(k.index);
    const n = k.count + (m ? m.added - m.removed : 0);
    if (n < 0) return null;
    if (n > 0) out.push({ index: k.index, count: n });
  }
  for (const m of moved) {
    if (isListed.has(m.value)) continue;
    // Not listed: no title counted it before.
    if (m.removed > 0) return null;
    out.push({ index: m.value, count: m.added });
  }
  return out;
}

/**
 * A facet listing its `limit` most frequent values (authors, subjects, publishers): the listed
 * values', the reserve's and the newly seen ones' counts are known; a value left out before that
 * a change touched may have gained, up to the bound. Carried when no value left out can reach
 * the list's last. `counted`: the reserve was counted (the list and reserve are the top
 * KEPT_BEYOND × limit values of a count afresh, or all of them).
 */
function patchLimited(
  was: { listed: Known[]; reserve: Int32Array | undefined; counted: boolean },
  moved: Move[],
  facet: MultiFacet,
  limit: number,
  kept: Bound | null | undefined,
  before: Snapshot,
): { list: Known[]; reserve: Int32Array; bound: Bound | null } | null {
  const valuesBefore = before.multi[facet].names.length;
  const known: Known[] = was.listed.map((k) => ({ ...k }));
  const reserve = was.reserve ?? new Int32Array(0);
  for (let k = 0; k < reserve.length; k += 2) known.push({ index: reserve[k]!, count: reserve[k + 1]! });
  const keep = was.counted ? limit * KEPT_BEYOND : limit;
  const bound = kept === undefined ? boundOf(known, keep) : kept;
  const byValue = new Map(known.map((k) => [k.index, k]));
  /** Values left out before that a change touched: at most this many titles now. */
  const unknown: Bound[] = [];
  for (const m of moved) {
    const k = byValue.get(m.value);
    if (k) {
      k.count += m.added - m.removed;
      continue;
    }
    // Left out before: at most the bound's count (one less below its number); none at all for
    // a value this patch brought, or when nothing was left out.
    const most = bound === null || m.value >= valuesBefore ? 0 : m.value >= bound.index ? bound.count : bound.count - 1;
    if (most <= 0) {
      if (m.removed > 0) return null;
      known.push({ index: m.value, count: m.added });
    } else if (m.added > 0) unknown.push({ count: most - m.removed + m.added, index: m.value });
  }
  if (known.some((k) => k.count < 0)) return null;
  const ranked = known.filter((k) => k.count > 0).sort((a, b) => b.count - a.count || a.index - b.index);
  const shown = ranked.slice(0, limit);
  // Values were left out: the list must still be full, and its last outrank every one of them.
  if (bound !== null) {
    if (shown.length < limit) return null;
    const last = shown[shown.length - 1]!;
    const outranks = (b: Bound) => last.count > b.count || (last.count === b.count && last.index < b.index);
    if (!outranks(bound) || !unknown.every(outranks)) return null;
  }
  const next = ranked.slice(limit, keep);
  // Where the values now left out stand: the highest of the old bound, the touched ones, the known ones dropped.
  const out = [...(bound ? [bound] : []), ...unknown, ...ranked.slice(keep).map((k) => ({ count: k.count, index: k.index }))];
  return {
    list: shown,
    reserve: Int32Array.from(next.flatMap((k) => [k.index, k.count])),
    bound: out.length === 0 ? null : out.reduce((a, b) => (b.count > a.count || (b.count === a.count && b.index < a.index) ? b : a)),
  };
}

/** Where a count afresh of the top `size` values leaves the others: none when it found fewer, else after its last. */
function boundOf(known: { index: number; count: number }[], size: number): Bound | null {
  if (known.length < size) return null;
  let count = Infinity;
  for (const k of known) count = Math.min(count, k.count);
  // Of the values at the last count, the known ones are the lowest numbers: the rest come after the highest.
  let highest = -1;
  for (const k of known) if (k.count === count) highest = Math.max(highest, k.index);
  return { count, index: highest + 1 };
}

/** Values of one facet per KIND: facets T, Y, I, X, K, then the multi-valued ones in MULTI_FACETS order. */
const KIND = 2 ** 26;
/** A title leaving counts this much (one coming, 1): up to 2^20 - 1 titles either way in one number. */
const LEFT = 2 ** 20;

/** Adds `step` to every facet value each title of `ids` counts under in `s` (as Run's countAll counts them). */
function tally(s: Snapshot, ids: IdSet, into: Map<number, number>, step: number): void {
  const { row, tagStart, tags, tagFacet, tagOffset } = s;
  const add = (key: number) => into.set(key, (into.get(key) ?? 0) + step);
  for (const id of ids) {
    const a = row[2 * id]!;
    const b = row[2 * id + 1]!;
    add(a & 255);
    add(KIND + (b & 4095));
    const language = a >>> 11;
    if (language > 0) add(2 * KIND + language);
    const flags = (a >>> 8) & 7;
    if (flags & FLAG.C) add(3 * KIND + FLAG.C);
    if (flags & FLAG.O) add(3 * KIND + FLAG.O);
    if (flags & FLAG.A) add(3 * KIND + FLAG.A);
    const area = b >>> 12;
    if (area > 0) add(4 * KIND + area);
    const to = tagStart[id + 1]!;
    for (let k = tagStart[id]!; k < to; k++) {
      const g = tags[k]! & TAG_VALUE;
      const f = tagFacet[g]!;
      add((5 + f) * KIND + g - tagOffset[MULTI_FACETS[f]!]);
    }
  }
}
