import type { SruVersion } from '@estante/contracts/sru';
import { toDublinCore } from '../../marc/dublin-core.js';
import type { MarcRecord } from '../../marc/record.js';
import { toMarcXml } from '../../marc/write.js';
import { type Diagnostic, DIAGNOSTIC_MESSAGES, diagnosticUri } from './sru.diagnostics.js';

/**
 * The SRU responses as XML: SRU 1.1 / 1.2 in the `http://www.loc.gov/zing/srw/` namespace
 * (validated against srw-types.xsd), SRU 2.0 in OASIS's `sruResponse` namespace (against
 * sruResponse.xsd); packages/api/schemas/sru/ holds both. The prefix is `zs`, as YAZ writes it
 * (some clients match on it).
 */

const NAMESPACES = {
  '1': { zs: 'http://www.loc.gov/zing/srw/', diag: 'http://www.loc.gov/zing/srw/diagnostic/' },
  '2': { zs: 'http://docs.oasis-open.org/ns/search-ws/sruResponse', diag: 'http://docs.oasis-open.org/ns/search-ws/diagnostic' },
} as const;
const XCQL_NAMESPACE = 'http://www.loc.gov/zing/cql/xcql/';
export const MARCXML_NAMESPACE = 'http://www.loc.gov/MARC21/slim';
export const EXPLAIN_NAMESPACE = 'http://explain.z3950.org/dtd/2.0/';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for XML content or attributes; characters XML 1.0 forbids (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/F) are dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these control characters are what must go
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/[&<>"']/g, (c) => ESCAPES[c]!)
  );
}

/** The major version's namespaces. */
function namespaces(version: SruVersion) {
  return NAMESPACES[version === '2.0' ? '2' : '1'];
}

/** One record of a response: its schema's identifier, its data (an XML fragment) and its position in the results. */
export interface ResponseRecord {
  schema: string;
  data: string;
  position?: number;
}

/** How record data travels: as XML inside the response, or as an escaped string. */
export type Escaping = 'xml' | 'string';

/** The parameters echoed back, in the order the schema lists them; `xQuery` is the query as XCQL (1.x). */
export interface Echo {
  entries: [name: string, value: string][];
  xQuery: string | null;
}

const element = (name: string, text: string | number) => `<zs:${name}>${typeof text === 'number' ? text : escapeXml(text)}</zs:${name}>`;

function recordXml(version: SruVersion, record: ResponseRecord, escaping: Escaping): string {
  const data = escaping === 'xml' ? record.data : escapeXml(record.data);
  return [
    '<zs:record>',
    element('recordSchema', record.schema),
    version === '2.0' ? element('recordXMLEscaping', escaping) : element('recordPacking', escaping),
    `<zs:recordData>${data}</zs:recordData>`,
    record.position === undefined ? '' : element('recordPosition', record.position),
    '</zs:record>',
  ].join('');
}

function diagnosticsXml(version: SruVersion, diagnostics: Diagnostic[]): string {
  if (diagnostics.length === 0) return '';
  const diag = namespaces(version).diag;
  const items = diagnostics.map(
    (d) =>
      `<diag:diagnostic xmlns:diag="${diag}"><diag:uri>${diagnosticUri(d.code)}</diag:uri>` +
      `${d.details === undefined ? '' : `<diag:details>${escapeXml(d.details)}</diag:details>`}` +
      `<diag:message>${DIAGNOSTIC_MESSAGES[d.code]}</diag:message></diag:diagnostic>`,
  );
  return `<zs:diagnostics>${items.join('')}</zs:diagnostics>`;
}

function echoXml(name: 'echoedSearchRetrieveRequest' | 'echoedExplainRequest', echo: Echo | null): string {
  if (!echo) return '';
  const parts = echo.entries.map(([key, value]) => element(key, value));
  // XCQL follows the query (SRU 1.x): its elements are in XCQL's namespace.
  if (echo.xQuery !== null) {
    const at = echo.entries.findIndex(([key]) => key === 'query') + 1;
    parts.splice(at, 0, `<zs:xQuery xmlns="${XCQL_NAMESPACE}">${echo.xQuery}</zs:xQuery>`);
  }
  return `<zs:${name}>${parts.join('')}</zs:${name}>`;
}

function document(version: SruVersion, root: string, body: string[]): string {
  const version1 = version === '2.0' ? '' : element('version', version);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<zs:${root} xmlns:zs="${namespaces(version).zs}">${version1}${body.join('')}</zs:${root}>\n`;
}

/** A searchRetrieve response: the count, the page's records, where the next page starts, the echo and diagnostics. */
export function searchRetrieveXml(
  version: SruVersion,
  response: {
    numberOfRecords: number;
    records: ResponseRecord[];
    escaping: Escaping;
    nextRecordPosition: number | null;
    echo: Echo | null;
    diagnostics: Diagnostic[];
  },
): string {
  return document(version, 'searchRetrieveResponse', [
    element('numberOfRecords', response.numberOfRecords),
    // SRU 1.x's schema wants at least one record in <records>: none, no element.
    response.records.length === 0 ? '' : `<zs:records>${response.records.map((r) => recordXml(version, r, response.escaping)).join('')}</zs:records>`,
    response.nextRecordPosition === null ? '' : element('nextRecordPosition', response.nextRecordPosition),
    echoXml('echoedSearchRetrieveRequest', response.echo),
    diagnosticsXml(version, response.diagnostics),
  ]);
}

/** An explain response: the explain record, the echo and diagnostics. */
export function explainXml(version: SruVersion, response: { explain: string; escaping: Escaping; echo: Echo | null; diagnostics: Diagnostic[] }): string {
  return document(version, 'explainResponse', [
    recordXml(version, { schema: EXPLAIN_NAMESPACE, data: response.explain }, response.escaping),
    echoXml('echoedExplainRequest', response.echo),
    diagnosticsXml(version, response.diagnostics),
  ]);
}

/**
 * A title's MARCXML record (MARC 21 slim), as the catalogue's MARCXML writer writes it, taken
 * out of its collection and declaring its namespace itself.
 */
export function marcXmlRecord(record: MarcRecord): string {
  const collection = toMarcXml([record]);
  const start = collection.indexOf('<record>') + '<record>'.length;
  const end = collection.lastIndexOf('</record>');
  // Only the writer's line breaks between tags go: data has no raw `<` or `>` (they are escaped).
  const fields = collection.slice(start, end).replace(/>\s*\n\s*</g, '><');
  return `<record xmlns="${MARCXML_NAMESPACE}">${fields.trim()}</record>`;
}

/**
 * A title's simple Dublin Core in the SRU DC schema (info:srw/schema/1/dc-v1.1): the
 * catalogue's crosswalk (the Library of Congress's rules), each element in the DC namespace.
 * The crosswalk's attributes (a type's `collection="yes"`) are left out: DC's schema has none.
 */
export function dublinCoreRecord(record: MarcRecord): string {
  const elements = toDublinCore(record).map(({ elemento, valor }) => `<dc:${elemento}>${escapeXml(valor)}</dc:${elemento}>`);
  return `<srw_dc:dc xmlns:srw_dc="info:srw/schema/1/dc-schema" xmlns:dc="http://purl.org/dc/elements/1.1/">${elements.join('')}</srw_dc:dc>`;
}
