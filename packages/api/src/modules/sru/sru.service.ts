import { MAX_RESULT_WINDOW } from '@estante/contracts/search';
import { SRU_DEFAULT_RECORDS, SRU_MAX_RECORDS, SRU_PARAMETERS, SRU_VERSIONS, type SruQuery, type SruVersion } from '@estante/contracts/sru';
import type { Db } from '../../db/client.js';
import { controlCharacterAt } from '../../plugins/input.js';
import type { Searcher } from '../search/search.remote.js';
import { type CqlNode, parseCql, toXcql } from './cql.js';
import { type Diagnostic, SruDiagnostic } from './sru.diagnostics.js';
import { explainRecord, type ServerAddress } from './sru.explain.js';
import { institutionName, marcRecords } from './sru.queries.js';
import { RECORD_SCHEMAS, recordSchema } from './sru.records.js';
import { searchPage, searchTree } from './sru.search.js';
import { type Echo, type Escaping, escapeXml, explainXml, type ResponseRecord, searchRetrieveXml } from './sru.xml.js';

/** What the server needs to answer: the catalogue's search and database, and where it is. */
export interface SruContext {
  index: Searcher;
  db: Db;
  server: ServerAddress;
}

/** An answer: always XML, always 200 (the diagnostics are in the body), as SRU clients expect. */
export interface SruAnswer {
  contentType: string;
  body: string;
}

/** The version a request is answered in, and the diagnostic when it asked for one not served. */
export function responseVersion(query: SruQuery): { version: SruVersion; diagnostic: Diagnostic | null } {
  const asked = single(query.version)?.trim() || undefined;
  if (asked === undefined) return { version: '1.2', diagnostic: null };
  if ((SRU_VERSIONS as readonly string[]).includes(asked)) return { version: asked as SruVersion, diagnostic: null };
  // Diagnostic 5's details: the highest version supported.
  return { version: '1.2', diagnostic: { code: 5, details: '2.0' } };
}

/** The content type of a version's responses: SRU 2.0's own media type, or XML. */
export function contentType(version: SruVersion): string {
  return version === '2.0' ? 'application/sru+xml; charset=utf-8' : 'text/xml; charset=utf-8';
}

/**
 * `GET /sru`: explain (no operation and no query, or `operation=explain`) or searchRetrieve
 * (`operation=searchRetrieve`, or SRU 2.0's bare `query=`). Bad input is never an exception
 * that escapes: it is a diagnostic in the response.
 */
export async function answerSru(context: SruContext, query: SruQuery): Promise<SruAnswer> {
  const { version, diagnostic } = responseVersion(query);
  // No operation (or an empty one): SRU 2.0's rule, a query makes it a searchRetrieve.
  const operation = single(query.operation)?.trim() || (single(query.query) !== undefined ? 'searchRetrieve' : 'explain');
  const problems = parameterProblems(query);
  if (diagnostic) problems.unshift(diagnostic);
  const body =
    operation === 'explain'
      ? await explain(context, version, query, problems)
      : operation === 'searchRetrieve'
        ? await searchRetrieve(context, version, query, problems)
        : failedSearch(version, null, [{ code: 4, details: operation }]);
  return { contentType: contentType(version), body };
}

/**
 * Unknown parameters (8), repeated ones and values with control characters (6); `x-`
 * extension parameters are let through.
 */
function parameterProblems(query: SruQuery): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (controlCharacterAt(name, name) !== null) problems.push({ code: 8, details: 'a parameter name with control characters' });
    else if (!(SRU_PARAMETERS as readonly string[]).includes(name) && !name.startsWith('x-')) problems.push({ code: 8, details: name });
    else if (Array.isArray(value)) problems.push({ code: 6, details: `${name} is given more than once` });
    else if (controlCharacterAt(value, name) !== null) problems.push({ code: 6, details: `${name}: control characters are not allowed` });
  }
  return problems;
}

/** A parameter's value; a repeated one (already a diagnostic) counts by its first value. */
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** How record data is to travel: 1.x's recordPacking, 2.0's recordXMLEscaping (or a 1.x-style recordPacking). */
function escapingOf(version: SruVersion, query: SruQuery, problems: Diagnostic[]): Escaping {
  const packing = single(query.recordPacking)?.trim().toLowerCase();
  const escaping = version === '2.0' ? (single(query.recordXMLEscaping)?.trim().toLowerCase() ?? (packing === 'packed' ? undefined : packing)) : packing;
  if (version === '2.0' && packing === 'unpacked') problems.push({ code: 6, details: 'recordPacking=unpacked' });
  if (escaping === undefined || escaping === 'xml' || escaping === 'string') return escaping ?? 'xml';
  problems.push({ code: 71, details: escaping });
  return 'xml';
}

async function explain(context: SruContext, version: SruVersion, query: SruQuery, problems: Diagnostic[]): Promise<string> {
  const escaping = escapingOf(version, query, problems);
  if (single(query.stylesheet)) problems.push({ code: 110 });
  const [name, { titles }] = await Promise.all([institutionName(context.db), context.index.summary()]);
  const record = explainRecord(version, context.server, { name, titles });
  const entries: Echo['entries'] = [['version', version]];
  if (version === '2.0') entries.push(['recordXMLEscaping', escaping]);
  else entries.push(['recordPacking', escaping]);
  return explainXml(version, { explain: record, escaping, echo: { entries, xQuery: null }, diagnostics: problems });
}

