/**
 * A facet's value codes, both ways: value number → the code a filter names it by, and code →
 * value number. A heading's code is a 48-bit hash written in base 36 (headingCode); a library's,
 * a course's or a partner's, a whole number; both read back exactly as base-36 numbers. So the
 * codes are kept as numbers (8 bytes a value) with an open-addressing table of value numbers
 * (8 bytes a value more), where an array of strings and a Map took some 75: at a million titles,
 * 467,408 values, 35 MB of heap became 7.5 MB (issue 59, memory).
 */

import { RecentStrings } from './search.names.js';

/** Value number → code. An array of strings is one. */
export interface CodeList {
  readonly length: number;
  at(value: number): string | undefined;
}

/** Code → value number. A Map is one. */
export interface CodeLookup {
  get(code: string): number | undefined;
}

export type FacetCodes = CodeList & CodeLookup;

/** The codes `codes` (each once), value number = position: numbers when every code reads back as one, strings otherwise. */
export function facetCodes(codes: readonly string[]): FacetCodes {
  const numbers = new Float64Array(codes.length);
  for (let value = 0; value < codes.length; value++) {
    const n = codeNumber(codes[value]!);
    if (n === undefined) return new StringCodes(codes);
    numbers[value] = n;
  }
  return new NumberCodes(numbers);
}

/** The codes as numbers (value number = position) when they are kept as numbers, else null: what a snapshot file keeps of them. */
export function codeNumbers(codes: FacetCodes): Float64Array | null {
  return codes instanceof NumberCodes ? codes.numbers : null;
}

/** Codes kept as numbers (codeNumbers), as they were. */
export function facetCodesOf(numbers: Float64Array): FacetCodes {
  return new NumberCodes(numbers);
}

/** Every code of `codes`, in value order. */
export function codeArray(codes: CodeList): string[] {
  return Array.from({ length: codes.length }, (_, value) => codes.at(value)!);
}

/** The number a code is in base 36, when it writes that number back exactly (no leading zero, lower case, under 2^53). */
function codeNumber(code: string): number | undefined {
  if (code.length === 0 || code.length > 10) return undefined;
  const n = parseInt(code, 36);
  return Number.isSafeInteger(n) && n.toString(36) === code ? n : undefined;
}

/** Mixes both halves of a code number into a table position. */
function slotOf(n: number, mask: number): number {
  return (Math.imul(n | 0, 0x9e3779b1) ^ Math.imul((n / 0x100000000) | 0, 0x85ebca6b) ^ ((n / 0x100000000) | 0)) & mask;
}

class NumberCodes implements FacetCodes {
  /** Value number + 1 at a code's position (0: empty), at most half full. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly recent = new RecentStrings();

  constructor(readonly numbers: Float64Array) {
    let size = 16;
    while (size < numbers.length * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let value = 0; value < numbers.length; value++) {
      let i = slotOf(numbers[value]!, this.mask);
      while (this.slots[i] !== 0) i = (i + 1) & this.mask;
      this.slots[i] = value + 1;
    }
  }

  get length(): number {
    return this.numbers.length;
  }

  at(value: number): string | undefined {
    return Number.isInteger(value) && value >= 0 && value < this.numbers.length ? this.recent.of(value, (v) => this.numbers[v]!.toString(36)) : undefined;
  }

  get(code: string): number | undefined {
    const n = codeNumber(code);
    if (n === undefined) return undefined;
    for (let i = slotOf(n, this.mask); this.slots[i] !== 0; i = (i + 1) & this.mask) {
      const value = this.slots[i]! - 1;
      if (this.numbers[value] === n) return value;
    }
    return undefined;
  }
}

/** Codes that are not all numbers (none of ours today; a kept snapshot or a future facet might have them). */
class StringCodes implements FacetCodes {
  private readonly byCode: Map<string, number>;

  constructor(private readonly codes: readonly string[]) {
    this.byCode = new Map(codes.map((code, value) => [code, value]));
  }

  get length(): number {
    return this.codes.length;
  }

  at(value: number): string | undefined {
    return this.codes[value];
  }

  get(code: string): number | undefined {
    return this.byCode.get(code);
  }
}
