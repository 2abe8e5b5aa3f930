import { parse } from 'csv-parse/sync';

/**
 * A CSV file another library system exported (the patron and circulation imports, decision 0055):
 * UTF-8, `,` or `;` between values, a header in any order whose names are read without case or
 * accents (`Matrícula ` is `matricula`).
 */

/** A file refused whole: nothing was written. */
export class CsvFileRefused extends Error {}

/** A file's header: the columns always there, those that may be, and those of which exactly one is. */
export interface CsvHeader {
  required: readonly string[];
  optional?: readonly string[];
  oneOf?: readonly string[];
}

/** One row: the line it starts on, its values by column, and how many values it had when not the header's count. */
export interface CsvRow<C extends string = string> {
  line: number;
  values: Record<C, string>;
  count?: number;
}

/** The header as a command's help and the README write it: `a,b,c|d,[e]`. */
export function headerText({ required, optional = [], oneOf = [] }: CsvHeader): string {
  return [...required, ...(oneOf.length ? [oneOf.join('|')] : []), ...optional.map((c) => `[${c}]`)].join(',');
}

/** Lower case, no accents, no surrounding spaces. */
const columnName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** Reads the file's rows, its header checked first; a file that is not CSV with this header is refused whole. */
export function readCsvFile(bytes: Uint8Array, header: CsvHeader): CsvRow[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CsvFileRefused('the file is not UTF-8 text');
  }
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(text, { bom: true, delimiter, info: true, raw: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    throw new CsvFileRefused(`the file is not CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { required, optional = [], oneOf = [] } = header;
  const [head, ...body] = records;
  if (!head) throw new CsvFileRefused(`the file is empty: its first line is the header ${headerText(header)}`);
  const names = head.record.map(columnName);
  const known: readonly string[] = [...required, ...optional, ...oneOf];
  const missing: string[] = required.filter((c) => !names.includes(c));
  if (oneOf.length && oneOf.filter((c) => names.includes(c)).length !== 1) missing.push(`one of ${oneOf.join(' or ')}`);
  const unknown = names.filter((n) => !known.includes(n));
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (missing.length || unknown.length || twice.length) {
    const problems = [
      missing.length ? `missing columns: ${missing.join(', ')}` : '',
      unknown.length ? `unknown columns: ${unknown.map((n) => n || '(blank)').join(', ')}` : '',
      twice.length ? `columns given twice: ${[...new Set(twice)].join(', ')}` : '',
    ].filter(Boolean);
    throw new CsvFileRefused(`wrong header (${problems.join('; ')}); the header is ${headerText(header)}, nothing was imported`);
  }
  return body.map(({ record, info, raw }) => {
    // The line the row starts on (a quoted value may span lines): where it ends, less its own line breaks.
    const line = info.lines - (raw.replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0);
    const values = Object.fromEntries(names.map((n, i) => [n, record[i] ?? '']));
    return record.length === names.length ? { line, values } : { line, values, count: record.length };
  });
}

/** A day written YYYY-MM-DD or as Brazil writes it, DD/MM/YYYY, as YYYY-MM-DD; undefined for what is no day of the calendar. */
export function csvDay(value: string): string | undefined {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : value;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : undefined;
  return date && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
}
