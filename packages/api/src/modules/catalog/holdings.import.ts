/**
 * The copies part of an import (issue 57): the map made ready against the database (codes that
 * name no library or loan type refused before anything is written), a record's copies tallied as
 * they are read, and written in the transaction of their record's batch — a record and its copies
 * go in together or not at all. The title's copies follow the record: by barcode, added or updated;
 * one the record no longer holds is deleted unless it is on loan or anything refers to it (then it
 * is reported). A record without holdings fields leaves its title's copies as they are.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Db } from '../../db/client.js';
import type { Tx } from './catalog.queries.js';
import { BUILT_IN_MAPS, type HoldingsArgs, type HoldingsMap, mapFromFile, type RecordHoldings } from './holdings.map.js';
import {
  batchCopies,
  collectionNames,
  copiesNotKept,
  copyDiffers,
  deleteCopies,
  insertCopies,
  librarySiglas,
  loanTypeIds,
  updateCopies,
} from './holdings.queries.js';

/** A map ready to import with: its code tables complete, and the collections copies already name. */
export interface ReadyHoldings {
  map: HoldingsMap;
  collections: Set<string>;
}

/** What an import did with copies. */
export interface HoldingsReport {
  map: string;
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /** Copies the records hold that were not imported (unmapped codes, no barcode, barcode twice, another title's barcode). */
  leftOut: number;
  withdrawn: number;
  /** Codes the map does not translate, with how many copies named each. */
  unmapped: { library: Record<string, number>; loanType: Record<string, number>; status: Record<string, number> };
  /** Collections no copy named before this import, with how many copies now do. */
  newCollections: Record<string, number>;
}

export function emptyHoldingsReport(map: string): HoldingsReport {
  return {
    map,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
    leftOut: 0,
    withdrawn: 0,
    unmapped: { library: {}, loanType: {}, status: {} },
    newCollections: {},
  };
}

/**
 * The map the arguments name, with their codes over the file's, and every library whose code
 * (sigla) is a code the map does not name. Throws — before anything is imported — when a number
 * it maps to is no library or no loan type, or the map file cannot be read.
 */
