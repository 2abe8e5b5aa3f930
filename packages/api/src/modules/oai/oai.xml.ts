import { toDublinCore } from '../../marc/dublin-core.js';
import { isControlTag, isDataField, type MarcField, type MarcRecord } from '../../marc/record.js';
import { toMarcXml } from '../../marc/write.js';

/** The namespaces and schemas of the protocol and of the formats we disseminate. */
export const OAI = {
  namespace: 'http://www.openarchives.org/OAI/2.0/',
  schema: 'http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd',
  identifierNamespace: 'http://www.openarchives.org/OAI/2.0/oai-identifier',
  identifierSchema: 'http://www.openarchives.org/OAI/2.0/oai-identifier.xsd',
  toolkitNamespace: 'http://oai.dlib.vt.edu/OAI/metadata/toolkit',
  toolkitSchema: 'http://oai.dlib.vt.edu/OAI/metadata/toolkit.xsd',
} as const;
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** The metadata formats disseminated, by prefix: every title has both. */
export const METADATA_FORMATS = {
  oai_dc: { schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd', namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/' },
  marc21: { schema: 'http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd', namespace: 'http://www.loc.gov/MARC21/slim' },
} as const;
export type MetadataPrefix = keyof typeof METADATA_FORMATS;

/** The toolkit title the partner-network harvester looks for to recognise another Estante. */
export const TOOLKIT_TITLE = 'Estante';

/**
 * Characters XML 1.0 cannot carry at all (C0 controls but tab, LF, CR; lone surrogates; U+FFFE,
 * U+FFFF): dropped from anything we write.
 */
// eslint-disable-next-line no-control-regex -- these control characters are what must go
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text without the characters XML cannot carry. */
export function xmlSafe(value: string): string {
  return value.replace(NOT_XML, '');
}

