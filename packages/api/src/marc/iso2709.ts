import { decodeMarc8, strandedCombiningMarks, UnsupportedCharsetError } from './marc8.js';
import { isControlTag, type MarcField, type MarcRecord } from './record.js';

const RECORD_TERMINATOR = 0x1d;
const FIELD_TERMINATOR = 0x1e;
const SUBFIELD_DELIMITER = 0x1f;

/** One item read from a file: a record, a record that could not be read, or trailing junk. */
export type ReadItem =
  | { kind: 'record'; position: number; offset: number; record: MarcRecord; warnings: string[] }
  | { kind: 'rejected'; position: number; offset: number; reason: string }
  | { kind: 'junk'; offset: number; bytes: number };

/** A record that is not well-formed ISO 2709; the message says where and why. */
class CorruptRecordError extends Error {}

/**
 * Reads ISO 2709 (MARC 21 exchange format) records from `data`. A corrupt record is reported
 * and skipped: reading resynchronises on the record terminator, so the records after it are
 * still read. Bytes after the last record that do not form one are reported as junk.
 */
export function* readIso2709(data: Uint8Array): Generator<ReadItem> {
  let offset = 0;
  let position = 0;
  while (offset < data.length) {
    const rest = data.subarray(offset);
    if (isJunk(rest)) {
      yield { kind: 'junk', offset, bytes: rest.length };
      return;
    }
    position++;
    const end = recordEnd(data, offset);
    const segment = data.subarray(offset, end);
    try {
      const { record, warnings } = parseRecord(segment);
      yield { kind: 'record', position, offset, record, warnings };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      yield { kind: 'rejected', position, offset, reason };
    }
    offset = end;
  }
}

/** Trailing bytes shorter than a leader, or only terminators, NULs and white space. */
function isJunk(rest: Uint8Array): boolean {
  if (rest.length < 24) return true;
  return rest.every((b) => b === RECORD_TERMINATOR || b === 0 || b === 0x20 || b === 0x0a || b === 0x0d);
}

/**
 * Where the record starting at `offset` ends (exclusive). Trusts the leader's length when a
 * record terminator stands there; otherwise resynchronises on the next record terminator.
 */
function recordEnd(data: Uint8Array, offset: number): number {
  const declared = readNumber(data.subarray(offset, offset + 5));
  if (declared !== null && declared >= 25 && offset + declared <= data.length) {
    if (data[offset + declared - 1] === RECORD_TERMINATOR) return offset + declared;
  }
  const terminator = data.indexOf(RECORD_TERMINATOR, offset);
  return terminator === -1 ? data.length : terminator + 1;
}

function readNumber(bytes: Uint8Array): number | null {
  if (bytes.length === 0 || !bytes.every((b) => b >= 0x30 && b <= 0x39)) return null;
  return Number(new TextDecoder().decode(bytes));
}

type Charset = 'utf-8' | 'marc-8' | 'iso-8859-1';

function parseRecord(segment: Uint8Array): { record: MarcRecord; warnings: string[] } {
  const warnings: string[] = [];
  if (segment.length < 25) throw new CorruptRecordError(`record is only ${segment.length} bytes long`);
  if (segment[segment.length - 1] !== RECORD_TERMINATOR) {
    throw new CorruptRecordError('record has no record terminator (1D) at its end');
  }
  const leaderBytes = segment.subarray(0, 24);
  if (leaderBytes.some((b) => b < 0x20 || b > 0x7e)) throw new CorruptRecordError('leader has non-ASCII bytes');
  const leader = new TextDecoder('latin1').decode(leaderBytes);
  const declared = readNumber(leaderBytes.subarray(0, 5));
  if (declared === null) throw new CorruptRecordError(`leader record length "${leader.slice(0, 5)}" is not a number`);
  if (declared !== segment.length) {
    throw new CorruptRecordError(`leader record length ${declared} does not match the ${segment.length} bytes up to the record terminator`);
  }
  const base = readNumber(leaderBytes.subarray(12, 17));
  if (base === null || base < 25 || base > segment.length) {
    throw new CorruptRecordError(`leader base address of data "${leader.slice(12, 17)}" is not valid`);
  }
  if (segment[base - 1] !== FIELD_TERMINATOR) {
    throw new CorruptRecordError('directory does not end with a field terminator at the base address');
  }
  const directory = segment.subarray(24, base - 1);
  if (directory.length % 12 !== 0) {
    throw new CorruptRecordError(`directory length ${directory.length} is not a multiple of 12`);
  }
  const raw: { tag: string; bytes: Uint8Array }[] = [];
  for (let i = 0; i < directory.length; i += 12) {
    const entry = directory.subarray(i, i + 12);
    const tag = new TextDecoder('latin1').decode(entry.subarray(0, 3));
    const length = readNumber(entry.subarray(3, 7));
    const start = readNumber(entry.subarray(7, 12));
    if (!/^[0-9A-Za-z]{3}$/.test(tag) || length === null || start === null) {
      throw new CorruptRecordError(`directory entry ${i / 12 + 1} is malformed`);
    }
    const from = base + start;
    const to = from + length;
    if (length < 1 || to > segment.length - 1) {
      throw new CorruptRecordError(`field ${tag} (directory entry ${i / 12 + 1}) points outside the record`);
    }
    if (segment[to - 1] !== FIELD_TERMINATOR) {
      throw new CorruptRecordError(`field ${tag} does not end with a field terminator`);
    }
    raw.push({ tag, bytes: segment.subarray(from, to - 1) });
  }
  const charset = chooseCharset(leader, raw, warnings);
  const decode = decoder(charset);
  const fields = raw.map(({ tag, bytes }) => {
    // MARC 21 control fields never hold subfields; formats like danMARC2 put them in 001/008.
    const controlWithSubfields = isControlTag(tag) && bytes.includes(SUBFIELD_DELIMITER);
    if (controlWithSubfields) warnings.push(`field ${tag} has subfields, which MARC 21 control fields never have; kept as a data field`);
    return toField(tag, bytes, decode, controlWithSubfields);
  });
  // The stored leader says what the stored record is: Unicode, with its length as read.
  const storedLeader = `${leader.slice(0, 9)}a${leader.slice(10)}`;
  return { record: { leader: storedLeader, fields }, warnings };
}

