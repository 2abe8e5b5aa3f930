import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { type Db, isEmbedded } from '../db/client.js';
import { commandLineActor, recordStaffAct } from '../lib/audit.js';
import { readIso2709Stream } from '../marc/iso2709.js';
import { readMarcXmlStream } from '../marc/marcxml.js';
import { type DeletionReport, deleteListed, deletionLines, hasDeletions, readDeleteList } from '../modules/catalog/catalog.delete.js';
import { type ImportResult, importMarcRecords } from '../modules/catalog/catalog.import.js';
import { holdingsLines, readyHoldings } from '../modules/catalog/holdings.import.js';
import type { HoldingsArgs } from '../modules/catalog/holdings.map.js';

/** What an import of one file says: the lines to print, whether records were rejected, and whether titles it deletes were kept. */
export interface FileImport {
  lines: string[];
  rejected: number;
  /** Titles a deletion named that were kept (a copy on loan, rows that refer to them). */
  kept: number;
}

/** The audit's counts of deletions. */
function deletionDetails(d: DeletionReport): Record<string, number> {
  return { apagados: d.deleted, exemplares_apagados: d.copies, nao_encontrados: d.notFound, mantidos: d.kept };
}

/** MARCXML starts (after a BOM and white space) with "<"; ISO 2709 with five digits. */
function isXml(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(64);
    const read = readSync(fd, head, 0, head.length, 0);
    return head
      .subarray(0, read)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('<');
  } finally {
    closeSync(fd);
  }
}

/** Files are read a megabyte at a time: memory stays flat whatever the file's size. */
const CHUNK = 1 << 20;

/**
 * On the embedded database a running server shares its one connection with the import: each
 * batch's transaction holds it, and every patron's call waits behind it. Batches of 500 held it
 * for seconds (issue 52: /health p95 3.2 s during a 4,000-record import); batches this small
 * hold it for tens of milliseconds, and after each the import yields to the event loop, so the
 * calls that arrived meanwhile run between two batches (the embedded engine answers without
 * returning to the event loop: without the yield, a megabyte of the file, a thousand records,
 * went in before any call was read). bench/import-serving.ts measures it.
 */
const EMBEDDED_BATCH = { batchSize: 20, batchCharacters: 60_000, between: () => new Promise<void>((resolve) => setImmediate(resolve)) } as const;

/**
 * Imports one MARC 21 file (ISO 2709 or MARCXML, chosen by content, read as a stream), upserting by control
 * number, telling `onProgress` how far it got (bytes of `size`, records read); with `holdings`,
 * each record's copies too, read by that map (a map that names no library or loan type that exists
 * throws before anything is written). Used by
 * `npm run import` itself and by a running server asked over its admin socket (`shared`: the
 * database serves patrons meanwhile).
 */
