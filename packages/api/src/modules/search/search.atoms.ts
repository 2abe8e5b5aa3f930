import type { IdSet } from './id-sets.js';
import { union } from './id-sets.js';
import type { Snapshot } from './search.snapshot.js';

/*
 * Atoms: the ids PostgreSQL answers for one word or one phrase (with, for a word, the fields
 * it is found in and its positions), decoded into typed arrays once and cached by the
 * SearchIndex (search.index.ts); a search's Run (search.run.ts) combines them.
 */

/** Reads an atom's rows: all of them, or those of the titles `only`. */
export type AtomQuery = (only?: number[]) => Promise<AtomRow[]>;

/** A row of an atom: the title, and for a word its field mask or its vector entry (fetchWordPositions). */
export type AtomRow = { id: number; m?: number; v?: string };

/** The lexeme of a word key that is exactly one quoted lexeme (`'educacao'`), else null. */
export function singleLexeme(key: string): string | null {
  const match = /^'([^'\\]+)'$/.exec(key);
  return match ? match[1]! : null;
}

/**
 * An atom's kept ids (with their masks) and the fresh rows of the changed titles, merged.
 * Positions are not carried over: a phrase with a patched word is matched by PostgreSQL.
 */
export function mergeAtoms(atom: Atom, kept: IdSet, fresh: Atom): Atom {
  const ids = union(kept, fresh.ids);
  let masks: Uint8Array | null = null;
  if (atom.masks || fresh.masks) {
    masks = new Uint8Array(ids.length);
    const maskOf = new Map<number, number>();
    atom.ids.forEach((id, i) => maskOf.set(id, atom.masks?.[i] ?? 0));
    fresh.ids.forEach((id, i) => maskOf.set(id, fresh.masks?.[i] ?? 0));
    ids.forEach((id, i) => (masks![i] = maskOf.get(id) ?? 0));
  }
  return { ids, masks, positions: null, bytes: ids.byteLength + (masks?.byteLength ?? 0) + 64 };
}

/**
 * Ids (ascending) with, for word atoms, the field mask of each, and for words read with their
 * positions, each title's positions: `at[start[i]] … at[start[i + 1] - 1]`, each `position × 4
 * + weight` (A 3 … D 0), ascending.
 */
export interface Atom {
  ids: IdSet;
  masks: Uint8Array | null;
  positions: { start: Int32Array; at: Uint16Array } | null;
  bytes: number;
}

export function atomOf(snapshot: Snapshot, rows: AtomRow[]): Atom {
  // Ids the snapshot does not know (a title committed after it was read) wait for the next one.
  const known = rows.filter((r) => snapshot.present[r.id] === 1).sort((a, b) => a.id - b.id);
  const ids = Int32Array.from(known, (r) => r.id);
  if (known.length === 0 || known[0]!.v === undefined) {
    const masks = known.length && known[0]!.m !== undefined ? Uint8Array.from(known, (r) => r.m ?? 0) : null;
    return { ids, masks, positions: null, bytes: ids.byteLength + (masks?.byteLength ?? 0) + 64 };
  }
  const masks = new Uint8Array(known.length);
  const start = new Int32Array(known.length + 1);
  // Read by hand, character by character: a frequent word has half a million of these.
  let at = new Uint16Array(known.length * 2);
  let n = 0;
  known.forEach((r, i) => {
    start[i] = n;
    // 'lexeme':2A,15,19 — positions ascending, each with its weight letter (none for D).
    const v = r.v!;
    const colon = v.lastIndexOf("':");
    // A vector without positions (stripped) says nothing of fields: any field, no phrase.
    if (colon < 0) {
      masks[i] = 15;
      return;
    }
    let position = 0;
    for (let k = colon + 2; k <= v.length; k++) {
      const c = k < v.length ? v.charCodeAt(k) : 44;
      if (c >= 48 && c <= 57) position = position * 10 + (c - 48);
      else {
        // A letter (A–D) ends an entry with its weight; a comma or the end, one of weight D.
        const weight = c >= 65 && c <= 68 ? 68 - c : 0;
        if (c !== 44) k++;
        if (n === at.length) {
          const grown = new Uint16Array(at.length * 2);
          grown.set(at);
          at = grown;
        }
        masks[i]! |= 1 << weight;
        at[n++] = position * 4 + weight;
        position = 0;
      }
    }
  });
  start[known.length] = n;
  at = at.slice(0, n);
  return { ids, masks, positions: { start, at }, bytes: ids.byteLength + masks.byteLength + start.byteLength + at.byteLength + 64 };
}

/**
 * Whether the words of `atoms` follow one another (positions p, p + 1, …) under a weight in
 * `bits` in the title each `cursor` points at: PostgreSQL's `'a':W <-> 'b':W`, from the same
 * positions.
 */
export function inSequence(atoms: Atom[], cursors: Int32Array, bits: number): boolean {
  const first = atoms[0]!.positions!;
  for (let k = first.start[cursors[0]!]!; k < first.start[cursors[0]! + 1]!; k++) {
    const entry = first.at[k]!;
    if (!((bits >> (entry & 3)) & 1)) continue;
    const p = entry >> 2;
    let all = true;
    for (let w = 1; w < atoms.length && all; w++) {
      const { start, at } = atoms[w]!.positions!;
      all = false;
      for (let j = start[cursors[w]!]!; j < start[cursors[w]! + 1]!; j++) {
        const e = at[j]!;
        if (e >> 2 === p + w && (bits >> (e & 3)) & 1) {
          all = true;
          break;
        }
      }
    }
    if (all) return true;
  }
  return false;
}

/** The ids of an atom whose mask has any of `bits`. */
export function withBits(atom: Atom, bits: number): IdSet {
  const out = new Int32Array(atom.ids.length);
  let n = 0;
  for (let i = 0; i < atom.ids.length; i++) if (atom.masks![i]! & bits) out[n++] = atom.ids[i]!;
  return out.subarray(0, n);
}
