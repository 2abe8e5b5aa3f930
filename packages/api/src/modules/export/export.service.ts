/**
 * What the library owns, exported (issue 57 item 4, decision 0056): the catalogue with its copies
 * as ISO 2709 or MARCXML in a holdings map (the catalog module's catalogue-export service), and
 * the patrons, their open loans, holds and debts as CSV with the imports' own headers (the people
 * and circulation modules' export services). Each export is a stream: its records and rows are
 * read a page at a time and written as the reader takes them (the HTTP answer, or a file), so
 * memory holds a page whatever the library's size; a reader who stops stops the reading. Each
 * export is kept in the staff audit, finished or not.
 */
import { Readable } from 'node:stream';
import type { CatalogueFormat, PeopleFile } from '@estante/contracts/export';
import type { Db } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { MARCXML_CLOSE, MARCXML_OPEN, iso2709Record, marcXmlRecord } from '../../marc/write.js';
import {
  catalogueRecords,
  emptyTally,
  exportCopyCodes,
  exportMap,
  exportSize,
  type HoldingsMap,
  importArguments,
  loanTypesLost,
} from '../catalog/catalog-export.service.js';
import { STATE_EXPORT_COLUMNS, stateRows, type StateExportTally } from '../circulation/circulation-export.service.js';
import type { StateKind } from '../circulation/circulation-import.service.js';
import { PATRON_EXPORT_COLUMNS, patronRows } from '../people/patron-export.service.js';
import { errors } from './export.messages.js';

/** How much is written at once: small records are gathered into chunks of this size. */
const CHUNK = 64 * 1024;

/** The embedded database's calls get their turn between two pages (its one connection is shared). */
const between = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A file of the export: its name, its media type, its bytes as a stream, and (for the catalogue) how the import reads it back. */
export interface ExportStream {
  filename: string;
  mediaType: string;
  /** The `--map-*` options after the holdings map with which `npm run import` reads the copies back (the catalogue only). */
  importArgs: string[];
  stream: Readable;
  /** Settles when the stream has ended, with what it wrote (also when it was stopped: `complete` false). */
  done: Promise<ExportSummary>;
}

/** What an export wrote, as its audit row and its command's report say it. */
export interface ExportSummary {
  complete: boolean;
  /** Records (titles and authorities) or rows written. */
  written: number;
  details: Record<string, unknown>;
}

/** Gathers a generator's pieces into chunks of about CHUNK bytes. */
async function* chunked(pieces: AsyncIterable<string | Buffer>): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let size = 0;
  for await (const piece of pieces) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
    parts.push(bytes);
    size += bytes.length;
    if (size >= CHUNK) {
      yield Buffer.concat(parts);
      parts = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(parts);
}

/**
 * A stream of `pieces` that, once it is closed — read to its end, or stopped (its reader gone, an
 * error) — records the act in the staff audit and settles `done` with the summary `summarise`
 * makes. Stopping it stops the pieces' generator: nothing more is read from the database.
 */
function auditedStream(
  db: Db,
  act: { autor: string; acao: string; alvo: string },
  pieces: AsyncIterable<string | Buffer>,
  summarise: (complete: boolean) => ExportSummary,
): { stream: Readable; done: Promise<ExportSummary> } {
  const stream = Readable.from(chunked(pieces), { objectMode: false });
  let complete = false;
  stream.once('end', () => (complete = true));
  const done = new Promise<ExportSummary>((resolve) =>
    stream.once('close', () => {
      const summary = summarise(complete);
      // Written whatever became of the export (a reader gone, the database away): who took what, and how far.
      void recordStaffAct(db, { ...act, detalhes: { ...summary.details, escritos: summary.written, completo: complete } })
        .catch(() => undefined)
        .then(() => resolve(summary));
    }),
  );
  return { stream, done };
}

const today = () => new Date().toISOString().slice(0, 10);

