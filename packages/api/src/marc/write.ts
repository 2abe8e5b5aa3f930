import { isDataField, type MarcRecord } from './record.js';

const RECORD_TERMINATOR = '\x1d';
const FIELD_TERMINATOR = '\x1e';
const SUBFIELD_DELIMITER = '\x1f';

/**
 * Writes records as ISO 2709 (MARC 21 exchange format) in UTF-8: leader with the computed
 * record length and base address, leader/09 `a` (UCS/Unicode), the directory, the fields.
 * Lengths count bytes, not characters, as the standard requires.
 */
export function toIso2709(records: MarcRecord[]): Buffer {
  return Buffer.concat(records.map(recordBytes));
}

function recordBytes(record: MarcRecord): Buffer {
  const bodies: { tag: string; bytes: Buffer }[] = record.fields.map((field) => {
    const text = isDataField(field)
      ? `${indicator(field.ind1)}${indicator(field.ind2)}${field.subfields.map((s) => `${SUBFIELD_DELIMITER}${s.code}${clean(s.value)}`).join('')}`
      : clean(field.value);
    return { tag: field.tag, bytes: Buffer.from(`${text}${FIELD_TERMINATOR}`, 'utf8') };
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
  const source = record.leader.padEnd(24, ' ').slice(0, 24);
  // Positions 10–11 (indicator and subfield code counts) and 20–23 (entry map) are fixed in MARC 21.
  const leader = `${pad(length, 5)}${source.slice(5, 9)}a22${pad(base, 5)}${source.slice(17, 20)}4500`;
  return Buffer.concat([Buffer.from(`${leader}${directory}${FIELD_TERMINATOR}`, 'ascii'), ...bodies.map((b) => b.bytes), Buffer.from(RECORD_TERMINATOR)]);
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

/** Writes records as a MARCXML collection (MARC 21 slim schema). */
export function toMarcXml(records: MarcRecord[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<collection xmlns="http://www.loc.gov/MARC21/slim">'];
  for (const record of records) {
    lines.push('  <record>', `    <leader>${escapeXml(record.leader)}</leader>`);
    for (const field of record.fields) {
      if (!isDataField(field)) {
        lines.push(`    <controlfield tag="${escapeXml(field.tag)}">${escapeXml(field.value)}</controlfield>`);
        continue;
      }
      lines.push(`    <datafield tag="${escapeXml(field.tag)}" ind1="${escapeXml(indicator(field.ind1))}" ind2="${escapeXml(indicator(field.ind2))}">`);
      for (const s of field.subfields) lines.push(`      <subfield code="${escapeXml(s.code)}">${escapeXml(s.value)}</subfield>`);
      lines.push('    </datafield>');
    }
    lines.push('  </record>');
  }
  lines.push('</collection>', '');
  return lines.join('\n');
}
