import { SaxesParser } from 'saxes';
import type { ReadItem } from './iso2709.js';
import { isControlTag, type DataField, type MarcField, storedLeader, type Subfield } from './record.js';

/**
 * Reads MARCXML (MARC 21 slim; root <collection>, <records> or a lone <record>, with or without
 * a namespace prefix), all in memory. See `MarcXmlReader`.
 */
export function* readMarcXml(text: string): Generator<ReadItem> {
  const reader = new MarcXmlReader();
  yield* reader.write(text);
  yield* reader.close();
}

/** Reads MARCXML from a stream of text chunks: memory bounded by a chunk and one record. */
export async function* readMarcXmlStream(chunks: AsyncIterable<string>): AsyncGenerator<ReadItem> {
  const reader = new MarcXmlReader();
  for await (const chunk of chunks) yield* reader.write(chunk);
  yield* reader.close();
}

/** Internal entities longer than this (once expanded) are refused: no "billion laughs". */
const MAX_ENTITY_LENGTH = 10_000;

/**
 * Characters that a document's entity references may expand to, in all: past it the read stops
 * (issue 52: one 9,990-character entity referenced 20,000 times took a server from 0.7 to 3.4 GB).
 * A real file's entities stand for accented letters, a few characters each, however many records.
 */
export const MAX_ENTITY_EXPANSION = 1_000_000;

class EntityExpansionError extends Error {}

/**
 * A MARCXML reader fed chunk by chunk. A record that breaks the MARC 21 slim rules is reported
 * and skipped. A DOCTYPE's internal general entities (`<!ENTITY eacute "&#233;">`) are
 * honoured, expanded once and bounded; external ones are never fetched, and a reference to
 * one — or to any undeclared entity — rejects that record only, with the reason, and reading
 * goes on. XML that is not well-formed otherwise stops the read there, reported as one item.
 */
class MarcXmlReader {
  private readonly parser = new SaxesParser({ xmlns: false, position: true });
  private items: ReadItem[] = [];
  private position = 0;
  private current: { offset: number; leader?: string; fields: MarcField[]; problem?: string } | null = null;
  private dataField: DataField | null = null;
  private subfield: Subfield | null = null;
  private controlTag: string | null = null;
  private textBuffer = '';
  private inLeader = false;
  private stopped = false;

  constructor() {
    const parser = this.parser;
    // Each declared entity is read through a getter that counts what its references expand to.
    let expanded = 0;
    parser.on('doctype', (doctype) => {
      for (const [name, value] of Object.entries(internalEntities(doctype))) {
        Object.defineProperty(parser.ENTITIES, name, {
          enumerable: true,
          configurable: true,
          get: () => {
            expanded += value.length;
            if (expanded > MAX_ENTITY_EXPANSION) throw new EntityExpansionError(`entity references expand to more than ${MAX_ENTITY_EXPANSION} characters`);
            return value;
          },
        });
      }
    });
    parser.on('error', (error) => {
      if (!/undefined entity/.test(error.message)) throw error;
      if (this.current) this.current.problem ??= `an entity the document does not declare (or an external one, never fetched) at line ${parser.line}`;
    });
    parser.on('opentag', (node) => this.openTag(localName(node.name), node.attributes as Record<string, unknown>));
    parser.on('text', (t) => {
      this.textBuffer += t;
    });
    parser.on('closetag', (node) => this.closeTag(localName(node.name)));
  }

  /** Feeds a chunk; returns the items it completed. */
  write(chunk: string): ReadItem[] {
    if (this.stopped) return [];
    try {
      this.parser.write(chunk);
    } catch (error) {
      this.fail(error);
    }
    return this.drain();
  }

  /** Ends the document; returns the last items. */
  close(): ReadItem[] {
    if (!this.stopped) {
      try {
        this.parser.close();
      } catch (error) {
        this.fail(error);
      }
    }
    return this.drain();
  }

  private drain(): ReadItem[] {
    const items = this.items;
    this.items = [];
    return items;
  }

