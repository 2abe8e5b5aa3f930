import { decodeMarc8, readMarc8, strandedCombiningMarks, UnsupportedCharsetError } from './marc8.js';
import { isControlTag, type MarcField, type MarcRecord, storedLeader } from './record.js';

const RECORD_TERMINATOR = 0x1d;
const FIELD_TERMINATOR = 0x1e;
const SUBFIELD_DELIMITER = 0x1f;

/** One item read from a file: a record, a record that could not be read, or junk between or after records. */
export type ReadItem =
  | { kind: 'record'; position: number; offset: number; record: MarcRecord; warnings: string[] }
  | { kind: 'rejected'; position: number; offset: number; reason: string }
  | { kind: 'junk'; offset: number; bytes: number };

/** A record that is not well-formed ISO 2709; the message says where and why. */
class CorruptRecordError extends Error {}

/** ISO 2709 allows 99,999 bytes a record: with this much ahead, every decision below is local. */
const LOOKAHEAD = 100_000 + 24;

/**
 * Reads ISO 2709 (MARC 21 exchange format) records from `data`, all in memory (tests, seeds).
 * See `Iso2709Splitter` for how corrupt records and junk are told apart.
 */
export function* readIso2709(data: Uint8Array): Generator<ReadItem> {
  const splitter = new Iso2709Splitter();
  splitter.push(data);
  yield* splitter.items(true);
}

/**
 * Reads ISO 2709 records from a stream of chunks (a file read piece by piece): memory stays
 * bounded by the chunk size and one record's lookahead, whatever the file's size.
 */
