import { accountEndpoints } from '@estante/contracts/account';
import { basketEndpoints } from '@estante/contracts/basket';
import { collectionEndpoints } from '@estante/contracts/collection';
import { exportEndpoints } from '@estante/contracts/export';
import { feedsEndpoints } from '@estante/contracts/feeds';
import { OPERATIONS_ENDPOINTS } from '@estante/contracts/health';
import { type Endpoint } from '@estante/contracts/kernel';
import { oaiEndpoint, oaiFormEndpoint } from '@estante/contracts/oai';
import { OPEN_METADATA_ENDPOINTS, OPENSEARCH_TYPE } from '@estante/contracts/opensearch';
import { requestsEndpoints } from '@estante/contracts/requests';
import { SITE_FILES } from '@estante/contracts/site';
import { sruEndpoint } from '@estante/contracts/sru';
import { auditEndpoints } from '@estante/contracts/staff';

/** Media types whose bytes are not text: documented as binary strings. */
const BINARY = new Set(['application/pdf', 'application/marc']);

/**
 * The media types of the files each call answers, for the OpenAPI document (the handlers set
 * them on the reply; a declaration says only `answer: 'file'`). The basket export answers JSON
 * or, for `tipo: arquivo`, one of these files.
 */
export const FILE_TYPES: ReadonlyMap<Endpoint, readonly string[]> = new Map<Endpoint, readonly string[]>([
  [accountEndpoints.paymentSlip, ['application/pdf']],
  [accountEndpoints.declarationPdf, ['application/pdf']],
  [requestsEndpoints.sheetDraft, ['application/pdf']],
  [requestsEndpoints.sheetPdf, ['application/pdf']],
  [requestsEndpoints.sheetPreview, ['application/pdf']],
  [collectionEndpoints.bibliographyFile, ['text/csv', 'application/pdf']],
  [auditEndpoints.csv, ['text/csv']],
  [feedsEndpoints.alerts, ['application/atom+xml']],
  [feedsEndpoints.dueDates, ['text/calendar']],
  [feedsEndpoints.search, ['application/atom+xml']],
  [
    basketEndpoints.export,
    ['text/plain', 'application/x-research-info-systems', 'application/x-bibtex', 'application/marc', 'application/marcxml+xml', 'text/csv'],
  ],
  [OPEN_METADATA_ENDPOINTS.openSearch, [OPENSEARCH_TYPE]],
  // SRU 2.0 answers application/sru+xml, 1.2 text/xml.
  [sruEndpoint, ['application/sru+xml', 'text/xml']],
  [oaiEndpoint, ['text/xml']],
  [oaiFormEndpoint, ['text/xml']],
  [SITE_FILES.sitemap, ['application/xml']],
  [SITE_FILES.robots, ['text/plain']],
  // Prometheus's text exposition format (version 0.0.4), decision 0059.
  [OPERATIONS_ENDPOINTS.metrics, ['text/plain']],
  // unAPI's formats list, and a title in each of its formats (decision 0052).
  // What the library owns, out again (decision 0056): its catalogue as MARC, its patrons and their state as CSV.
  [exportEndpoints.catalogue, ['application/marc', 'application/marcxml+xml']],
  [exportEndpoints.people, ['text/csv']],
  [SITE_FILES.unapi, ['application/xml', 'application/marcxml+xml', 'application/marc', 'application/x-research-info-systems', 'application/x-bibtex']],
]);

/**
 * The open interfaces that answer in their protocol's XML rather than the API's JSON error shape
 * (decisions 0024, 0025). Bad input never gets a 400: it is a 200 document (OAI-PMH's badVerb,
 * badArgument …; SRU's diagnostics), so none is documented. `faults` are the statuses whose body
 * is that XML too, with what they mean: SRU answers its own failures as diagnostics. OAI-PMH's
 * failures (500, and 503 while the database is away) still come as the JSON error.
 */
export const PROTOCOL_ANSWERS: ReadonlyMap<Endpoint, { readonly faults: Readonly<Record<string, string>> }> = new Map<
  Endpoint,
  { readonly faults: Readonly<Record<string, string>> }
>([
  [oaiEndpoint, { faults: {} }],
  [oaiFormEndpoint, { faults: {} }],
  [
    sruEndpoint,
    {
      faults: {
        '500': 'An unexpected error: a response with diagnostic info:srw/diagnostic/1/1 (General system error)',
        '503':
          'The database cannot be reached: a response with diagnostic info:srw/diagnostic/1/2 (System temporarily unavailable); retry after Retry-After seconds',
      },
    },
  ],
]);

/** What a file of an undeclared media type is documented as. */
export const UNKNOWN_FILE_TYPE = 'application/octet-stream';

/** The OpenAPI media type objects of a file answer: text as a string, anything else as binary. */
export function fileContent(types: readonly string[]): Record<string, { schema: { type: 'string'; format?: 'binary' } }> {
  return Object.fromEntries(
    types.map((type) => [type, { schema: BINARY.has(type) || type === UNKNOWN_FILE_TYPE ? { type: 'string', format: 'binary' } : { type: 'string' } }]),
  );
}
