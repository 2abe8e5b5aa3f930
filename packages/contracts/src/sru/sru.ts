import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** How many records a searchRetrieve answers when the client does not say (`maximumRecords`). */
export const SRU_DEFAULT_RECORDS = 10;
/** The most records one searchRetrieve answers; a client asking for more gets this many per page. */
export const SRU_MAX_RECORDS = 100;

/** The SRU versions answered: 1.1 and 1.2 in the `http://www.loc.gov/zing/srw/` shape, 2.0 in OASIS's. */
export const SRU_VERSIONS = ['1.1', '1.2', '2.0'] as const;
export type SruVersion = (typeof SRU_VERSIONS)[number];

/** The parameters of SRU 1.2 and 2.0 (`x-` extension parameters are allowed besides). */
export const SRU_PARAMETERS = [
  'operation',
  'version',
  'query',
  'queryType',
  'startRecord',
  'maximumRecords',
  'recordSchema',
  'recordPacking',
  'recordXMLEscaping',
  'recordXPath',
  'resultSetTTL',
  'sortKeys',
  'stylesheet',
  'httpAccept',
  'renderedBy',
  'responseType',
  'extraRequestData',
  'facetLimit',
  'facetStart',
  'facetSort',
  'facetRangeField',
  'facetLowValue',
  'facetHighValue',
  'facetCount',
  'scanClause',
  'responsePosition',
  'maximumTerms',
] as const;

/** A parameter as the query string gives it: one value, or several when repeated (a diagnostic then). */
const parameter = z.union([z.string(), z.array(z.string())]).optional();

/** What each parameter does here, for the OpenAPI document (SRU 1.2 and 2.0). */
const PARAMETER_TEXT: Record<(typeof SRU_PARAMETERS)[number], string> = {
  operation: 'explain or searchRetrieve; left out: searchRetrieve when a query is given, else explain (scan: diagnostic 4)',
  version: '1.1, 1.2 (default) or 2.0; the answer follows it',
  query: 'The CQL query (searchRetrieve)',
  queryType: 'cql (the only one)',
  startRecord: 'The first record to answer, from 1',
  maximumRecords: `Records to answer (default ${SRU_DEFAULT_RECORDS}, at most ${SRU_MAX_RECORDS} a page)`,
  recordSchema: 'marcxml (default) or dc',
  recordPacking: 'xml (default) or string (SRU 1.x)',
  recordXMLEscaping: 'xml (default) or string (SRU 2.0)',
  recordXPath: 'Not supported: diagnostic 72',
  resultSetTTL: 'Accepted and ignored: no result sets are kept',
  sortKeys: 'Not supported: diagnostic 80',
  stylesheet: 'Not supported: diagnostic 110',
  httpAccept: 'SRU 2.0: accepted and ignored; the answer is XML',
  renderedBy: 'SRU 2.0: accepted and ignored (the server renders)',
  responseType: 'SRU 2.0: accepted and ignored; the answer is XML',
  extraRequestData: 'Accepted and ignored',
  facetLimit: 'SRU 2.0 facets: accepted and ignored',
  facetStart: 'SRU 2.0 facets: accepted and ignored',
  facetSort: 'SRU 2.0 facets: accepted and ignored',
  facetRangeField: 'SRU 2.0 facets: accepted and ignored',
  facetLowValue: 'SRU 2.0 facets: accepted and ignored',
  facetHighValue: 'SRU 2.0 facets: accepted and ignored',
  facetCount: 'SRU 2.0 facets: accepted and ignored',
  scanClause: 'scan is not supported (diagnostic 4)',
  responsePosition: 'scan is not supported (diagnostic 4)',
  maximumTerms: 'scan is not supported (diagnostic 4)',
};

/**
 * `GET /sru`'s query string, taken as it comes: every value a string (or a list when repeated)
 * and any other parameter let through, so that the server answers bad input the SRU way, with
 * a diagnostic in XML, rather than the API's JSON 400.
 */
export const sruQuerySchema = z.looseObject(
  Object.fromEntries(SRU_PARAMETERS.map((name) => [name, parameter.describe(PARAMETER_TEXT[name])])) as Record<
    (typeof SRU_PARAMETERS)[number],
    typeof parameter
  >,
);
export type SruQuery = z.infer<typeof sruQuerySchema>;

/**
 * The SRU server (issue 22): Search/Retrieve via URL over the catalogue, for reference managers
 * and other library systems. Served at the root, outside the API base path, so it is no
 * `<area>Endpoints` group (like `/health`). Answers XML only: explain (also when no operation is
 * given) or searchRetrieve, CQL queries, MARCXML or Dublin Core records; any bad input is an
 * SRU diagnostic (`info:srw/diagnostic/1/N`), never a JSON error.
 */
export const sruEndpoint = endpoint({
  method: 'GET',
  path: '/sru',
  access: 'open',
  tag: 'Open interfaces',
  summary: 'SRU 1.2 / 2.0 server: explain and searchRetrieve over the catalogue with CQL (XML)',
  description:
    'CQL indexes dc.title, dc.creator, dc.subject, bath.isbn, cql.anywhere (cql.serverChoice); relations =, ==, all, any, adj; ' +
    'AND / OR / NOT with parentheses. Records as MARCXML (recordSchema=marcxml) or Dublin Core (dc). ' +
    'Bad input is answered with SRU diagnostics in the XML response.',
  query: sruQuerySchema,
  response: z.string(),
  answer: 'file',
});
