/** A MARC 21 record as JSON: the shape stored in `titles.marc` and `authorities.marc`. */
export interface MarcRecord {
  leader: string;
  fields: MarcField[];
}

export type MarcField = ControlField | DataField;

export interface ControlField {
  tag: string;
  value: string;
}

export interface DataField {
  tag: string;
  ind1: string;
  ind2: string;
  subfields: Subfield[];
}

export interface Subfield {
  code: string;
  value: string;
}

/**
 * The leader as stored: what the record is, not how one file laid it out. The record length
 * (00–04) and base address (12–16) are zeros — every writer computes its own — leader/09 is
 * "a" (stored text is Unicode), and 10–11 and 20–23 are MARC 21's fixed "22" and "4500". So
 * the same record read from ISO 2709 or MARCXML is stored the same, and re-importing it in
 * either form changes nothing.
 */
export function storedLeader(leader: string): string {
  return leaderWith(leader, '00000', '00000');
}

/**
 * A MARC 21 leader for Unicode text from `leader`'s record status, type, level, control and
 * encoding level, descriptive form and multipart level (05–08, 17–19), with this record length
 * (00–04) and base address (12–16); indicator and subfield code counts "22", entry map "4500".
 */
export function leaderWith(leader: string, length: string, base: string): string {
  const source = leader.padEnd(24, ' ').slice(0, 24);
  return `${length}${source.slice(5, 9)}a22${base}${source.slice(17, 20)}4500`;
}

/** Control fields are 001–009 (and the leader); everything else has indicators and subfields. */
export function isControlTag(tag: string): boolean {
  return /^00[1-9]$/.test(tag);
}

export function isDataField(field: MarcField): field is DataField {
  return 'subfields' in field;
}

/** The value of the first control field with this tag, if any. */
export function controlValue(record: MarcRecord, tag: string): string | undefined {
  const field = record.fields.find((f) => f.tag === tag && !isDataField(f));
  return field && !isDataField(field) ? field.value : undefined;
}

/** All data fields whose tag is one of `tags`, in record order. */
export function dataFields(record: MarcRecord, ...tags: string[]): DataField[] {
  return record.fields.filter((f): f is DataField => isDataField(f) && tags.includes(f.tag));
}

/** The values of the subfields of `field` whose code is in `codes`, in field order. */
export function subfieldValues(field: DataField, codes: string): string[] {
  return field.subfields.filter((s) => codes.includes(s.code)).map((s) => s.value);
}

/**
 * The record's control number (001), trimmed; undefined when absent or blank. Formats that
 * give 001 subfields (danMARC2) keep the number in its $a.
 */
export function controlNumber(record: MarcRecord): string | undefined {
  const field = dataFields(record, '001')[0];
  const value = (controlValue(record, '001') ?? (field && subfieldValues(field, 'a')[0]))?.trim();
  return value ? value : undefined;
}
