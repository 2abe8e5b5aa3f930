/**
 * The holdings map read the other way (issue 57 item 4, decision 0056): a title's copies written
 * as the holdings fields of a map — Koha's 952, MARC 21's 852 + 876, or a library's own — so that
 * importing the file with the same map (`npm run import -- --holdings …`) reads every copy back.
 * Each part goes to the first source the map reads it from (the call number to a `$h` among them
 * when there is one, MARC 21's classification part, else the first); a code goes out as the code
 * the map's table gives it, else as Estante's own (a library's sigla, which the import recognises
 * unmapped; a loan type's number and a status's name, for which `importArguments` says the
 * `--map-*` options that read them back). What a map has no place for is counted, never guessed.
 * Pure: the reads are catalog.export.ts.
 */
import type { DataField, MarcField, MarcRecord, Subfield } from '../../marc/record.js';
import type { CopyPart, CopyStatus, HoldingsMap } from './holdings.map.js';

/** One copy as the export reads it. */
export interface CopyToWrite {
  tombo: string;
  codBiblioteca: number;
  sigla: string;
  codTipoEmprestimo: number;
  localizacao: string;
  colecao: string | null;
  status: CopyStatus;
  volume: string | null;
  material: string | null;
  /** YYYY-MM-DD. */
  dataAquisicao: string;
}

/** What an export of copies in a map wrote, and the parts it had no place for. */
export interface HoldingsTally {
  copies: number;
  /** Copies whose part the map has no place for, by part (`volume`, `status:reservado`…). */
  notCarried: Record<string, number>;
}

export function emptyTally(): HoldingsTally {
  return { copies: 0, notCarried: {} };
}

/** The catalogue's copies by loan type, and the statuses they are in: what the import's options must map. */
export interface CopyCodes {
  loanTypes: Map<number, number>;
  statuses: Set<CopyStatus>;
}

const SOURCE = /^(\d{3})\$([0-9a-z])$/;

/** A part's source as tag and code: the first the map reads it from (for the call number a `$h`, if any). */
function sourceOf(map: HoldingsMap, part: CopyPart): { tag: string; code: string } | undefined {
  const sources = map.read[part] ?? [];
  const chosen = part === 'callNumber' ? (sources.find((s) => s.endsWith('$h')) ?? sources[0]) : sources[0];
  const match = chosen === undefined ? null : SOURCE.exec(chosen);
  return match ? { tag: match[1]!, code: match[2]! } : undefined;
}

/** The first code of a table that maps to `value` (never `*`, which stands for "no code"). */
function codeFor<V>(table: Record<string, V>, value: V): string | undefined {
  return Object.entries(table).find(([code, v]) => code !== '*' && v === value)?.[0];
}

/** The status a copy goes back to when read: a loan comes back with the loans file, so a lent copy returns to the shelf first. */
export const statusOnImport = (status: CopyStatus): CopyStatus => (status === 'emprestado' ? 'disponivel' : status);

/**
 * Koha's flags for a status, when the map reads no status part: lost, in processing (not for
 * loan below zero, Koha's "ordered", else damaged), for local use (not for loan, else restricted).
 */
function flagsFor(map: HoldingsMap, status: CopyStatus): [CopyPart, string][] | undefined {
  const has = (part: CopyPart) => sourceOf(map, part) !== undefined;
  switch (status) {
    case 'disponivel':
    case 'emprestado':
      return [];
    case 'extraviado':
      return has('lost') ? [['lost', '1']] : undefined;
    case 'em_processamento':
      return has('notForLoan') ? [['notForLoan', '-1']] : has('damaged') ? [['damaged', '1']] : undefined;
    case 'consulta_local':
      return has('notForLoan') ? [['notForLoan', '1']] : has('restricted') ? [['restricted', '1']] : undefined;
    default:
      return undefined;
  }
}

/** Counts a part the map has no place for. */
function notCarried(tally: HoldingsTally, what: string): void {
  tally.notCarried[what] = (tally.notCarried[what] ?? 0) + 1;
}

/**
 * The holdings fields of one title's copies in `map`, in the copies' order: one item field a copy
 * and, for a map with a holding field (MARC 21's 852), one holding field for each place (library,
 * call number, collection) before the items shelved there. `tally` counts what was written.
 */