  private fail(error: unknown): void {
    this.stopped = true;
    const reason =
      error instanceof EntityExpansionError
        ? `${error.message} (line ${this.parser.line}): reading stopped here`
        : `XML is not well-formed (line ${this.parser.line}, column ${this.parser.column}): ${
            error instanceof Error ? error.message.split('\n')[0] : String(error)
          }; reading stopped here`;
    this.items.push({ kind: 'rejected', position: this.position || 1, offset: this.parser.position, reason });
  }

  private openTag(name: string, attributes: Record<string, unknown>): void {
    const attr = (key: string) => {
      const value = attributes[key];
      return typeof value === 'string' ? value : undefined;
    };
    if (name === 'record') {
      this.position++;
      this.current = { offset: this.parser.position, fields: [] };
      return;
    }
    if (!this.current) return;
    this.textBuffer = '';
    if (name === 'leader') this.inLeader = true;
    else if (name === 'controlfield') this.controlTag = attr('tag') ?? '';
    else if (name === 'datafield') {
      this.dataField = { tag: attr('tag') ?? '', ind1: attr('ind1') ?? ' ', ind2: attr('ind2') ?? ' ', subfields: [] };
    } else if (name === 'subfield') this.subfield = { code: attr('code') ?? '', value: '' };
  }

  private closeTag(name: string): void {
    const record = this.current;
    if (!record) return;
    if (name === 'leader' && this.inLeader) {
      record.leader = this.textBuffer;
      this.inLeader = false;
    } else if (name === 'controlfield' && this.controlTag !== null) {
      if (!isControlTag(this.controlTag)) record.problem ??= `controlfield has invalid tag "${this.controlTag}"`;
      record.fields.push({ tag: this.controlTag, value: this.textBuffer.normalize('NFC') });
      this.controlTag = null;
    } else if (name === 'subfield' && this.subfield && this.dataField) {
      if (!/^[0-9a-z]$/i.test(this.subfield.code)) record.problem ??= `subfield in ${this.dataField.tag} has invalid code "${this.subfield.code}"`;
      this.subfield.value = this.textBuffer.normalize('NFC');
      this.dataField.subfields.push(this.subfield);
      this.subfield = null;
    } else if (name === 'datafield' && this.dataField) {
      const field = this.dataField;
      if (!/^[0-9A-Za-z]{3}$/.test(field.tag) || isControlTag(field.tag)) {
        record.problem ??= `datafield has invalid tag "${field.tag}"`;
      } else if (field.ind1.length !== 1 || field.ind2.length !== 1) {
        record.problem ??= `datafield ${field.tag} has invalid indicators`;
      } else if (field.subfields.length === 0) {
        record.problem ??= `datafield ${field.tag} has no subfields`;
      }
      record.fields.push(field);
      this.dataField = null;
    } else if (name === 'record') {
      const { leader, offset } = record;
      const position = this.position;
      if (record.problem) this.items.push({ kind: 'rejected', position, offset, reason: record.problem });
      else if (leader === undefined) this.items.push({ kind: 'rejected', position, offset, reason: 'record has no leader' });
      else if (leader.length !== 24) this.items.push({ kind: 'rejected', position, offset, reason: `leader is ${leader.length} characters, not 24` });
      else this.items.push({ kind: 'record', position, offset, record: { leader: storedLeader(leader), fields: record.fields }, warnings: [] });
      this.current = null;
    }
  }
}

/**
 * The internal general entities a DOCTYPE declares, expanded: character references and the
 * entities declared before them, once (no recursion), each at most MAX_ENTITY_LENGTH long.
 * Parameter entities and external (SYSTEM/PUBLIC) ones are left out: never fetched.
 */
function internalEntities(doctype: string): Record<string, string> {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  const declared: Record<string, string> = {};
  for (const match of doctype.matchAll(/<!ENTITY\s+([A-Za-z_][\w.:-]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/g)) {
    const value = (match[2] ?? match[3] ?? '')
      .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => safeCodePoint(parseInt(hex, 16)))
      .replace(/&#([0-9]+);/g, (_, dec: string) => safeCodePoint(parseInt(dec, 10)))
      .replace(/&([A-Za-z_][\w.:-]*);/g, (whole, name: string) => entities[name] ?? whole);
    if (value.length > MAX_ENTITY_LENGTH) continue;
    entities[match[1]!] = value;
    declared[match[1]!] = value;
  }
  return declared;
}

function safeCodePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}
