import { NO_YEAR } from '@estante/contracts/search';
import type { IdSet } from './id-sets.js';
import { facet as facetDefinition } from './search.config.js';
import type { FacetCount } from './search.run.js';
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
  facets: FacetCount[];
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
  faceta: string;
  codigo: string;
  /** A multi-valued facet's value number (numbers are kept by a patch); -1 for the others. */
  index: number;
  removed: number;
  added: number;
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
  const moves = [...counted].map(([key, n]) => moveOf(after, key, n));
  const byFacet = new Map<string, FacetCount[]>();
  for (const c of kept.facets) {
    const list = byFacet.get(c.faceta);
    if (list) list.push(c);
    else byFacet.set(c.faceta, [c]);
  }
  const movedIn = new Map<string, Move[]>();
  for (const m of moves) {
    const list = movedIn.get(m.faceta);
    if (list) list.push(m);
    else movedIn.set(m.faceta, [m]);
  }
  const facets: FacetCount[] = [];
  const bounds: Partial<Record<MultiFacet, Bound | null>> = { ...kept.bounds };
  const reserve: Reserve = {};
  for (const faceta of new Set([...byFacet.keys(), ...movedIn.keys(), ...Object.keys(kept.reserve ?? {})])) {
    const listed = byFacet.get(faceta) ?? [];
    const moved = movedIn.get(faceta) ?? [];
    const limit = isMultiFacet(faceta) ? facetDefinition(faceta).limit : null;
    if (limit === null) {
      const whole = patchWhole(listed, moved, faceta, after);
      if (!whole) return null;
      facets.push(...whole);
      continue;
    }
    const facet = faceta as MultiFacet;
    const carried = patchLimited(
      { listed, reserve: kept.reserve?.[facet], counted: kept.reserve !== undefined },
      moved,
      facet,
      limit,
      kept.bounds?.[facet],
      before,
      after,
    );
    if (!carried) return null;
    facets.push(...carried.list);
    if (carried.reserve.length) reserve[facet] = carried.reserve;
    bounds[facet] = carried.bound;
  }
  return { facets, reserve, bounds };
}

/** A facet listing every value it counted (types, years, languages, libraries…): each moved value's count moved. */
function patchWhole(listed: FacetCount[], moved: Move[], faceta: string, after: Snapshot): FacetCount[] | null {
  const counts = new Map(listed.map((c) => [c.codigo, c]));
  const out: FacetCount[] = [];
  const moves = new Map(moved.map((m) => [m.codigo, m]));
  for (const c of listed) {
    const m = moves.get(c.codigo);
    const n = c.sem_filtro + (m ? m.added - m.removed : 0);
    if (n < 0) return null;
    if (n > 0) out.push(m ? { ...c, total: n, sem_filtro: n, ...named(faceta, m.index, after) } : c);
  }
  for (const m of moved) {
    if (counts.has(m.codigo)) continue;
    // Not listed: no title counted it before.
    if (m.removed > 0) return null;
    out.push({ faceta, codigo: m.codigo, total: m.added, sem_filtro: m.added, ...named(faceta, m.index, after) });
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
  was: { listed: FacetCount[]; reserve: Int32Array | undefined; counted: boolean },
  moved: Move[],
  facet: MultiFacet,
  limit: number,
  kept: Bound | null | undefined,
  before: Snapshot,
  after: Snapshot,
): { list: FacetCount[]; reserve: Int32Array; bound: Bound | null } | null {
  const { codes, names: oldNames } = before.multi[facet];
  /** Values whose count is known: value number and count. */
  const known: { index: number; count: number; codigo: string }[] = [];
  for (const c of was.listed) {
    const index = codes.get(c.codigo);
    if (index === undefined) return null;
    known.push({ index, count: c.sem_filtro, codigo: c.codigo });
  }
  const reserve = was.reserve ?? new Int32Array(0);
  for (let k = 0; k < reserve.length; k += 2) known.push({ index: reserve[k]!, count: reserve[k + 1]!, codigo: codes.at(reserve[k]!)! });
  const keep = was.counted ? limit * KEPT_BEYOND : limit;
  const bound = kept === undefined ? boundOf(known, keep) : kept;
  const byCode = new Map(known.map((k) => [k.codigo, k]));
  /** Values left out before that a change touched: at most this many titles now. */
  const unknown: Bound[] = [];
  for (const m of moved) {
    const k = byCode.get(m.codigo);
    if (k) {
      k.count += m.added - m.removed;
      continue;
    }
    // Left out before: at most the bound's count (one less below its number); none at all for
    // a value this patch brought, or when nothing was left out.
    const most = bound === null || m.index >= oldNames.length ? 0 : m.index >= bound.index ? bound.count : bound.count - 1;
    if (most <= 0) {
      if (m.removed > 0) return null;
      known.push({ index: m.index, count: m.added, codigo: m.codigo });
    } else if (m.added > 0) unknown.push({ count: most - m.removed + m.added, index: m.index });
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
  const { codes: newCodes, names } = after.multi[facet];
  return {
    list: shown.map((k) => ({ faceta: facet, codigo: newCodes.at(k.index)!, total: k.count, sem_filtro: k.count, nome: names.at(k.index)! })),
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

/** A multi-valued value's name in `after` (the name a count afresh would give). */
function named(faceta: string, index: number, after: Snapshot): { nome?: string } {
  return isMultiFacet(faceta) && index >= 0 ? { nome: after.multi[faceta].names.at(index)! } : {};
}

/** Values of one facet per KIND: facets T, Y, I, X, K, then the multi-valued ones in MULTI_FACETS order. */
const KIND = 2 ** 26;
/** A title leaving counts this much (one coming, 1): up to 2^20 - 1 titles either way in one number. */
const LEFT = 2 ** 20;
const SINGLE = ['T', 'Y', 'I', 'X', 'K'] as const;
const FLAG_CODE: Record<number, string> = Object.fromEntries(Object.entries(FLAG).map(([code, bit]) => [bit, code]));

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

/** A tallied value as the facet lists name it (Run.facetList), named in `after` (which has every value `before` had). */
function moveOf(after: Snapshot, key: number, n: number): Move {
  const kind = Math.floor(key / KIND);
  const value = key % KIND;
  const removed = Math.floor(n / LEFT);
  const added = n % LEFT;
  if (kind >= SINGLE.length) {
    const facet = MULTI_FACETS[kind - SINGLE.length]!;
    return { faceta: facet, codigo: after.multi[facet].codes.at(value)!, index: value, removed, added };
  }
  const faceta = SINGLE[kind]!;
  const codigo =
    faceta === 'Y'
      ? value === 0
        ? NO_YEAR
        : String(value - 1)
      : faceta === 'I'
        ? after.languages[value - 1]!
        : faceta === 'X'
          ? FLAG_CODE[value]!
          : String(value);
  return { faceta, codigo, index: -1, removed, added };
}
