import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ReadItem } from '../../marc/iso2709.js';
import { deriveAuthority, deriveTitle, isAuthorityRecord } from '../../marc/derive.js';
import { languageNames } from '../../marc/languages.js';
import { controlNumber, type MarcRecord } from '../../marc/record.js';
import { type DeletionReport, deleteByControlNumber, emptyDeletionReport } from './catalog.delete.js';
import {
  type AuthorityInsert,
  existingLanguageCodes,
  type TitleInsert,
  insertLanguages,
  saveDerived,
  titlesNotDerived,
  type Tx,
  upsertAuthorities,
  upsertTitles,
} from './catalog.queries.js';
import {
  type BatchHoldings,
  type CopyCounts,
  emptyHoldingsReport,
  type HoldingsReport,
  type ReadyHoldings,
  tallyRead,
  writeHoldings,
} from './holdings.import.js';
import { type RecordHoldings, readHoldings } from './holdings.map.js';

/** What an import did, record by record where something went wrong. */
export interface ImportReport {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: { position: number; offset: number; reason: string }[];
  junk: { offset: number; bytes: number }[];
  warnings: { position: number; message: string }[];
  /** Rejections and warnings past the first DETAIL_LIMIT of each, counted but not kept: memory stays bounded. */
  omitted: { rejected: number; warnings: number };
  /** What was done with copies, when the import reads them (`holdings`). */
  holdings?: HoldingsReport;
}

/** Records read between two turns of the event loop while a batch is written. */
const TURN_EVERY = 8;

/** How many rejections and warnings a report keeps in full. */
export const DETAIL_LIMIT = 10_000;

/** Notes a rejection or a warning: kept while under DETAIL_LIMIT, else counted. */
function note<K extends 'rejected' | 'warnings'>(report: ImportReport, kind: K, entry: ImportReport[K][number]): void {
  if (report[kind].length < DETAIL_LIMIT) (report[kind] as ImportReport[K][number][]).push(entry);
  else report.omitted[kind]++;
}

/**
 * An import's report with what its deletion records did: a record whose leader/05 is 'd' (MARC
 * "deleted") deletes the title with its control number (001) and its copies, leaving the OAI-PMH
 * tombstone (migration 0037); a title with a copy on loan, or rows that refer to it or a copy, is
 * kept and reported (catalog.delete.ts).
 */
export interface ImportResult extends ImportReport {
  /** Titles deleted (`deletions.deleted`). */
  deleted: number;
  deletions: DeletionReport;
}

type Prepared = { position: number; offset: number } & (
  { kind: 'title'; row: TitleInsert; holdings?: RecordHoldings } | { kind: 'authority'; row: AuthorityInsert }
);

export interface ImportOptions {
  /** Records a batch holds at most (500). */
  batchSize?: number;
  /** Characters of record data a batch holds at most (BATCH_CHARACTERS): large records make smaller batches. */
  batchCharacters?: number;
  /**
   * Awaited after each batch is handed to the database. The embedded engine answers without ever
   * returning to the event loop, and a file read a megabyte at a time gives a thousand records
   * at once: a running server importing yields here (`setImmediate`), or its HTTP calls wait
   * for the whole megabyte.
   */
  between?: () => Promise<void>;
  /** Called after each batch with the byte offset reached and the report so far. */
  onProgress?: (offset: number, report: ImportReport) => void;
  /** Titles written (inserted, updated, deleted) from which the import ends with ANALYZE; default 10,000. */
  analyzeFrom?: number;
  /** Copies are read from each record's holdings fields by this map (holdings.import.ts: `readyHoldings`). */
  holdings?: ReadyHoldings;
}

/**
 * After a large import the planner's statistics of titles and of the search vocabulary are
 * those of the catalogue before it until autovacuum's next pass; "did you mean" at a million
 * freshly generated titles ran at half its speed until then (bench/README, issue 26).
 */
const ANALYZE_FROM = 10_000;

/**
 * A batch is closed at this many characters of record data (leader, fields, subfields), whatever
 * its count: a batch lives in memory several times over (the parsed record, its derived row, the
 * JSON sent to the database), and two are alive at once (one written while the next is read).
 * 1,000 catalogue records of 19 KB of MARCXML each took the importer past its 128 MB heap
 * (issue 52); at 1 M characters a batch stays near 30 MB however large its records are.
 */
export const BATCH_CHARACTERS = 1_000_000;

/** Characters of data in a record: what its batch is measured by. */
export function recordCharacters(record: MarcRecord): number {
  let n = record.leader.length;
  for (const field of record.fields) {
    if ('value' in field) n += field.value.length + 8;
    else for (const sub of field.subfields) n += sub.value.length + 4;
  }
  return n;
}

/**
 * Imports bibliographic and authority records, upserting by control number (001). Each
 * batch is one transaction; a batch the database refuses is retried record by record, so a
 * bad record is rejected with its reason and never takes the others down with it. A deletion
 * record (leader/05 'd') deletes its title in a transaction of its own, after the records
 * before it are written, so a file's records apply in their order.
 */