export async function* readIso2709Stream(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<ReadItem> {
  const splitter = new Iso2709Splitter();
  for await (const chunk of chunks) {
    splitter.push(chunk);
    yield* splitter.items(false);
  }
  yield* splitter.items(true);
}

/**
 * Cuts a byte stream into records. A record ends where its leader's length says when a record
 * terminator stands there; otherwise at the next terminator — or earlier, where the next
 * record's leader begins, so a record that lost its terminator never swallows the valid
 * record after it. A corrupt record is reported and skipped. Bytes that do not begin a
 * record's leader (five digits, …) up to the next one that does are junk, reported as junk.
 */
class Iso2709Splitter {
  private buffer = new Uint8Array(0);
  /** The file offset of buffer[0]. */
  private base = 0;
  private offset = 0;
  private position = 0;
  /** Chunks not yet joined to the buffer: joined once there is a lookahead's worth, not per chunk. */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;

  push(chunk: Uint8Array): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
  }

  private join(): void {
    const rest = this.buffer.subarray(this.offset);
    const joined = new Uint8Array(rest.length + this.pendingBytes);
    joined.set(rest);
    let at = rest.length;
    for (const chunk of this.pending) {
      joined.set(chunk, at);
      at += chunk.length;
    }
    this.base += this.offset;
    this.offset = 0;
    this.buffer = joined;
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Bytes that are not a record, run together until the next record (they may span chunks). */
  private junk: { offset: number; bytes: number; blank: boolean } | null = null;

  /** The items the buffer holds; unless `final`, only those decided with a full lookahead. */
  *items(final: boolean): Generator<ReadItem> {
    if (this.pendingBytes > 0 && (final || this.buffer.length - this.offset + this.pendingBytes >= 2 * LOOKAHEAD)) this.join();
    const data = this.buffer;
    while (this.offset < data.length && (final || data.length - this.offset >= LOOKAHEAD)) {
      const offset = this.offset;
      if (!looksLikeRecord(data, offset)) {
        const next = nextLeader(data, offset + 1);
        // Streaming, a leader may begin in the last 23 bytes, not yet whole: keep them for later.
        const end = next !== -1 ? next : final ? data.length : Math.max(offset + 1, data.length - 23);
        const blank = isBlank(data.subarray(offset, end));
        if (this.junk) Object.assign(this.junk, { bytes: this.junk.bytes + end - offset, blank: this.junk.blank && blank });
        else this.junk = { offset: this.base + offset, bytes: end - offset, blank };
        this.offset = end;
        continue;
      }
      yield* this.takeJunk(false);
      this.position++;
      const end = recordEnd(data, offset);
      const segment = data.subarray(offset, end);
      try {
        const { record, warnings } = parseRecord(segment);
        yield { kind: 'record', position: this.position, offset: this.base + offset, record, warnings };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        yield { kind: 'rejected', position: this.position, offset: this.base + offset, reason };
      }
      this.offset = end;
    }
    if (final) yield* this.takeJunk(true);
  }

  /** The junk before a record or at the end: padding between records (blank) is not worth a line. */
  private *takeJunk(atEnd: boolean): Generator<ReadItem> {
    const junk = this.junk;
    this.junk = null;
    if (junk && (!junk.blank || atEnd)) yield { kind: 'junk', offset: junk.offset, bytes: junk.bytes };
  }
}

/** Only terminators, NULs and white space (what tools pad files with): no junk worth a line. */
function isBlank(bytes: Uint8Array): boolean {
  return bytes.every((b) => b === RECORD_TERMINATOR || b === 0 || b === 0x20 || b === 0x0a || b === 0x0d);
}

const LEADER_DIGITS = [0, 1, 2, 3, 4, 12, 13, 14, 15, 16];
const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;

const isLowercase = (b: number | undefined) => b !== undefined && b >= 0x61 && b <= 0x7a;

/**
 * Whether a leader begins at `at`: record length (00–04) and base address (12–16) are digits,
 * record status (05) and type (06) lowercase letters — as in MARC 21 and its relatives
 * (danMARC2 leaves 20–23 blank), and unlike a directory or text.
 */
function isLeaderAt(data: Uint8Array, at: number): boolean {
  if (at + 24 > data.length) return false;
  for (const i of LEADER_DIGITS) if (!isDigit(data[at + i])) return false;
  return isLowercase(data[at + 5]) && isLowercase(data[at + 6]);
}

/**
 * Whether a record starts at `at`: a leader, or (a leader damaged past its length) a record
 * length whose last byte is a record terminator — then it is a record to reject, not junk.
 */
function looksLikeRecord(data: Uint8Array, at: number): boolean {
  if (isLeaderAt(data, at)) return true;
  const declared = readNumber(data.subarray(at, at + 5));
  return declared !== null && declared >= 25 && data[at + declared - 1] === RECORD_TERMINATOR;
}

/** The first leader at or after `from`, or -1. */
function nextLeader(data: Uint8Array, from: number): number {
  for (let at = from; at + 24 <= data.length; at++) {
    if (isDigit(data[at]) && isLeaderAt(data, at)) return at;
  }
  return -1;
}

/**
 * Where the record starting at `offset` ends (exclusive): at its declared length when a record
 * terminator stands there; otherwise at the next terminator, unless another leader begins
 * first — after a terminator or at the declared length (the record lost its terminator).
 */
function recordEnd(data: Uint8Array, offset: number): number {
  const declared = readNumber(data.subarray(offset, offset + 5));
  if (declared !== null && declared >= 25 && offset + declared <= data.length) {
    if (data[offset + declared - 1] === RECORD_TERMINATOR) return offset + declared;
    if (isLeaderAt(data, offset + declared)) return offset + declared;
  }
  const terminator = data.indexOf(RECORD_TERMINATOR, offset);
  const limit = terminator === -1 ? data.length : terminator + 1;
  // A leader right after a field terminator, before the record terminator: the next record.
  for (let at = data.indexOf(FIELD_TERMINATOR, offset + 24); at !== -1 && at + 1 < limit; at = data.indexOf(FIELD_TERMINATOR, at + 1)) {
    if (isLeaderAt(data, at + 1)) return at + 1;
  }
  return limit;
}

function readNumber(bytes: Uint8Array): number | null {
  if (bytes.length === 0 || !bytes.every((b) => b >= 0x30 && b <= 0x39)) return null;
  return Number(new TextDecoder().decode(bytes));
}

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
  const raw: RawField[] = [];
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
  const decoders = chooseDecoders(leader, raw, warnings);
  const fields = raw.map(({ tag, bytes }, i) => {
    // MARC 21 control fields never hold subfields; formats like danMARC2 put them in 001/008.
    const controlWithSubfields = isControlTag(tag) && bytes.includes(SUBFIELD_DELIMITER);
    if (controlWithSubfields) warnings.push(`field ${tag} has subfields, which MARC 21 control fields never have; kept as a data field`);
    try {
      return toField(tag, bytes, decoders[i]!, controlWithSubfields);
    } catch (error) {
      if (!(error instanceof UnsupportedCharsetError)) throw error;
      throw new CorruptRecordError(`field ${tag} is ${leader[9] === 'a' ? 'not valid UTF-8, and ' : ''}not MARC-8: ${error.message}`);
    }
  });
  return { record: { leader: storedLeader(leader), fields }, warnings };
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

interface RawField {
  tag: string;
  bytes: Uint8Array;
}

type Decoder = (bytes: Uint8Array) => string;

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });
const latin1Decoder = new TextDecoder('latin1');
const UTF8: Decoder = (bytes) => utf8Decoder.decode(bytes).normalize('NFC');
const LATIN1: Decoder = (bytes) => latin1Decoder.decode(bytes).normalize('NFC');
const MARC8: Decoder = decodeMarc8;

/**
 * The decoder of each field, per the MARC 21 rules: leader/09 "a" is UTF-8, blank MARC-8.
 * Real files mix: a MARC-8 record whose fields were edited in UTF-8, a UTF-8 record with one
 * Latin-1 word, a "MARC-8" record that is Latin-1 throughout. Each field is read as its bytes
 * prove it to be, with a warning when that is not what the leader declares; a field no
 * reading explains (valid UTF-8 characters beside a stray byte, bytes outside every MARC-8
 * set) rejects the record with the reason — a record is never stored garbled. Indicators and
 * subfield delimiters are ASCII in all of these, so a field read whole reads the same per subfield.
 */
