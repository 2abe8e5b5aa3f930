import type { Db } from '../../db/client.js';
import { deleteTitle } from './catalog.queries.js';

/**
 * Deletes from the source (issue 57, item 5; decision 0054): a MARC record whose leader/05 is 'd',
 * or a control number of a delete list (`npm run import -- --delete-list file.txt`), deletes the
 * title with that control number (001, as the import matches a title for update) and its copies,
 * each in a transaction of its own — or keeps both, changing nothing, when a copy is on loan or
 * rows refer to the title or a copy (catalog.queries.ts: `deleteTitle`). Every deletion asked for
 * is reported: deleted, not found, or kept and why.
 */

/** One deletion asked for, and what came of it. */
export interface DeletionEntry {
  /** Where it was asked: `record 4`, `line 12`. */
  where: string;
  controlNumber: string;
  outcome: 'deleted' | 'not found' | 'kept';
  /** Copies deleted with the title. */
  copies?: number;
  /** Why a title was kept. */
  reasons?: string[];
}

/** What an import's deletions came to. */
export interface DeletionReport {
  /** Titles deleted. */
  deleted: number;
  /** Copies deleted with them. */
  copies: number;
  notFound: number;
  kept: number;
  /** Each deletion asked for, the first ENTRY_LIMIT of them (memory stays bounded); the rest counted in `omitted`. */
  entries: DeletionEntry[];
  omitted: number;
}

/** How many deletions a report lists one by one. */
export const ENTRY_LIMIT = 10_000;

export function emptyDeletionReport(): DeletionReport {
  return { deleted: 0, copies: 0, notFound: 0, kept: 0, entries: [], omitted: 0 };
}

/** Whether a report has any deletion in it. */
export function hasDeletions(report: DeletionReport): boolean {
  return report.deleted + report.notFound + report.kept > 0;
}

function keep(report: DeletionReport, entry: DeletionEntry): void {
  if (report.entries.length < ENTRY_LIMIT) report.entries.push(entry);
  else report.omitted++;
}

/**
 * Deletes the title with this control number and its copies, in a transaction of its own, and
 * notes the outcome in `report`. A database that refuses (a lock not granted in time) throws,
 * with nothing changed and nothing noted: the caller rejects the record or the line.
 */
export async function deleteByControlNumber(db: Db, controlNumber: string, where: string, report: DeletionReport): Promise<void> {
  const outcome = await db.transaction((tx) => deleteTitle(tx, controlNumber));
  if (outcome.kind === 'deleted') {
    report.deleted++;
    report.copies += outcome.copies;
    keep(report, { where, controlNumber, outcome: 'deleted', copies: outcome.copies });
  } else if (outcome.kind === 'absent') {
    report.notFound++;
    keep(report, { where, controlNumber, outcome: 'not found' });
  } else {
    report.kept++;
    keep(report, { where, controlNumber, outcome: 'kept', reasons: outcome.reasons });
  }
}

/** A control number of a delete list, with its line. */
export interface ListedNumber {
  line: number;
  controlNumber: string;
}

/**
 * The control numbers of a delete list: one a line, white space around it ignored, as are blank
 * lines and comments (`#` to the end of the line, at its start or after white space — a control
 * number may hold spaces, as LCCNs do, but not a ` #`).
 */
export async function* readDeleteList(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<ListedNumber> {
  let line = 0;
  for await (const text of lines) {
    line++;
    const controlNumber = text.replace(/(^|\s)#.*$/, '').trim();
    if (controlNumber) yield { line, controlNumber };
  }
}

/** What a delete list came to. */
export interface ListResult {
  /** Control numbers read. */
  read: number;
  deletions: DeletionReport;
  /** Lines the database refused (nothing of their title changed). */
  rejected: { line: number; reason: string }[];
}

/**
 * Deletes the titles a delete list names, one transaction each, in the list's order (a number
 * named twice is not found the second time). `between` is awaited after each, as the import
 * awaits it after each batch (a running server on the embedded database serves its calls there).
 */
export async function deleteListed(
  db: Db,
  numbers: AsyncIterable<ListedNumber>,
  options: { between?: () => Promise<void>; onProgress?: (read: number) => void } = {},
): Promise<ListResult> {
  const result: ListResult = { read: 0, deletions: emptyDeletionReport(), rejected: [] };
  for await (const { line, controlNumber } of numbers) {
    result.read++;
    try {
      await deleteByControlNumber(db, controlNumber, `line ${line}`, result.deletions);
    } catch (error) {
      if (result.rejected.length < ENTRY_LIMIT) result.rejected.push({ line, reason: refusal(error) });
    }
    options.onProgress?.(result.read);
    await options.between?.();
  }
  return result;
}

/** The database's reason, first line (its cause's, when drizzle wrapped it). */
export function refusal(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return `the database refused: ${message.split('\n')[0]}`;
}

/** The lines a report gives its deletions: the counts, then each deletion. */
export function deletionLines(report: DeletionReport): string[] {
  const copies = report.copies === 1 ? '1 copy' : `${report.copies} copies`;
  return [
    `  deletions: ${report.deleted} ${report.deleted === 1 ? 'title' : 'titles'} deleted with ${copies}, ${report.notFound} not found, ${report.kept} kept`,
    ...report.entries.map((e) => {
      if (e.outcome === 'deleted')
        return `  deleted title ${e.controlNumber} (${e.where})${e.copies ? ` and its ${e.copies === 1 ? 'copy' : `${e.copies} copies`}` : ''}`;
      if (e.outcome === 'not found') return `  not found: no title with control number ${e.controlNumber} (${e.where})`;
      return `  kept title ${e.controlNumber} (${e.where}): ${e.reasons!.join('; ')}`;
    }),
    ...(report.omitted ? [`  … and ${report.omitted} more deletions, not listed`] : []),
  ];
}
