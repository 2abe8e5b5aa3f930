import { feedsEndpoints } from '@estante/contracts/feeds';
import { type Language } from '@estante/contracts/kernel';
import { OPEN_METADATA_ENDPOINTS } from '@estante/contracts/opensearch';
import { newSearchState, searchRow, searchStateToParams } from '@estante/contracts/search';
import type { Db } from '../../db/client.js';
import { getGuiasPesquisa, getInstituicao } from '../parameters/parameters.service.js';
import { messages } from './opensearch.messages.js';

/** OpenSearch 1.1's namespace, and Mozilla's for the search form browsers open on an empty search. */
export const OPENSEARCH_NS = 'http://a9.com/-/spec/opensearch/1.1/';
const MOZILLA_NS = 'http://www.mozilla.org/2006/browser/search/';

/** Where the description's addresses live: this server's public origin and the API's base path. */
export interface Site {
  origin: string;
  apiBase: string;
}

/** What an OpenSearch description says (OpenSearch 1.1: ShortName ≤ 16 characters, LongName ≤ 48, Description ≤ 1024). */
export interface OpenSearchDescription {
  shortName: string;
  longName: string;
  description: string;
  /** The results page, its query with `{searchTerms}` where the words go. */
  htmlTemplate: string;
  /** The same search as an Atom feed ("follow this search"). */
  atomTemplate: string;
  /** The search page itself, for an empty search. */
  searchForm: string;
  self: string;
  image: string;
}

/** The OpenSearch template parameter the browser fills with the words typed. */
const SEARCH_TERMS = '{searchTerms}';

/**
 * A results page's query string with the words left as `{searchTerms}`: written by the search
 * codec the results page reads (searchStateToParams), so `termo1` is whatever it reads.
 */
export function searchTemplateQuery(): string {
  const query = searchStateToParams(newSearchState({ linhas: [searchRow(SEARCH_TERMS)] })).toString();
  return query.replace(encodeURIComponent(SEARCH_TERMS), SEARCH_TERMS);
}

/** The first of `texts` of at most `max` characters (whole code points); else the last, cut with an ellipsis. */
function fitting(max: number, ...texts: string[]): string {
  const fits = texts.find((text) => [...text].length <= max);
  if (fits !== undefined) return fits;
  return `${[...texts[texts.length - 1]!].slice(0, max - 1).join('')}…`;
}

/**
 * The catalogue's OpenSearch description: named after the institution (its name when it fits
 * in 16 characters, its acronym otherwise; "Catálogo — name" or the name in 48 for the long
 * name), searching with the general guide's results page.
 */
export async function openSearchDescription(db: Db, site: Site, language: Language): Promise<OpenSearchDescription> {
  const [institution, guides] = await Promise.all([getInstituicao(db), getGuiasPesquisa(db)]);
  // As the web app does: the general guide's route, its usual one when the guide is off.
  const general = `${site.origin}/${guides.find((g) => g.codigo === 'geral')?.rota ?? 'pesquisa-geral'}`;
  const name = institution.nome.trim();
  return {
    shortName: fitting(16, name, institution.sigla.trim() || name),
    longName: fitting(48, messages.t('longName', language, { institution: name }), name),
    description: fitting(1024, messages.t('description', language, { institution: name })),
    htmlTemplate: `${general}?${searchTemplateQuery()}`,
    atomTemplate: `${site.origin}${site.apiBase}${feedsEndpoints.search.path}?${searchTemplateQuery()}`,
    searchForm: general,
    self: `${site.origin}${OPEN_METADATA_ENDPOINTS.openSearch.path}`,
    image: `${site.origin}/favicon.svg`,
  };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 forbids (C0 controls but tab, LF, CR) are dropped.
// eslint-disable-next-line no-control-regex -- these control characters are what must go
const xml = (value: string) => value.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** The description as an OpenSearch 1.1 description document (XML). */
export function openSearchXml(d: OpenSearchDescription): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<OpenSearchDescription xmlns="${OPENSEARCH_NS}" xmlns:moz="${MOZILLA_NS}">`,
    `  <ShortName>${xml(d.shortName)}</ShortName>`,
    `  <LongName>${xml(d.longName)}</LongName>`,
    `  <Description>${xml(d.description)}</Description>`,
    '  <InputEncoding>UTF-8</InputEncoding>',
    '  <OutputEncoding>UTF-8</OutputEncoding>',
    `  <Image height="16" width="16" type="image/svg+xml">${xml(d.image)}</Image>`,
    `  <Url type="text/html" rel="results" template="${xml(d.htmlTemplate)}"/>`,
    `  <Url type="application/atom+xml" rel="results" template="${xml(d.atomTemplate)}"/>`,
    `  <Url type="application/opensearchdescription+xml" rel="self" template="${xml(d.self)}"/>`,
    `  <moz:SearchForm>${xml(d.searchForm)}</moz:SearchForm>`,
    '</OpenSearchDescription>',
    '',
  ].join('\n');
}