/** The map a catalogue export writes copies in: koha, marc21, or the library's own from its JSON text (422 naming its mistakes). */
export function mapForExport(name: 'koha' | 'marc21' | 'proprio', text?: string, file = 'mapa.json'): HoldingsMap {
  if (name !== 'proprio') return exportMap(name);
  try {
    return exportMap(file, text ?? '');
  } catch (error) {
    throw errors.badMap(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The catalogue as a MARC file: every title's record with its copies in `map` (the map's own
 * fields in the stored record replaced by the copies as they are now), then every authority
 * record. In ISO 2709 a record longer than the format allows (99,999 bytes: thousands of copies)
 * is left out and named in the summary; MARCXML has no such limit.
 */
export async function exportCatalogue(db: Db, options: { format: CatalogueFormat; map: HoldingsMap; actor: string }): Promise<ExportStream> {
  const { format, map } = options;
  const [size, codes] = await Promise.all([exportSize(db), exportCopyCodes(db)]);
  const importArgs = importArguments(map, codes);
  const tally = emptyTally();
  const counts = { titles: 0, authorities: 0 };
  const tooLong: number[] = [];
  async function* pieces(): AsyncGenerator<string | Buffer> {
    if (format === 'marcxml') yield MARCXML_OPEN;
    for await (const { kind, id, record } of catalogueRecords(db, map, tally, { between })) {
      if (format === 'marcxml') yield marcXmlRecord(record);
      else {
        let bytes: Buffer;
        try {
          bytes = iso2709Record(record);
        } catch (error) {
          if (!(error instanceof RangeError)) throw error;
          tooLong.push(id);
          continue;
        }
        yield bytes;
      }
      counts[kind === 'title' ? 'titles' : 'authorities']++;
    }
    if (format === 'marcxml') yield MARCXML_CLOSE;
  }
  const summarise = (complete: boolean): ExportSummary => ({
    complete,
    written: counts.titles + counts.authorities,
    details: {
      formato: format,
      exemplares: map.name,
      titulos: counts.titles,
      autoridades: counts.authorities,
      copias: tally.copies,
      esperados: size,
      ...(tooLong.length ? { longos_demais: tooLong.slice(0, 100), longos_demais_total: tooLong.length } : {}),
      ...(Object.keys(tally.notCarried).length ? { sem_lugar_no_mapa: tally.notCarried } : {}),
      ...(loanTypesLost(map, codes) ? { tipo_emprestimo_perdido: loanTypesLost(map, codes) } : {}),
      importar_com: importArgs,
    },
  });
  const { stream, done } = auditedStream(db, { autor: options.actor, acao: 'export.catalogue', alvo: 'catalogo' }, pieces(), summarise);
  return {
    filename: `catalogo-${today()}.${format === 'marcxml' ? 'xml' : 'mrc'}`,
    mediaType: format === 'marcxml' ? 'application/marcxml+xml; charset=utf-8' : 'application/marc',
    importArgs,
    stream,
    done,
  };
}

/** RFC 4180: a value quoted when it holds the delimiter, a quote, a line break or surrounding spaces; quotes doubled. */
function csvValue(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
const csvLine = (values: readonly string[]) => `${values.map(csvValue).join(',')}\r\n`;

/** Each CSV file: what it holds, its audit's action and its import command. */
export const PEOPLE_EXPORTS: Record<PeopleFile, { kind: 'patrons' | StateKind; acao: string; command: string }> = {
  leitores: { kind: 'patrons', acao: 'export.patrons', command: 'people import' },
  emprestimos: { kind: 'loans', acao: 'export.loans', command: 'people import-loans' },
  reservas: { kind: 'holds', acao: 'export.holds', command: 'people import-holds' },
  debitos: { kind: 'debts', acao: 'export.debts', command: 'people import-debts' },
};

/**
 * The patrons, or their open loans, holds or debts, as CSV in UTF-8 (a BOM, so that a spreadsheet
 * reads the accents; CRLF between rows) with the header its import reads: the patrons' file
 * first, then loans, holds and debts, each imported by `PEOPLE_EXPORTS[file].command`.
 */
export function exportPeopleFile(db: Db, file: PeopleFile, options: { actor: string }): ExportStream {
  const { kind, acao } = PEOPLE_EXPORTS[file];
  const columns: readonly string[] = kind === 'patrons' ? PATRON_EXPORT_COLUMNS : STATE_EXPORT_COLUMNS[kind];
  const tally: StateExportTally = { rows: 0, leftOut: {} };
  async function* pieces(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(columns)}`;
    const rows: AsyncIterable<Record<string, string>> =
      kind === 'patrons'
        ? (async function* () {
            for await (const row of patronRows(db, { between })) {
              tally.rows++;
              yield row;
            }
          })()
        : stateRows(db, kind, tally, { between });
    for await (const row of rows) yield csvLine(columns.map((c) => row[c] ?? ''));
  }
  const summarise = (complete: boolean): ExportSummary => ({
    complete,
    written: tally.rows,
    details: { arquivo: file, linhas: tally.rows, ...(Object.keys(tally.leftOut).length ? { deixados: tally.leftOut } : {}) },
  });
  const { stream, done } = auditedStream(db, { autor: options.actor, acao, alvo: file }, pieces(), summarise);
  return { filename: `${file}-${today()}.csv`, mediaType: 'text/csv; charset=utf-8; header=present', importArgs: [], stream, done };
}