export async function importFile(
  db: Db,
  file: string,
  onProgress: (progress: { offset: number; size: number; read: number }) => void = () => undefined,
  {
    shared = false,
    actor = commandLineActor(),
    holdings,
    onReport,
  }: {
    shared?: boolean;
    actor?: string;
    holdings?: HoldingsArgs;
    /** Handed the import's whole report (the staff area's upload shows it). */
    onReport?: (report: ImportResult) => void;
  } = {},
): Promise<FileImport> {
  const ready = holdings?.map ? await readyHoldings(db, holdings) : undefined;
  const size = statSync(file).size;
  const items = isXml(file)
    ? readMarcXmlStream(createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK }))
    : readIso2709Stream(createReadStream(file, { highWaterMark: CHUNK }));
  onProgress({ offset: 0, size, read: 0 });
  const report = await importMarcRecords(db, items, {
    onProgress: (offset, r) => onProgress({ offset, size, read: r.read }),
    ...(shared && isEmbedded(db) ? EMBEDDED_BATCH : {}),
    ...(ready ? { holdings: ready } : {}),
  });
  onProgress({ offset: size, size, read: report.read });
  onReport?.(report);
  const rejected = report.rejected.length + report.omitted.rejected;
  // An import commits batch by batch (a file can hold millions of records): one row when it ends, with its counts.
  await recordStaffAct(db, {
    autor: actor,
    acao: 'catalog.import',
    alvo: `arquivo:${basename(file)}`,
    detalhes: {
      lidos: report.read,
      novos: report.inserted,
      atualizados: report.updated,
      iguais: report.unchanged,
      apagados: report.deleted,
      rejeitados: rejected,
      ...(hasDeletions(report.deletions) ? { exclusoes: deletionDetails(report.deletions) } : {}),
      ...(report.holdings
        ? {
            exemplares: {
              novos: report.holdings.inserted,
              atualizados: report.holdings.updated,
              iguais: report.holdings.unchanged,
              apagados: report.holdings.deleted,
              nao_importados: report.holdings.leftOut,
            },
          }
        : {}),
    },
  });
  const lines = [
    `${file}: ${report.read} records read, ${report.inserted} new, ${report.updated} updated, ${report.unchanged} unchanged, ${report.deleted} deleted, ${rejected} rejected`,
    ...(report.holdings ? holdingsLines(report.holdings) : []),
    ...(hasDeletions(report.deletions) ? deletionLines(report.deletions) : []),
    ...report.rejected.map((r) => `  rejected record ${r.position} (byte ${r.offset}): ${r.reason}`),
    ...(report.omitted.rejected ? [`  … and ${report.omitted.rejected} more rejected records, not listed`] : []),
    ...report.junk.map((j) => `  junk: ${j.bytes} bytes at byte ${j.offset} that are not a record were ignored`),
    ...report.warnings.map((w) => `  warning, record ${w.position}: ${w.message}`),
    ...(report.omitted.warnings ? [`  … and ${report.omitted.warnings} more warnings, not listed`] : []),
  ];
  return { lines, rejected, kept: report.deletions.kept };
}

/**
 * Deletes the titles a delete list names (`npm run import -- --delete-list file.txt`: one control
 * number a line, blank lines and `#` comments ignored) and their copies, each in a transaction of
 * its own (catalog.delete.ts), telling `onProgress` how far it got; one audit row when it ends,
 * with its counts. Used by `npm run import` itself and by a running server (`shared`).
 */
export async function importDeleteList(
  db: Db,
  file: string,
  onProgress: (progress: { offset: number; size: number; read: number }) => void = () => undefined,
  { shared = false, actor = commandLineActor() }: { shared?: boolean; actor?: string } = {},
): Promise<FileImport> {
  const size = statSync(file).size;
  let offset = 0;
  async function* fileLines() {
    for await (const line of createInterface({ input: createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK }), crlfDelay: Infinity })) {
      offset += Buffer.byteLength(line) + 1;
      yield line;
    }
  }
  onProgress({ offset: 0, size, read: 0 });
  const result = await deleteListed(db, readDeleteList(fileLines()), {
    onProgress: (read) => onProgress({ offset: Math.min(offset, size), size, read }),
    ...(shared && isEmbedded(db) ? { between: EMBEDDED_BATCH.between } : {}),
  });
  onProgress({ offset: size, size, read: result.read });
  const d = result.deletions;
  await recordStaffAct(db, {
    autor: actor,
    acao: 'catalog.import',
    alvo: `lista:${basename(file)}`,
    detalhes: { lidos: result.read, apagados: d.deleted, rejeitados: result.rejected.length, exclusoes: deletionDetails(d) },
  });
  const lines = [
    `${file}: ${result.read} control numbers read, ${d.deleted} deleted, ${d.notFound} not found, ${d.kept} kept, ${result.rejected.length} rejected`,
    ...deletionLines(d),
    ...result.rejected.map((r) => `  rejected line ${r.line}: ${r.reason}`),
  ];
  return { lines, rejected: result.rejected.length, kept: d.kept };
}
