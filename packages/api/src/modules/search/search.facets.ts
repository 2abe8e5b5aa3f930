import { NO_YEAR } from '@estante/contracts/search';
import { FLAG, isMultiFacet, MULTI_FACETS, type MultiFacet, type Snapshot } from './search.snapshot.js';

/** One facet value as an answer shows it: its facet, code, figures and (multi-valued) name. */
export interface FacetCount {
  faceta: string;
  codigo: string;
  total: number;
  sem_filtro: number;
  /**
   * A multi-valued facet's value (author, subject, publisher…): its name, read with its code
   * when counted, so an answer names it without looking the code up among hundreds of thousands.
   */
  nome?: string;
}

/**
 * The facets in the order a value's kind is numbered: the single-valued ones (type, year,
 * language, "only with", knowledge area), then the multi-valued ones in MULTI_FACETS order.
 */
export const FACET_KINDS = ['T', 'Y', 'I', 'X', 'K', ...MULTI_FACETS] as const;
/** The kind of the first multi-valued facet (FACET_KINDS). */
export const FIRST_MULTI = 5;

/**
 * A search's counted facet values, packed (decision 0069): one entry per value in three or four
 * arrays, where an object per value (FacetCount, with its code and name strings) took some 140
 * bytes and the 2,000 texts kept at a million titles held 284,000 of them. FacetCount objects are
 * made only for an answer (facetCounts), from the snapshot the values were counted in.
 */
export interface PackedFacets {
  /** Each value's facet, as its index in FACET_KINDS. */
  kinds: Uint8Array;
  /**
   * Each value's number as the counters number it: T the work type, Y 0 (no year) or the year
   * plus one, I the language's place in `Snapshot.languages` plus one, X the flag's bit, K the
   * knowledge area, a multi-valued facet's value number in `Snapshot.multi`.
   */
  values: Int32Array;
  /** The titles the text alone matches (totalSemFiltro). */
  all: Int32Array;
  /** The titles the other facets' filters leave (total); absent: as `all` (no filter). */
  total?: Int32Array;
}

/** Values packed one at a time (Run.facetList). */
export class FacetPacker {
  private kinds: number[] = [];
  private values: number[] = [];
  private all: number[] = [];
  private total: number[] = [];

  push(kind: number, value: number, all: number, total: number): void {
    this.kinds.push(kind);
    this.values.push(value);
    this.all.push(all);
    this.total.push(total);
  }

  /** `filtered`: the totals differ from the figures without filters (else they are left out). */
  packed(filtered: boolean): PackedFacets {
    return {
      kinds: Uint8Array.from(this.kinds),
      values: Int32Array.from(this.values),
      all: Int32Array.from(this.all),
      ...(filtered ? { total: Int32Array.from(this.total) } : {}),
    };
  }
}

/** The facet values of `packed` as an answer shows them, named from `s` (the snapshot they were counted in, or patched to). */
export function facetCounts(packed: PackedFacets, s: Snapshot): FacetCount[] {
  const { kinds, values, all, total } = packed;
  const out: FacetCount[] = new Array(kinds.length);
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i]!;
    const value = values[i]!;
    const count: FacetCount = { faceta: FACET_KINDS[kind]!, codigo: codeOf(s, kind, value), total: (total ?? all)[i]!, sem_filtro: all[i]! };
    if (kind >= FIRST_MULTI) count.nome = s.multi[FACET_KINDS[kind] as MultiFacet].names.at(value)!;
    out[i] = count;
  }
  return out;
}

const FLAG_CODE: Record<number, string> = Object.fromEntries(Object.entries(FLAG).map(([code, bit]) => [bit, code]));

/** A value's code as the filters and answers name it (`kind`, `value`: as PackedFacets numbers them). */
export function codeOf(s: Snapshot, kind: number, value: number): string {
  switch (kind) {
    case 0:
    case 4:
      return String(value);
    case 1:
      return value === 0 ? NO_YEAR : String(value - 1);
    case 2:
      return s.languages[value - 1]!;
    case 3:
      return FLAG_CODE[value]!;
    default:
      return s.multi[FACET_KINDS[kind] as MultiFacet].codes.at(value)!;
  }
}

/** A facet code's value number in `s` (as PackedFacets numbers it), or undefined when `s` has no such value. */
export function valueOf(s: Snapshot, faceta: string, codigo: string): { kind: number; value: number } | undefined {
  const kind = (FACET_KINDS as readonly string[]).indexOf(faceta);
  if (kind < 0) return undefined;
  let value: number | undefined;
  if (isMultiFacet(faceta)) value = s.multi[faceta].codes.get(codigo);
  else if (faceta === 'Y') value = codigo === NO_YEAR ? 0 : /^\d{1,4}$/.test(codigo) ? Number(codigo) + 1 : undefined;
  else if (faceta === 'I') value = s.languages.indexOf(codigo) + 1 || undefined;
  else if (faceta === 'X') value = (FLAG as Record<string, number>)[codigo];
  else value = /^\d{1,5}$/.test(codigo) ? Number(codigo) : undefined;
  return value === undefined ? undefined : { kind, value };
}

/**
 * Whether every value of `packed` exists in `s` (facets read from disk are checked against the
 * snapshot they are put to use with, so a damaged file cannot name a value past a list's end).
 */
export function fitsSnapshot(packed: PackedFacets, s: Snapshot): boolean {
  const { kinds, values, all, total } = packed;
  if (values.length !== kinds.length || all.length !== kinds.length || (total && total.length !== kinds.length)) return false;
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i]!;
    const value = values[i]!;
    if (kind >= FACET_KINDS.length || value < 0 || all[i]! < 0) return false;
    if (kind === 2 && value > s.languages.length) return false;
    if (kind === 3 && FLAG_CODE[value] === undefined) return false;
    if (kind >= FIRST_MULTI && value >= s.multi[FACET_KINDS[kind] as MultiFacet].codes.length) return false;
  }
  return true;
}

/** Memory a packed list takes (its arrays and their headers). */
export function packedBytes(packed: PackedFacets): number {
  return packed.kinds.byteLength + packed.values.byteLength + packed.all.byteLength + (packed.total?.byteLength ?? 0) + 4 * 96;
}
