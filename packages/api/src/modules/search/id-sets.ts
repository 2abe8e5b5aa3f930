/**
 * Sets of title ids as sorted, duplicate-free Int32Arrays: the currency of the search index.
 * Each operation is one linear merge.
 */
export type IdSet = Int32Array;

export const EMPTY: IdSet = new Int32Array(0);

/** A set from ids in any order, with duplicates. */
export function idSet(ids: ArrayLike<number>): IdSet {
  const sorted = Int32Array.from(ids).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i]!;
  return sorted.subarray(0, n);
}

export function intersect(a: IdSet, b: IdSet): IdSet {
  if (a.length > b.length) [a, b] = [b, a];
  const out = new Int32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const x = a[i]!;
    // Gallop when b is much longer than a: a binary search per element of a.
    if (b.length > 16 * a.length) j = gallop(b, x, j);
    else while (j < b.length && b[j]! < x) j++;
    if (j < b.length && b[j] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}

export function union(a: IdSet, b: IdSet): IdSet {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x <= y) {
      out[n++] = x;
      i++;
      if (x === y) j++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++]!;
  while (j < b.length) out[n++] = b[j++]!;
  return out.subarray(0, n);
}

/** a without the ids of b. */
export function subtract(a: IdSet, b: IdSet): IdSet {
  const out = new Int32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    while (j < b.length && b[j]! < x) j++;
    if (j >= b.length || b[j] !== x) out[n++] = x;
  }
  return out.subarray(0, n);
}

/** The first index in `from…` of sorted `a` whose value is ≥ x. */
export function lowerBound(a: IdSet, x: number, from = 0): number {
  let lo = from;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * lowerBound from `from` by galloping: steps of 1, 2, 4… until one reaches `x`, then a binary
 * search within the last step. It costs the logarithm of the distance moved rather than of what
 * is left of `a`, so a merge hopping through a long list (a phrase's words, a ranking's word
 * points) pays a few probes a hop, where a binary search over the rest paid some seventeen.
 */
export function gallop(a: IdSet, x: number, from = 0): number {
  if (from >= a.length || a[from]! >= x) return from;
  // a[lo] < x throughout; hi is past the last probe below x.
  let lo = from;
  let step = 1;
  let hi = from + 1;
  while (hi < a.length && a[hi]! < x) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  if (hi > a.length) hi = a.length;
  lo++;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether sorted `a` holds `x`. */
export function contains(a: IdSet, x: number): boolean {
  const i = lowerBound(a, x);
  return i < a.length && a[i] === x;
}
