import { SaxesParser } from 'saxes';
import type { ReadItem } from './iso2709.js';
import { isControlTag, type DataField, type MarcField, type Subfield } from './record.js';

/**
 * Reads MARCXML (MARC 21 slim; root <collection>, <records> or a lone <record>, with or without
 * a namespace prefix). A record that breaks the MARC 21 slim rules is reported and skipped; XML
 * that is not well-formed stops the read there, with the error reported as one more item.
 */
export function* readMarcXml(text: string): Generator<ReadItem> {
  const items: ReadItem[] = [];
  const parser = new SaxesParser({ xmlns: false, position: true });
  let position = 0;
  let current: { offset: number; leader?: string; fields: MarcField[]; problem?: string } | null = null;
  let dataField: DataField | null = null;
  let subfield: Subfield | null = null;
  let controlTag: string | null = null;
  let textBuffer = '';
  let inLeader = false;

  parser.on('opentag', (node) => {
    const name = localName(node.name);
    const attr = (key: string) => {
      const value = node.attributes[key];
      return typeof value === 'string' ? value : undefined;
    };
    if (name === 'record') {
      position++;
      current = { offset: parser.position, fields: [] };
      return;
    }
    if (!current) return;
    textBuffer = '';
    if (name === 'leader') inLeader = true;
    else if (name === 'controlfield') controlTag = attr('tag') ?? '';
    else if (name === 'datafield') {
      dataField = { tag: attr('tag') ?? '', ind1: attr('ind1') ?? ' ', ind2: attr('ind2') ?? ' ', subfields: [] };
    } else if (name === 'subfield') subfield = { code: attr('code') ?? '', value: '' };
  });
  parser.on('text', (t) => {
    textBuffer += t;
  });
  parser.on('closetag', (node) => {
    const name = localName(node.name);
    const record = current;
    if (!record) return;
    if (name === 'leader' && inLeader) {
      record.leader = textBuffer;
      inLeader = false;
    } else if (name === 'controlfield' && controlTag !== null) {
      if (!isControlTag(controlTag)) record.problem ??= `controlfield has invalid tag "${controlTag}"`;
      record.fields.push({ tag: controlTag, value: textBuffer.normalize('NFC') });
      controlTag = null;
    } else if (name === 'subfield' && subfield && dataField) {
      if (!/^[0-9a-z]$/i.test(subfield.code)) record.problem ??= `subfield in ${dataField.tag} has invalid code "${subfield.code}"`;
      subfield.value = textBuffer.normalize('NFC');
      dataField.subfields.push(subfield);
      subfield = null;
    } else if (name === 'datafield' && dataField) {
      if (!/^[0-9A-Za-z]{3}$/.test(dataField.tag) || isControlTag(dataField.tag)) {
        record.problem ??= `datafield has invalid tag "${dataField.tag}"`;
      } else if (dataField.ind1.length !== 1 || dataField.ind2.length !== 1) {
        record.problem ??= `datafield ${dataField.tag} has invalid indicators`;
      } else if (dataField.subfields.length === 0) {
        record.problem ??= `datafield ${dataField.tag} has no subfields`;
      }
      record.fields.push(dataField);
      dataField = null;
    } else if (name === 'record') {
      const leader = record.leader;
      if (record.problem) items.push({ kind: 'rejected', position, offset: record.offset, reason: record.problem });
      else if (leader === undefined) items.push({ kind: 'rejected', position, offset: record.offset, reason: 'record has no leader' });
      else if (leader.length !== 24) {
        items.push({ kind: 'rejected', position, offset: record.offset, reason: `leader is ${leader.length} characters, not 24` });
      } else {
        items.push({ kind: 'record', position, offset: record.offset, record: { leader, fields: record.fields }, warnings: [] });
      }
      current = null;
    }
  });

  try {
    parser.write(text).close();
  } catch (error) {
    const reason = `XML is not well-formed (line ${parser.line}, column ${parser.column}): ${
      error instanceof Error ? error.message.split('\n')[0] : String(error)
    }; reading stopped here`;
    yield* items;
    yield { kind: 'rejected', position: position || 1, offset: parser.position, reason };
    return;
  }
  yield* items;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}
