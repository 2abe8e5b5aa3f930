import { marc8Form } from './marc8.js';
import { isControlTag, isDataField, leaderWith, type MarcField, type MarcRecord } from './record.js';

const RECORD_TERMINATOR = '\x1d';
const FIELD_TERMINATOR = '\x1e';
const SUBFIELD_DELIMITER = '\x1f';

/**
 * Writes records as ISO 2709 (MARC 21 exchange format) in UTF-8: leader with the computed
 * record length and base address, leader/09 `a` (UCS/Unicode), the directory, the fields.
 * Lengths count bytes, not characters, as the standard requires. Text is written in the form
 * MARC-8 spells it (`marc8Form`): decomposed where MARC-8 writes a letter + diacritic ("ō"), as
 * the Library of Congress writes MARC 21 in Unicode, composed where MARC-8 holds the letter
 * whole (Hangul, kana with voicing marks), so a converter to MARC-8 loses nothing (decision 0031).
 */
export function toIso2709(records: MarcRecord[]): Buffer {
  return Buffer.concat(records.map((record) => layout(record).bytes));
}

/**
 * One record's ISO 2709 bytes, for a writer that streams records one at a time (the library's
 * export). Throws a RangeError for a record too long for ISO 2709 (99,999 bytes; MARCXML has no limit).
 */
export function iso2709Record(record: MarcRecord): Buffer {
  return layout(record).bytes;
}

/** A record's ISO 2709 bytes and the leader they carry (lengths and base address computed). */
function layout(record: MarcRecord): { leader: string; bytes: Buffer } {
  const bodies: { tag: string; bytes: Buffer }[] = record.fields.map((field) => {
    const written = asWritten(field);
    const text = isDataField(written)
      ? `${indicator(written.ind1)}${indicator(written.ind2)}${written.subfields.map((s) => `${SUBFIELD_DELIMITER}${s.code}${clean(s.value)}`).join('')}`
      : clean(written.value);
    return { tag: field.tag, bytes: Buffer.from(`${marc8Form(text)}${FIELD_TERMINATOR}`, 'utf8') };
  });
  let start = 0;
  const directory = bodies
    .map(({ tag, bytes }) => {
      const entry = `${tag.padStart(3, '0').slice(0, 3)}${pad(bytes.length, 4)}${pad(start, 5)}`;
      start += bytes.length;
      return entry;
    })
    .join('');
  const base = 24 + directory.length + 1;
  const length = base + start + 1;
  const leader = leaderWith(record.leader, pad(length, 5), pad(base, 5));
  return {
    leader,
    bytes: Buffer.concat([Buffer.from(`${leader}${directory}${FIELD_TERMINATOR}`, 'ascii'), ...bodies.map((b) => b.bytes), Buffer.from(RECORD_TERMINATOR)]),
  };
}

/** The leader ISO 2709 would carry; a record too long for ISO 2709 (MARCXML has no limit) says 99999. */
function xmlLeader(record: MarcRecord): string {
  try {
    return layout(record).leader;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return leaderWith(record.leader, '99999', '99999');
  }
}

/**
 * A field as MARC 21 allows it to be written. Control fields (001–009) are always written as
 * control fields: one that arrived with subfields (danMARC2's 001 *a number *b library) is
 * written as its control number ($a) for 001, else its subfields' values joined by spaces.
 */
function asWritten(field: MarcField): MarcField {
  if (!isDataField(field) || !isControlTag(field.tag)) return field;
  const a = field.subfields.find((s) => s.code === 'a')?.value;
  return { tag: field.tag, value: field.tag === '001' && a !== undefined ? a : field.subfields.map((s) => s.value).join(' ') };
}

function pad(n: number, width: number): string {
  if (n >= 10 ** width) throw new RangeError(`MARC record too large for ISO 2709 (${n} ≥ 10^${width})`);
  return String(n).padStart(width, '0');
}

function indicator(value: string): string {
  return /^[0-9a-z ]$/.test(value) ? value : ' ';
}

/** The structural bytes may not appear inside data. */
function clean(value: string): string {
  // eslint-disable-next-line no-control-regex -- these control characters are what must go
  return value.replace(/[\x1d\x1e\x1f]/g, ' ');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeXml(value: string): string {
  // Characters XML 1.0 forbids (C0 controls but tab, LF, CR) are dropped.
  // eslint-disable-next-line no-control-regex -- these control characters are what must go
  return value.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '').replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);
}

/** The opening of a MARCXML collection (MARC 21 slim schema), as toMarcXml writes it. */
export const MARCXML_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n';
/** Its closing. */
export const MARCXML_CLOSE = '</collection>\n';

/**
 * One record of a MARCXML collection, indented as toMarcXml writes it (each line ending in a line
 * break): a writer that streams records writes MARCXML_OPEN, these, then MARCXML_CLOSE.
 */
export function marcXmlRecord(record: MarcRecord): string {
  const lines: string[] = [];
  const text = (value: string) => escapeXml(marc8Form(value));
  lines.push('  <record>', `    <leader>${escapeXml(xmlLeader(record))}</leader>`);
  for (const original of record.fields) {
    const field = asWritten(original);
    if (!isDataField(field)) {
      lines.push(`    <controlfield tag="${escapeXml(field.tag)}">${text(field.value)}</controlfield>`);
      continue;
    }
    lines.push(`    <datafield tag="${escapeXml(field.tag)}" ind1="${escapeXml(indicator(field.ind1))}" ind2="${escapeXml(indicator(field.ind2))}">`);
    for (const s of field.subfields) lines.push(`      <subfield code="${escapeXml(s.code)}">${text(s.value)}</subfield>`);
    lines.push('    </datafield>');
  }
  lines.push('  </record>', '');
  return lines.join('\n');
}

/**
 * Writes records as a MARCXML collection (MARC 21 slim schema): the leader as the ISO 2709
 * form of the record would carry it (record length and base address computed, never a stale
 * stored one), control fields as control fields, text in MARC-8's form like the ISO 2709 writer.
 */
export function toMarcXml(records: MarcRecord[]): string {
  return `${MARCXML_OPEN}${records.map(marcXmlRecord).join('')}${MARCXML_CLOSE}`;
}