export async function readyHoldings(db: Db, args: HoldingsArgs): Promise<ReadyHoldings> {
  const name = args.map!;
  let base: HoldingsMap;
  if (BUILT_IN_MAPS[name]) base = BUILT_IN_MAPS[name];
  else {
    let text: string;
    try {
      text = readFileSync(name, 'utf8');
    } catch (error) {
      throw new Error(`holdings map ${name} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    base = mapFromFile(text, basename(name));
  }
  const map: HoldingsMap = {
    ...base,
    libraries: { ...base.libraries, ...args.libraries },
    loanTypes: { ...base.loanTypes, ...args.loanTypes },
    collections: { ...base.collections, ...args.collections },
    statuses: { ...base.statuses, ...args.statuses },
  };
  const libraries = await librarySiglas(db);
  const known = new Set(libraries.map((l) => l.id));
  for (const [code, id] of Object.entries(map.libraries))
    if (!known.has(id)) throw new Error(`library code ${code} is mapped to library ${id}, which does not exist`);
  for (const l of libraries) if (!(l.sigla in map.libraries)) map.libraries[l.sigla] = l.id;
  const types = new Set(await loanTypeIds(db));
  for (const [code, id] of Object.entries(map.loanTypes))
    if (!types.has(id)) throw new Error(`loan type code ${code} is mapped to loan type ${id}, which does not exist`);
  return { map, collections: new Set(await collectionNames(db)) };
}

/** Counts what reading one record's holdings left out and which new collections it names; answers its warnings. */
export function tallyRead(report: HoldingsReport, ready: ReadyHoldings, read: RecordHoldings): string[] {
  const warnings = [...read.warnings];
  for (const out of read.leftOut) {
    if (out.kind === 'withdrawn') {
      report.withdrawn++;
      continue;
    }
    report.leftOut++;
    if (out.kind === 'unmapped') report.unmapped[out.part][out.code] = (report.unmapped[out.part][out.code] ?? 0) + 1;
    else if (out.kind === 'no-barcode') warnings.push('a copy without a barcode was not imported');
    else warnings.push(`barcode ${out.barcode} is given to two copies: the second was not imported`);
  }
  for (const copy of read.copies) {
    if (copy.colecao !== null && !ready.collections.has(copy.colecao)) report.newCollections[copy.colecao] = (report.newCollections[copy.colecao] ?? 0) + 1;
  }
  return warnings;
}

/** One record's holdings in a batch. */
export interface BatchHoldings {
  position: number;
  controlNumber: string;
  read: RecordHoldings;
}

/** What writing a batch's copies did; applied to the report only once its transaction commits. */
export interface CopyCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
  leftOut: number;
  notes: { position: number; message: string }[];
}

/**
 * Writes the copies of a batch's records, in the transaction that wrote the records: one statement
 * reads the titles and the copies the batch names, one adds the new copies, and one updates those
 * the records say something new of (a copy the record leaves as it is is not sent); the copies
 * the records no longer hold are looked at again, locked, only when there are any.
 */
export async function writeHoldings(tx: Tx, batch: BatchHoldings[]): Promise<CopyCounts> {
  const counts: CopyCounts = { inserted: 0, updated: 0, unchanged: 0, deleted: 0, leftOut: 0, notes: [] };
  const present = batch.filter((b) => b.read.present);
  if (present.length === 0) return counts;
  const { titles, byBarcode, others } = await batchCopies(
    tx,
    present.map((b) => b.controlNumber),
    present.flatMap((b) => b.read.copies.map((c) => c.tombo)),
  );
  const inserts = [];
  const updates = [];
  let same = 0;
  for (const { position, controlNumber, read } of present) {
    const codAcervo = titles.get(controlNumber)!;
    for (const copy of read.copies) {
      const known = byBarcode.get(copy.tombo);
      if (!known) inserts.push({ ...copy, codAcervo });
      else if (known.codAcervo !== codAcervo) {
        counts.leftOut++;
        counts.notes.push({ position, message: `barcode ${copy.tombo} is a copy of title ${known.controlNumber}: not moved to this one` });
      } else if (copyDiffers(known, copy)) updates.push({ ...copy, codAcervo });
      else same++;
    }
  }
  counts.inserted = await insertCopies(tx, inserts);
  counts.updated = await updateCopies(tx, updates);
  counts.unchanged = same + updates.length - counts.updated;
  const keep = new Set(present.flatMap((b) => b.read.keep));
  if (!others.some((c) => !keep.has(c.tombo))) return counts;
  const positionOf = new Map(present.map((b) => [titles.get(b.controlNumber)!, b.position]));
  const gone = await copiesNotKept(tx, [...positionOf.keys()], [...keep]);
  const deletable: number[] = [];
  for (const copy of gone) {
    const position = positionOf.get(copy.codAcervo)!;
    if (copy.status === 'emprestado')
      counts.notes.push({ position, message: `copy ${copy.tombo} is on loan: not deleted, though the record no longer holds it` });
    else if (copy.referenced.length > 0)
      counts.notes.push({
        position,
        message: `copy ${copy.tombo} is not deleted, though the record no longer holds it: ${copy.referenced.join(', ')} refer to it`,
      });
    else deletable.push(copy.id);
  }
  await deleteCopies(tx, deletable);
  counts.deleted = deletable.length;
  return counts;
}

/** The lines an import's report gives its copies. */
export function holdingsLines(report: HoldingsReport): string[] {
  const lines = [
    `  copies (${report.map} map): ${report.inserted} new, ${report.updated} updated, ${report.unchanged} unchanged, ${report.deleted} deleted, ${report.leftOut} not imported, ${report.withdrawn} withdrawn`,
  ];
  const flag = { library: '--map-library', loanType: '--map-loan-type', status: '--map-status' } as const;
  const what = { library: 'library', loanType: 'loan type', status: 'status' } as const;
  for (const part of ['library', 'loanType', 'status'] as const) {
    for (const [code, n] of Object.entries(report.unmapped[part])) {
      const value = part === 'status' ? '<status>' : '<number>';
      lines.push(`  ${what[part]} '${code}' is not mapped: ${n} ${n === 1 ? 'copy' : 'copies'} not imported (map it: ${flag[part]} '${code}=${value}')`);
    }
  }
  for (const [name, n] of Object.entries(report.newCollections))
    lines.push(`  collection '${name}' is new: ${n} ${n === 1 ? 'copy names' : 'copies name'} it as written (another name: --map-collection '${name}=<name>')`);
  return lines;
}