/** Text escaped for element content and attribute values. */
export function esc(value: string): string {
  return xmlSafe(value).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** `<name>text</name>`, escaped. */
function element(name: string, text: string): string {
  return `<${name}>${esc(text)}</${name}>`;
}

/** The attributes of the request element: the arguments that were valid, in the protocol's order. */
export interface RequestEcho {
  verb?: string;
  identifier?: string;
  metadataPrefix?: string;
  from?: string;
  until?: string;
  set?: string;
  resumptionToken?: string;
}

/**
 * A whole OAI-PMH response: the envelope (schemaLocation, responseDate, the request echoed) around
 * `body`, the verb's element or the error elements.
 */
export function envelope(responseDate: Date, baseUrl: string, request: RequestEcho, body: string): string {
  const attributes = (['verb', 'identifier', 'metadataPrefix', 'from', 'until', 'set', 'resumptionToken'] as const)
    .filter((key) => request[key] !== undefined)
    .map((key) => ` ${key}="${esc(request[key]!)}"`)
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<OAI-PMH xmlns="${OAI.namespace}" xmlns:xsi="${XSI}" xsi:schemaLocation="${OAI.namespace} ${OAI.schema}">`,
    element('responseDate', utcSeconds(responseDate)),
    `<request${attributes}>${esc(baseUrl)}</request>`,
    body,
    '</OAI-PMH>',
    '',
  ].join('\n');
}

/** The protocol's error codes (§3.6). */
export type OaiErrorCode =
  'badArgument' | 'badResumptionToken' | 'badVerb' | 'cannotDisseminateFormat' | 'idDoesNotExist' | 'noRecordsMatch' | 'noMetadataFormats' | 'noSetHierarchy';

export interface OaiError {
  code: OaiErrorCode;
  message: string;
}

export function errorElements(errors: OaiError[]): string {
  return errors.map((e) => `<error code="${e.code}">${esc(e.message)}</error>`).join('\n');
}

/** A date as the protocol writes datestamps at second granularity: `YYYY-MM-DDThh:mm:ssZ`. */
export function utcSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export interface IdentifyFacts {
  repositoryName: string;
  baseUrl: string;
  adminEmails: string[];
  earliestDatestamp: Date;
  repositoryIdentifier: string;
  sampleIdentifier: string;
}

/** Identify (§4.2) with the oai-identifier and toolkit descriptions. */
export function identifyElement(facts: IdentifyFacts): string {
  return [
    '<Identify>',
    element('repositoryName', facts.repositoryName),
    element('baseURL', facts.baseUrl),
    element('protocolVersion', '2.0'),
    ...facts.adminEmails.map((email) => element('adminEmail', email)),
    element('earliestDatestamp', utcSeconds(facts.earliestDatestamp)),
    element('deletedRecord', 'persistent'),
    element('granularity', 'YYYY-MM-DDThh:mm:ssZ'),
    '<description>',
    `<oai-identifier xmlns="${OAI.identifierNamespace}" xsi:schemaLocation="${OAI.identifierNamespace} ${OAI.identifierSchema}">`,
    element('scheme', 'oai'),
    element('repositoryIdentifier', facts.repositoryIdentifier),
    element('delimiter', ':'),
    element('sampleIdentifier', facts.sampleIdentifier),
    '</oai-identifier>',
    '</description>',
    '<description>',
    `<toolkit xmlns="${OAI.toolkitNamespace}" xsi:schemaLocation="${OAI.toolkitNamespace} ${OAI.toolkitSchema}">`,
    element('title', TOOLKIT_TITLE),
    element('URL', facts.baseUrl),
    '</toolkit>',
    '</description>',
    '</Identify>',
  ].join('\n');
}

/** ListMetadataFormats (§4.4): the formats named. */
export function metadataFormatsElement(prefixes: readonly MetadataPrefix[]): string {
  return [
    '<ListMetadataFormats>',
    ...prefixes.map((prefix) =>
      [
        '<metadataFormat>',
        element('metadataPrefix', prefix),
        element('schema', METADATA_FORMATS[prefix].schema),
        element('metadataNamespace', METADATA_FORMATS[prefix].namespace),
        '</metadataFormat>',
      ].join(''),
    ),
    '</ListMetadataFormats>',
  ].join('\n');
}

/** ListSets (§4.6). */
export function setsElement(sets: { spec: string; name: string }[]): string {
  return ['<ListSets>', ...sets.map((s) => `<set>${element('setSpec', s.spec)}${element('setName', s.name)}</set>`), '</ListSets>'].join('\n');
}

/** What one item of a list carries: its header, and its MARC record unless it was deleted. */
export interface ItemView {
  identifier: string;
  datestamp: Date;
  deleted: boolean;
  setSpecs: string[];
  marc: MarcRecord | null;
  /** The title's public web address (dc:identifier). */
  webAddress: string;
}

export function headerElement(item: ItemView): string {
  return [
    `<header${item.deleted ? ' status="deleted"' : ''}>`,
    element('identifier', item.identifier),
    element('datestamp', utcSeconds(item.datestamp)),
    ...item.setSpecs.map((spec) => element('setSpec', spec)),
    '</header>',
  ].join('');
}

/** A record (§2.5): the header, and the metadata in `prefix` for an item not deleted. */
export function recordElement(item: ItemView, prefix: MetadataPrefix): string {
  if (item.deleted || !item.marc) return `<record>${headerElement(item)}</record>`;
  const metadata = prefix === 'oai_dc' ? oaiDc(item.marc, item.webAddress) : marc21(item.marc);
  return `<record>${headerElement(item)}\n<metadata>\n${metadata}\n</metadata>\n</record>`;
}

export interface ResumptionView {
  token: string;
  cursor: number;
  completeListSize: number | null;
}

/** The resumption token element; an empty token ends a list that was given in parts. */
export function resumptionElement(view: ResumptionView): string {
  const size = view.completeListSize !== null && view.completeListSize > 0 ? ` completeListSize="${view.completeListSize}"` : '';
  return `<resumptionToken${size} cursor="${view.cursor}">${esc(view.token)}</resumptionToken>`;
}

/**
 * Simple Dublin Core as oai_dc: the LoC MARC → DC crosswalk (dublin-core.ts) and the title's public
 * web address as a dc:identifier. The crosswalk's attributes (type collection / manuscript, relation
 * type) are left out: simpledc20021212.xsd allows only xml:lang on its elements.
 */
export function oaiDc(record: MarcRecord, webAddress: string): string {
  const dc = METADATA_FORMATS.oai_dc;
  const lines = toDublinCore(record).map((e) => `<dc:${e.elemento}>${esc(e.valor)}</dc:${e.elemento}>`);
  lines.push(`<dc:identifier>${esc(webAddress)}</dc:identifier>`);
  return [
    `<oai_dc:dc xmlns:oai_dc="${dc.namespace}" xmlns:dc="http://purl.org/dc/elements/1.1/" xsi:schemaLocation="${dc.namespace} ${dc.schema}">`,
    ...lines,
    '</oai_dc:dc>',
  ].join('\n');
}

/**
 * The MARC record as a MARCXML `record` (MARC21slim), written by the catalogue's own MARCXML
 * writer (write.ts) and taken out of the collection it wraps records in. The record is first
 * fitted to what the schema allows: a leader of 24 characters in the permitted alphabet, tags
 * of the permitted shape, datafields with at least one subfield.
 */
export function marc21(record: MarcRecord): string {
  const lines = toMarcXml([fitForMarcXml(record)]).split('\n');
  const start = lines.findIndex((line) => line.trim() === '<record>');
  const end = lines.lastIndexOf('  </record>');
  const { namespace, schema } = METADATA_FORMATS.marc21;
  return [`<record xmlns="${namespace}" xsi:schemaLocation="${namespace} ${schema}">`, ...lines.slice(start + 1, end).map((l) => l.slice(2)), '</record>'].join(
    '\n',
  );
}

const CONTROL_TAG = /^00[1-9A-Za-z]$/;
const DATA_TAG = /^(0([1-9A-Z][0-9A-Z])|0([1-9a-z][0-9a-z]))$|^(([1-9A-Z][0-9A-Z]{2})|([1-9a-z][0-9a-z]{2}))$/;
const SUBFIELD_CODE = /^[\dA-Za-z!"#$%&'()*+,\-./:;<=>?{}_^`~[\]\\]$/;
/** The alphabet of each leader position in MARC21slim's leaderDataType, with the value used when one does not fit. */
const LEADER: [RegExp, string][] = [
  ...Array.from({ length: 5 }, (): [RegExp, string] => [/[\d ]/, '0']),
  [/[\dA-Za-z ]/, ' '],
  [/[\dA-Za-z]/, 'a'],
  ...Array.from({ length: 3 }, (): [RegExp, string] => [/[\dA-Za-z ]/, ' ']),
  [/[2 ]/, '2'],
  [/[2 ]/, '2'],
  ...Array.from({ length: 5 }, (): [RegExp, string] => [/[\d ]/, '0']),
  ...Array.from({ length: 3 }, (): [RegExp, string] => [/[\dA-Za-z ]/, ' ']),
];

/** A copy of the record that validates against MARC21slim.xsd, with text XML can carry. */
export function fitForMarcXml(record: MarcRecord): MarcRecord {
  const source = record.leader.padEnd(24, ' ').slice(0, 24);
  const head = LEADER.map(([allowed, fallback], i) => (allowed.test(source[i]!) ? source[i]! : fallback)).join('');
  const tail = source.slice(20, 24) === '    ' ? '    ' : '4500';
  const fields: MarcField[] = [];
  for (const field of record.fields) {
    if (!isDataField(field)) {
      if (CONTROL_TAG.test(field.tag)) fields.push({ tag: field.tag, value: xmlSafe(field.value) });
      continue;
    }
    // A control field that came with subfields (danMARC2) is written as a control field by toMarcXml.
    if (!DATA_TAG.test(field.tag) && !isControlTag(field.tag)) continue;
    const subfields = field.subfields.filter((s) => SUBFIELD_CODE.test(s.code)).map((s) => ({ code: s.code, value: xmlSafe(s.value) }));
    if (subfields.length > 0) fields.push({ tag: field.tag, ind1: field.ind1, ind2: field.ind2, subfields });
  }
  return { leader: `${head}${tail}`, fields };
}