function chooseDecoders(leader: string, raw: RawField[], warnings: string[]): Decoder[] {
  const declaresUtf8 = leader[9] === 'a';
  const scans = raw.map(({ bytes }) => scanUtf8(bytes));
  // Fields that are neither ASCII nor valid UTF-8: MARC-8, or Latin-1 mislabelled.
  const other = raw.filter((_, i) => scans[i]!.kind === 'other');
  for (const [i, { tag }] of raw.entries()) {
    const scan = scans[i]!;
    if (scan.kind === 'other' && scan.multibyte > 0 && !raw[i]!.bytes.includes(0x1b)) {
      throw new CorruptRecordError(
        `field ${tag} holds UTF-8 characters and bytes that are not UTF-8 (byte 0x${scan.invalidByte.toString(16)} at ${scan.invalidAt + 1})`,
      );
    }
  }
  const latin1 = other.length > 0 && other.every(({ bytes }) => latin1Plausible(bytes)) && marc8Implausible(other);
  const notes = { utf8: [] as string[], marc8: [] as string[], latin1: [] as string[] };
  const decoders = raw.map(({ tag }, i): Decoder => {
    const kind = scans[i]!.kind;
    if (kind === 'ascii') return LATIN1;
    if (kind === 'utf-8') {
      if (!declaresUtf8) notes.utf8.push(tag);
      return UTF8;
    }
    if (latin1) {
      notes.latin1.push(tag);
      return LATIN1;
    }
    // Read as MARC-8 once, subfield by subfield (parseRecord names the field if that fails).
    if (declaresUtf8) notes.marc8.push(tag);
    return MARC8;
  });
  const list = (tags: string[]) => `field${tags.length > 1 ? 's' : ''} ${[...new Set(tags)].join(', ')}`;
  const declared = declaresUtf8 ? 'UTF-8' : 'MARC-8';
  if (notes.utf8.length) warnings.push(`record declares ${declared} but ${list(notes.utf8)} are UTF-8; read as UTF-8`);
  if (notes.marc8.length) warnings.push(`record declares UTF-8 but ${list(notes.marc8)} are MARC-8; read as MARC-8`);
  if (notes.latin1.length) warnings.push(`record declares ${declared} but ${list(notes.latin1)} read as ISO 8859-1 letters; read as ISO 8859-1`);
  return decoders;
}

/**
 * Whether reading these fields as MARC-8 looks wrong: it fails, or most of its diacritics fall
 * on a space or punctuation or on a letter Unicode has no such accented form of ("k̆", "v̜" —
 * Latin-1 "æ", "ø" read as ANSEL). A doubled diacritic, a cataloguer's slip, does not count.
 */
function marc8Implausible(fields: RawField[]): boolean {
  let marks = 0;
  let wrong = 0;
  for (const { bytes } of fields) {
    try {
      const reading = readMarc8(bytes);
      marks += reading.marks;
      wrong += reading.misplacedMarks + Math.max(0, strandedCombiningMarks(reading.text) - reading.doubledMarks);
    } catch {
      return true;
    }
  }
  return marks > 0 && wrong * 2 > marks;
}

type Utf8Scan = { kind: 'ascii' | 'utf-8' } | { kind: 'other'; multibyte: number; invalidAt: number; invalidByte: number };

/** ASCII only; valid UTF-8 with multibyte characters; or neither, with where it first fails and how many valid multibyte characters it holds. */
function scanUtf8(bytes: Uint8Array): Utf8Scan {
  let multibyte = 0;
  let invalidAt = -1;
  let escape = false;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === 0x1b) escape = true;
      i++;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let valid = length > 0 && i + length <= bytes.length;
    for (let k = 1; valid && k < length; k++) valid = bytes[i + k]! >= 0x80 && bytes[i + k]! <= 0xbf;
    if (valid && length === 3) valid = isValidUtf8(bytes.subarray(i, i + 3));
    if (valid && length === 4) valid = isValidUtf8(bytes.subarray(i, i + 4));
    if (valid) {
      multibyte++;
      i += length;
    } else {
      if (invalidAt === -1) invalidAt = i;
      i++;
    }
  }
  if (invalidAt === -1 && !escape) return multibyte === 0 ? { kind: 'ascii' } : { kind: 'utf-8' };
  return { kind: 'other', multibyte, invalidAt: Math.max(invalidAt, 0), invalidByte: bytes[Math.max(invalidAt, 0)] ?? 0x1b };
}

/**
 * Every byte above ASCII is a Latin-1 letter (À–ÿ but × ÷) or the punctuation Latin-1 texts
 * use (¡ § ª « ° · º » ¿), and there is no escape sequence: the bytes can be ISO 8859-1.
 */
function latin1Plausible(bytes: Uint8Array): boolean {
  for (const b of bytes) {
    if (b === 0x1b) return false;
    if (b < 0x80) continue;
    const letter = b >= 0xc0 && b !== 0xd7 && b !== 0xf7;
    const punctuation = b === 0xa1 || b === 0xa7 || b === 0xaa || b === 0xab || b === 0xb0 || b === 0xb7 || b === 0xba || b === 0xbb || b === 0xbf;
    if (!letter && !punctuation) return false;
  }
  return true;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    utf8Decoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