export async function importMarcRecords(db: Db, items: Iterable<ReadItem> | AsyncIterable<ReadItem>, options: ImportOptions = {}): Promise<ImportResult> {
  const batchSize = options.batchSize ?? 500;
  const batchCharacters = options.batchCharacters ?? BATCH_CHARACTERS;
  const report: ImportResult = {
    read: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
    deletions: emptyDeletionReport(),
    rejected: [],
    junk: [],
    warnings: [],
    omitted: { rejected: 0, warnings: 0 },
    ...(options.holdings ? { holdings: emptyHoldingsReport(options.holdings.map.name) } : {}),
  };
  let batch: Prepared[] = [];
  let characters = 0;
  let keys = new Set<string>();
  let lastOffset = 0;
  // One batch is written while the next is read and derived: the database and this process
  // work at the same time. Writes stay one at a time and in file order.
  let writing: Promise<void> = Promise.resolve();
  // While a batch is being written, the reading gives the event loop a turn every few records:
  // records come a megabyte of file at a time, as microtasks, and the database's answers (each
  // batch is several statements) would otherwise wait until the whole megabyte was derived, the
  // database idle meanwhile (issue 57: 1,990 → see bench/README.md, records with their copies).
  let inFlight = false;
  let sinceTurn = 0;
  const flush = async () => {
    const current = batch;
    const offset = lastOffset;
    batch = [];
    characters = 0;
    keys = new Set();
    await writing;
    inFlight = true;
    writing = writeBatch(db, current, report).then(() => {
      inFlight = false;
      options.onProgress?.(offset, report);
    });
    // Marked handled here; a failure still surfaces at the next `await writing`.
    writing.catch(() => undefined);
    await options.between?.();
  };
  for await (const item of items) {
    if (inFlight && ++sinceTurn >= TURN_EVERY) {
      sinceTurn = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (item.kind === 'junk') {
      report.junk.push({ offset: item.offset, bytes: item.bytes });
      continue;
    }
    report.read++;
    lastOffset = item.offset;
    if (item.kind === 'rejected') {
      note(report, 'rejected', { position: item.position, offset: item.offset, reason: item.reason });
      continue;
    }
    for (const message of item.warnings) note(report, 'warnings', { position: item.position, message });
    if (isDeletion(item.record)) {
      if (batch.length > 0) await flush();
      await writing;
      await deleteRecord(db, item.record, item.position, item.offset, report);
      await options.between?.();
      continue;
    }
    const prepared = prepare(item.record, item.position, item.offset, report, options.holdings);
    if (!prepared) continue;
    // A batch names a title, and a copy, once: the same twice in one statement is refused.
    const batchKeys = [`${prepared.kind} ${prepared.row.controlNumber}`];
    if (prepared.kind === 'title') for (const copy of prepared.holdings?.copies ?? []) batchKeys.push(`copy ${copy.tombo}`);
    if (batchKeys.some((k) => keys.has(k))) await flush();
    batch.push(prepared);
    for (const k of batchKeys) keys.add(k);
    characters += recordCharacters(item.record);
    if (batch.length >= batchSize || characters >= batchCharacters) await flush();
  }
  await flush();
  await writing;
  if (report.inserted + report.updated + report.deleted >= (options.analyzeFrom ?? ANALYZE_FROM)) {
    // Statistics only: an import that wrote its titles has succeeded whether or not this runs.
    await db.execute(sql`analyze titles, copies, search_terms, search_headings`).catch(() => undefined);
  }
  return report;
}

function prepare(record: MarcRecord, position: number, offset: number, report: ImportReport, holdings?: ReadyHoldings): Prepared | null {
  const number = controlNumber(record);
  const reject = (reason: string) => {
    note(report, 'rejected', { position, offset, reason });
    return null;
  };
  if (!number) return reject('record has no control number (001)');
  try {
    if (isAuthorityRecord(record)) {
      return { position, offset, kind: 'authority', row: { controlNumber: number, marc: record, ...deriveAuthority(record) } };
    }
    const row: TitleInsert = { controlNumber: number, marc: record, ...deriveTitle(record) };
    if (!holdings || !report.holdings) return { position, offset, kind: 'title', row };
    const read = readHoldings(record, holdings.map, row.callNumber ?? null);
    for (const message of tallyRead(report.holdings, holdings, read)) note(report, 'warnings', { position, message });
    return { position, offset, kind: 'title', row, holdings: read };
  } catch (error) {
    return reject(error instanceof Error ? error.message : String(error));
  }
}

/** MARC leader/05 (record status) 'd': the record says its title is deleted. */
function isDeletion(record: MarcRecord): boolean {
  return record.leader.charAt(5) === 'd';
}

/**
 * Deletes the title a deletion record names and its copies, in its own transaction, reported in
 * `deletions` (deleted, not found, or kept and why: catalog.delete.ts); a record without a
 * control number, an authority's, or one the database refuses is rejected.
 */
async function deleteRecord(db: Db, record: MarcRecord, position: number, offset: number, report: ImportResult): Promise<void> {
  const number = controlNumber(record);
  const reject = (reason: string) => note(report, 'rejected', { position, offset, reason });
  if (!number) return void reject('deletion record has no control number (001)');
  if (isAuthorityRecord(record)) return void reject(`authority ${number} is not deleted: the import deletes titles only`);
  try {
    await deleteByControlNumber(db, number, `record ${position}`, report.deletions);
    report.deleted = report.deletions.deleted;
  } catch (error) {
    reject(databaseReason(error));
  }
}

async function writeBatch(db: Db, batch: Prepared[], report: ImportReport): Promise<void> {
  if (batch.length === 0) return;
  try {
    const counts = await db.transaction((tx) => writeRows(tx, batch));
    tally(report, batch.length, counts);
  } catch {
    // Find the record(s) the database refuses; the rest go in.
    for (const one of batch) {
      try {
        tally(report, 1, await db.transaction((tx) => writeRows(tx, [one])));
      } catch (error) {
        note(report, 'rejected', { position: one.position, offset: one.offset, reason: databaseReason(error) });
      }
    }
  }
}

async function writeRows(tx: Tx, batch: Prepared[]): Promise<{ inserted: number; updated: number; copies?: CopyCounts }> {
  const titleRows = batch.flatMap((p) => (p.kind === 'title' ? [p.row] : []));
  const authorityRows = batch.flatMap((p) => (p.kind === 'authority' ? [p.row] : []));
  const codes = [...new Set(titleRows.map((r) => r.idioma).filter((c): c is string => typeof c === 'string'))];
  const known = await existingLanguageCodes(tx, codes);
  await insertLanguages(
    tx,
    codes
      .filter((c) => !known.has(c))
      .map((codigo) => {
        const names = languageNames(codigo);
        return { codigo, nomePt: names.pt, nomeEn: names.en, nomeEs: names.es };
      }),
  );
  const a = await upsertTitles(tx, titleRows);
  const b = await upsertAuthorities(tx, authorityRows);
  const holdings = batch.flatMap((p): BatchHoldings[] =>
    p.kind === 'title' && p.holdings ? [{ position: p.position, controlNumber: p.row.controlNumber, read: p.holdings }] : [],
  );
  const copies = holdings.length > 0 ? await writeHoldings(tx, holdings) : undefined;
  return { inserted: a.inserted + b.inserted, updated: a.updated + b.updated, copies };
}

function tally(report: ImportReport, size: number, counts: { inserted: number; updated: number; copies?: CopyCounts }) {
  report.inserted += counts.inserted;
  report.updated += counts.updated;
  report.unchanged += size - counts.inserted - counts.updated;
  const copies = counts.copies;
  if (!copies || !report.holdings) return;
  report.holdings.inserted += copies.inserted;
  report.holdings.updated += copies.updated;
  report.holdings.unchanged += copies.unchanged;
  report.holdings.deleted += copies.deleted;
  report.holdings.leftOut += copies.leftOut;
  for (const entry of copies.notes) note(report, 'warnings', entry);
}

function databaseReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return `the database refused the record: ${message.split('\n')[0]}`;
}

