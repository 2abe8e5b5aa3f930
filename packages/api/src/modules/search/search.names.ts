/**
 * A multi-valued facet's value names (authors, subjects, series…: value number → the heading as
 * spelled), as the codes are kept in search.codes.ts. A full read builds them as an array of
 * strings; a snapshot file keeps them packed, every name's UTF-8 bytes in one array and where
 * each begins in another, and a loaded snapshot keeps those two arrays (copied out of the file's
 * buffer, search.persist.ts) where the file's JSON header was parsed into 467,408 strings at a
 * million titles (heap 56.7 → 35.0 MB after loading, bench/README.md step 7). A search decodes
 * only the names it shows (some hundreds).
 */

/** Value number → name. An array of strings is one. */
export interface NameList {
  readonly length: number;
  at(value: number): string | undefined;
}

/**
 * The strings made lately for value numbers, so that a value asked again is the same string and
 * not a new one: every kept facet count holds its value's name and code (at a million titles,
 * 119,297 name strings for 10,378 names after the benchmark's passes). Emptied when it holds
 * `bound` values.
 */
export class RecentStrings {
  private readonly made = new Map<number, string>();

  constructor(private readonly bound = 4096) {}

  of(value: number, make: (value: number) => string): string {
    let made = this.made.get(value);
    if (made === undefined) {
      if (this.made.size >= this.bound) this.made.clear();
      made = make(value);
      this.made.set(value, made);
    }
    return made;
  }
}

/** Names packed: value `v`'s UTF-8 bytes are `bytes[starts[v]] … bytes[starts[v + 1] - 1]`. */
export class PackedNames implements NameList {
  private readonly text: Buffer;
  private readonly recent = new RecentStrings();

  constructor(
    readonly bytes: Uint8Array,
    readonly starts: Uint32Array,
  ) {
    if (starts.length === 0 || starts[starts.length - 1]! > bytes.length) throw new Error('packed names run past their bytes');
    this.text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.starts.length - 1;
  }

  at(value: number): string | undefined {
    if (!Number.isInteger(value) || value < 0 || value >= this.length) return undefined;
    return this.recent.of(value, (v) => this.text.toString('utf8', this.starts[v]!, this.starts[v + 1]!));
  }
}

/** `names` packed (PackedNames): what a snapshot file keeps of them. */
export function packNames(names: NameList): PackedNames {
  if (names instanceof PackedNames) return names;
  const starts = new Uint32Array(names.length + 1);
  const encoded: Buffer[] = [];
  let at = 0;
  for (let value = 0; value < names.length; value++) {
    const bytes = Buffer.from(names.at(value) ?? '', 'utf8');
    encoded.push(bytes);
    at += bytes.length;
    starts[value + 1] = at;
  }
  return new PackedNames(new Uint8Array(Buffer.concat(encoded, at)), starts);
}

/** The names a patch appended after a list's (value base.length + i is added[i]): the list itself is never copied. */
export class AppendedNames implements NameList {
  constructor(
    readonly base: NameList,
    readonly added: readonly string[],
  ) {}

  get length(): number {
    return this.base.length + this.added.length;
  }

  at(value: number): string | undefined {
    // (An array's own `at` counts a negative value from its end.)
    if (!Number.isInteger(value) || value < 0) return undefined;
    return value < this.base.length ? this.base.at(value) : this.added[value - this.base.length];
  }
}

/** `names` with `added` after them: the same list when nothing is added; one level of appended names however many patches. */
export function namesWith(names: NameList, added: readonly string[]): NameList {
  if (added.length === 0) return names;
  return names instanceof AppendedNames ? new AppendedNames(names.base, [...names.added, ...added]) : new AppendedNames(names, added);
}

/** Every name of `names`, in value order. */
export function nameArray(names: NameList): string[] {
  return Array.from({ length: names.length }, (_, value) => names.at(value)!);
}
