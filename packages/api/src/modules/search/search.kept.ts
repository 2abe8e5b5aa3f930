/**
 * What a search index keeps of one snapshot's searches (counted facets, whole rankings, filtered
 * outcomes): values by key, valid for the snapshot they were counted on and dropped with it,
 * the least recently used first once past a bound on their number or on their bytes.
 */
export class KeptPerSnapshot<V> {
  private snapshot: object | null = null;
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytesKept = 0;

  /** At most `maxEntries` values and `maxBytes` of their reckoned sizes (either may be unbounded). */
  constructor(private readonly bound: { maxEntries?: number; maxBytes?: number }) {}

  /** The value kept under `key` for `snapshot`, if there is one; a use keeps it longer. */
  get(snapshot: object, key: string): V | undefined {
    if (this.snapshot !== snapshot) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Keeps `value` under `key` for `snapshot` (what was kept for another snapshot goes), with its
   * size in bytes (0 while unknown: see `resize`); the least recently used others go until the
   * bound is met.
   */
  set(snapshot: object, key: string, value: V, bytes = 0): void {
    if (this.snapshot !== snapshot) {
      this.entries.clear();
      this.bytesKept = 0;
      this.snapshot = snapshot;
    }
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytesKept -= previous.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.bytesKept += bytes;
    this.trim(key);
  }

  /** The size of a value learnt later (a promise's once it resolved), if `key` still keeps that value. */
  resize(key: string, value: V, bytes: number): void {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return;
    this.bytesKept += bytes - entry.bytes;
    entry.bytes = bytes;
    this.trim(key);
  }

  /** Drops `key` if it still keeps `value` (a promise that failed, say). */
  drop(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return;
    this.entries.delete(key);
    this.bytesKept -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What is kept for `snapshot`, least recently used first (nothing when what is kept is another's). */
  keptFor(snapshot: object): [key: string, value: V][] {
    return this.snapshot === snapshot ? [...this.entries].map(([key, { value }]) => [key, value]) : [];
  }

  get bytes(): number {
    return this.bytesKept;
  }

  /** Drops the least recently used until within the bound, never `keep` nor any used after it. */
  private trim(keep: string): void {
    const { maxEntries = Infinity, maxBytes = Infinity } = this.bound;
    for (const [key, entry] of this.entries) {
      if (key === keep || (this.entries.size <= maxEntries && this.bytesKept <= maxBytes)) break;
      this.entries.delete(key);
      this.bytesKept -= entry.bytes;
    }
  }
}

/**
 * The promise kept under `key` for `snapshot`, else `make`'s, kept at once so that whoever asks
 * meanwhile shares it; its size (`bytes`) counts once it resolves, and it is dropped if it fails.
 */
export function keptPromise<T>(
  kept: KeptPerSnapshot<Promise<T>>,
  snapshot: object,
  key: string,
  make: () => Promise<T>,
  bytes: (value: T) => number,
): Promise<T> {
  const known = kept.get(snapshot, key);
  if (known) return known;
  const made = make();
  kept.set(snapshot, key, made);
  made.then(
    (value) => kept.resize(key, made, bytes(value)),
    () => kept.drop(key, made),
  );
  return made;
}