/**
 * Derives again what titles imported before a derivation was added lack (their
 * dados_adicionais is null: migration 0024), and their work type, which the same change
 * refined. Runs at start, in batches, each its own transaction; returns how many it did.
 */
export async function deriveMissing(db: Db, log: (message: string) => void = () => {}, batchSize = 2_000): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const batch = await titlesNotDerived(db, after, batchSize);
    if (batch.length === 0) return done;
    after = batch.at(-1)!.cod_acervo;
    const rows = batch.map(({ cod_acervo, marc }) => {
      try {
        const derived = deriveTitle(marc as MarcRecord);
        return { id: cod_acervo, t: derived.codTipoObra, d: derived.dadosAdicionais };
      } catch {
        // Imported before, so it had a title then; keep its type and give it no additional data.
        return { id: cod_acervo, t: null, d: [] };
      }
    });
    await saveDerived(db, rows);
    done += rows.length;
    if (done % 50_000 < batchSize) log(`derived the additional data of ${done} titles`);
  }
}

/**
 * Writes one record as an import writes it — its derived columns, its language, its search
 * vectors (by trigger), the catalogue's version moved (so the search index follows) — in the
 * caller's transaction: the record editor's save (record-editor.service.ts). Throws when the
 * record has no control number or cannot be derived (a bibliographic record without a 245 $a).
 */
export async function writeRecord(tx: Tx, record: MarcRecord): Promise<{ inserted: number; updated: number }> {
  const number = controlNumber(record);
  if (!number) throw new Error('record has no control number (001)');
  const prepared: Prepared = isAuthorityRecord(record)
    ? { position: 1, offset: 0, kind: 'authority', row: { controlNumber: number, marc: record, ...deriveAuthority(record) } }
    : { position: 1, offset: 0, kind: 'title', row: { controlNumber: number, marc: record, ...deriveTitle(record) } };
  const { inserted, updated } = await writeRows(tx, [prepared]);
  return { inserted, updated };
}