/** A whole number parameter, or a diagnostic 6 naming it. */
function wholeNumber(name: string, value: string | undefined, min: number, problems: Diagnostic[]): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!/^\d{1,9}$/.test(text) || Number(text) < min) {
    problems.push({ code: 6, details: `${name}: a whole number from ${min}` });
    return undefined;
  }
  return Number(text);
}

/** A searchRetrieve's parameters as understood (undefined: not sent, or not valid). */
interface SearchRequest {
  query: string;
  tree: CqlNode | null;
  startRecord: number | undefined;
  maximumRecords: number | undefined;
  escaping: Escaping;
}

async function searchRetrieve(context: SruContext, version: SruVersion, query: SruQuery, problems: Diagnostic[]): Promise<string> {
  const text = single(query.query);
  const queryType = single(query.queryType);
  if (queryType !== undefined && queryType.toLowerCase() !== 'cql') problems.push({ code: 11, details: queryType });
  if (text === undefined || text.trim() === '') problems.push({ code: 7, details: 'query' });
  let given = wholeNumber('startRecord', single(query.startRecord), 1, problems);
  if (given !== undefined && given > MAX_RESULT_WINDOW) {
    problems.push({ code: 6, details: `startRecord: at most ${MAX_RESULT_WINDOW}` });
    given = undefined;
  }
  const startRecord = given ?? 1;
  const asked = wholeNumber('maximumRecords', single(query.maximumRecords), 0, problems);
  // More than the most a page holds is not an error: the client pages on (nextRecordPosition).
  const maximumRecords = Math.min(asked ?? SRU_DEFAULT_RECORDS, SRU_MAX_RECORDS);
  const schemaName = single(query.recordSchema);
  const schema = schemaName === undefined ? RECORD_SCHEMAS.marcxml : recordSchema(schemaName);
  if (!schema) problems.push({ code: 66, details: schemaName });
  const escaping = escapingOf(version, query, problems);
  if (single(query.recordXPath)) problems.push({ code: 72 });
  if (single(query.sortKeys)) problems.push({ code: 80, details: 'sortKeys' });
  if (single(query.stylesheet)) problems.push({ code: 110 });

  let tree: CqlNode | null = null;
  if (text !== undefined && text.trim() !== '' && problems.length === 0) {
    try {
      tree = parseCql(text);
    } catch (error) {
      if (!(error instanceof SruDiagnostic)) throw error;
      problems.push(error.diagnostic);
    }
  }
  const echo = text === undefined ? null : echoOf(version, query, { query: text, tree, startRecord: given, maximumRecords: asked, escaping });
  if (problems.length > 0 || !tree || !schema) return failedSearch(version, echo, problems);

  let page;
  try {
    page = await searchPage(context.index, searchTree(tree), startRecord, maximumRecords);
  } catch (error) {
    if (!(error instanceof SruDiagnostic)) throw error;
    return failedSearch(version, echo, [error.diagnostic]);
  }
  if (page.total > 0 && startRecord > page.total) {
    return searchRetrieveXml(version, {
      numberOfRecords: page.total,
      records: [],
      escaping,
      nextRecordPosition: null,
      echo,
      diagnostics: [{ code: 61, details: `${page.total} records` }],
    });
  }
  const rows = await marcRecords(context.db, page.ids);
  const positions = new Map(page.ids.map((id, i) => [id, startRecord + i]));
  const records: ResponseRecord[] = rows.map((row) => ({ schema: schema.identifier, data: schema.write(row.marc), position: positions.get(row.cod_acervo)! }));
  const last = startRecord - 1 + page.ids.length;
  return searchRetrieveXml(version, {
    numberOfRecords: page.total,
    records,
    escaping,
    nextRecordPosition: page.ids.length > 0 && last < page.total ? last + 1 : null,
    echo,
    diagnostics: [],
  });
}

/** A searchRetrieve answered with diagnostics only: no records. */
function failedSearch(version: SruVersion, echo: Echo | null, diagnostics: Diagnostic[]): string {
  return searchRetrieveXml(version, { numberOfRecords: 0, records: [], escaping: 'xml', nextRecordPosition: null, echo, diagnostics });
}

/**
 * The request as the response echoes it, in the schema's order; only what was sent and
 * understood (a number that is not one is not echoed). SRU 1.x also echoes the query as XCQL.
 */
function echoOf(version: SruVersion, query: SruQuery, request: SearchRequest): Echo {
  const entries: Echo['entries'] = [['version', version]];
  if (version === '2.0' && single(query.queryType) !== undefined) entries.push(['queryType', single(query.queryType)!]);
  entries.push(['query', request.query]);
  if (request.startRecord !== undefined) entries.push(['startRecord', String(request.startRecord)]);
  if (request.maximumRecords !== undefined) entries.push(['maximumRecords', String(request.maximumRecords)]);
  if (version === '2.0') {
    if (single(query.recordXMLEscaping) !== undefined) entries.push(['recordXMLEscaping', request.escaping]);
  } else if (single(query.recordPacking) !== undefined) {
    entries.push(['recordPacking', request.escaping]);
  }
  if (single(query.recordSchema) !== undefined) entries.push(['recordSchema', single(query.recordSchema)!]);
  const xQuery = version === '2.0' ? null : request.tree ? toXcql(request.tree, escapeXml) : '';
  return { entries, xQuery };
}