function toField(tag: string, bytes: Uint8Array, decode: (b: Uint8Array) => string, asDataField: boolean): MarcField {
  if (isControlTag(tag) && !asDataField) return { tag, value: decode(bytes) };
  if (bytes.length < 2) throw new CorruptRecordError(`field ${tag} has no indicators`);
  const ind1 = String.fromCharCode(bytes[0]!);
  const ind2 = String.fromCharCode(bytes[1]!);
  const subfields = [];
  let start = bytes.indexOf(SUBFIELD_DELIMITER, 2);
  if (start === -1) throw new CorruptRecordError(`field ${tag} has no subfields`);
  while (start !== -1) {
    const next = bytes.indexOf(SUBFIELD_DELIMITER, start + 1);
    const chunk = bytes.subarray(start + 1, next === -1 ? bytes.length : next);
    if (chunk.length > 0) {
      subfields.push({ code: String.fromCharCode(chunk[0]!), value: decode(chunk.subarray(1)) });
    }
    start = next;
  }
  return { tag, ind1, ind2, subfields };
}

function decoder(charset: Charset): (bytes: Uint8Array) => string {
  if (charset === 'marc-8') return decodeMarc8;
  const textDecoder = new TextDecoder(charset === 'utf-8' ? 'utf-8' : 'latin1', { fatal: charset === 'utf-8' });
  return (bytes) => textDecoder.decode(bytes).normalize('NFC');
}

/**
 * Leader/09 says UTF-8 ("a") or MARC-8 (blank), but real files lie: records labelled MARC-8
 * that are ISO 8859-1 or UTF-8 are common. Follow the label unless the bytes prove it wrong,
 * and say so in a warning.
 */
function chooseCharset(leader: string, raw: { bytes: Uint8Array }[], warnings: string[]): Charset {
  const all = concat(raw.map((r) => r.bytes));
  if (all.every((b) => b < 0x80 && b !== 0x1b)) return leader[9] === 'a' ? 'utf-8' : 'marc-8';
  const validUtf8 = isValidUtf8(all);
  if (leader[9] === 'a') {
    if (validUtf8) return 'utf-8';
    warnings.push('record declares UTF-8 but is not valid UTF-8; read as ISO 8859-1');
    return 'iso-8859-1';
  }
  if (validUtf8) {
    warnings.push('record declares MARC-8 but its bytes are UTF-8; read as UTF-8');
    return 'utf-8';
  }
  let marc8Plausible = true;
  try {
    const text = raw.map((r) => decodeMarc8(r.bytes)).join(' ');
    marc8Plausible = strandedCombiningMarks(text) === 0;
  } catch (error) {
    if (!(error instanceof UnsupportedCharsetError)) throw error;
    marc8Plausible = false;
  }
  if (!marc8Plausible && all.every((b) => b < 0x80 || isLatin1Letter(b))) {
    warnings.push('record declares MARC-8 but reads as ISO 8859-1 letters; read as ISO 8859-1');
    return 'iso-8859-1';
  }
  return 'marc-8';
}

function isLatin1Letter(b: number): boolean {
  return b >= 0xc0 && b <= 0xff && b !== 0xd7 && b !== 0xf7;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