export function holdingsFields(copies: readonly CopyToWrite[], map: HoldingsMap, tally: HoldingsTally): DataField[] {
  const item = map.items[0]!;
  const groups = new Map<string, { holding: Subfield[]; items: DataField[] }>();
  for (const copy of copies) {
    tally.copies++;
    const own: Subfield[] = [];
    const holding: Subfield[] = [];
    const put = (part: CopyPart, value: string | null | undefined) => {
      if (value === null || value === undefined || value.trim() === '') return;
      const source = sourceOf(map, part);
      if (!source) return notCarried(tally, part);
      const into = source.tag === map.holding ? holding : source.tag === item || map.items.includes(source.tag) ? own : undefined;
      if (!into) return notCarried(tally, part);
      into.push({ code: source.code, value });
    };
    put('barcode', copy.tombo);
    // Every source of the library (Koha's home and holding branch alike: Koha needs both).
    const library = codeFor(map.libraries, copy.codBiblioteca) ?? copy.sigla;
    for (const source of (map.read.library ?? []).map((s) => SOURCE.exec(s)).filter((m) => m !== null)) {
      const into = source[1] === map.holding ? holding : map.items.includes(source[1]!) ? own : undefined;
      into?.push({ code: source[2]!, value: library });
    }
    put('callNumber', copy.localizacao);
    put('collection', copy.colecao === null ? null : (codeFor(map.collections, copy.colecao) ?? copy.colecao));
    put('volume', copy.volume);
    put('material', copy.material);
    put('acquired', copy.dataAquisicao);
    // Where the map has no loan type (MARC 21), the import's `*` gives one to every copy: importArguments.
    if (sourceOf(map, 'loanType')) put('loanType', codeFor(map.loanTypes, copy.codTipoEmprestimo) ?? String(copy.codTipoEmprestimo));
    if (sourceOf(map, 'status')) put('status', codeFor(map.statuses, copy.status) ?? copy.status);
    else {
      const flags = flagsFor(map, copy.status);
      if (flags === undefined) notCarried(tally, `status:${copy.status}`);
      for (const [part, value] of flags ?? []) put(part, value);
    }
    const key = JSON.stringify(holding);
    const group = groups.get(key) ?? { holding, items: [] };
    groups.set(key, group);
    group.items.push({ tag: item, ind1: ' ', ind2: ' ', subfields: own });
  }
  return [...groups.values()].flatMap(({ holding, items }) =>
    map.holding ? [{ tag: map.holding, ind1: ' ', ind2: ' ', subfields: holding }, ...items.filter((i) => i.subfields.length > 0)] : items,
  );
}

/** Whether the map reads loan types at all (MARC 21's holdings have none). */
const readsLoanType = (map: HoldingsMap) => sourceOf(map, 'loanType') !== undefined;

/**
 * The record as the export writes it: the stored record without the fields the map reads copies
 * from (they were the source's copies, or notes a map of another system would misread) and with
 * the title's copies as they are now, placed in tag order.
 */
export function withHoldings(record: MarcRecord, fields: DataField[], map: HoldingsMap): MarcRecord {
  const tags = new Set([...map.items, ...(map.holding ? [map.holding] : [])]);
  const kept: MarcField[] = record.fields.filter((f) => !tags.has(f.tag));
  if (fields.length === 0) return { leader: record.leader, fields: kept };
  const first = fields[0]!.tag;
  let at = kept.length;
  while (at > 0 && kept[at - 1]!.tag > first) at--;
  return { leader: record.leader, fields: [...kept.slice(0, at), ...fields, ...kept.slice(at)] };
}

/**
 * The `--map-*` options with which `npm run import` reads the copies back (after `--holdings koha`,
 * `--holdings marc21` or `--holdings-map <file>`): each loan type and status written as Estante's
 * own mapped to itself, a lent copy's status to `disponivel` (the loans file lends it again), and
 * where the map has no loan type, the most common one for every copy.
 */
export function importArguments(map: HoldingsMap, codes: CopyCodes): string[] {
  const args: string[] = [];
  if (readsLoanType(map)) {
    for (const n of [...codes.loanTypes.keys()].sort((a, b) => a - b)) if (codeFor(map.loanTypes, n) === undefined) args.push('--map-loan-type', `${n}=${n}`);
  } else if (codes.loanTypes.size > 0 && map.loanTypes['*'] === undefined) args.push('--map-loan-type', `*=${mostCommon(codes)}`);
  if (sourceOf(map, 'status'))
    for (const status of [...codes.statuses].sort())
      if (codeFor(map.statuses, status) === undefined) args.push('--map-status', `${status}=${statusOnImport(status)}`);
  return args;
}

/** The loan type most copies have (the lower number on a tie). */
function mostCommon(codes: CopyCodes): number {
  return [...codes.loanTypes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
}

/** Copies whose loan type the map cannot carry: where it reads none, those not of the type every copy is given. */
export function loanTypesLost(map: HoldingsMap, codes: CopyCodes): number {
  if (readsLoanType(map) || codes.loanTypes.size === 0) return 0;
  const counts = [...codes.loanTypes.values()];
  return counts.reduce((a, b) => a + b, 0) - Math.max(...counts);
}
