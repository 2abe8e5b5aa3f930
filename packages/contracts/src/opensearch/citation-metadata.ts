import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/**
 * What the catalogue says of a title that citation metadata uses (decision 0027): a results
 * line (`ResultadoAcervo`) and the record (`Acervo`) both fit, the record with more to say.
 */
export interface CitationSource {
  cod_acervo: number;
  titulo: string;
  autor: string | null;
  ano_publicacao: number | null;
  cod_tipo_obra: number;
  /** MARC language code (ISO 639-2/B: `por`, `fre`). */
  idioma?: string | null;
  autores_secundarios?: readonly string[];
  assuntos?: readonly string[];
  edicao?: string | null;
  local?: string | null;
  editora?: string | null;
  serie?: string | null;
  descricao_fisica?: string | null;
  isbn?: readonly string[];
  issn?: readonly string[];
  link_capa?: string | null;
  /** By facet letter: P the journal of an article, U a thesis's institution, N its degree, O corporate bodies. */
  dados_adicionais?: Readonly<Record<string, readonly { descricao: string }[]>>;
}

/** How a work type is cited: its OpenURL format and genre, and its schema.org type. */
interface Citation {
  format: 'book' | 'journal' | 'dissertation';
  /** `rft.genre` (the dissertation format has none). */
  genre: 'book' | 'bookitem' | 'document' | 'journal' | 'article' | null;
  schema: SchemaOrgType;
}

/** The schema.org types a title may be (all in the schema.org vocabulary, https://schema.org/<name>). */
export type SchemaOrgType =
  | 'Book'
  | 'Chapter'
  | 'Periodical'
  | 'ScholarlyArticle'
  | 'Thesis'
  | 'MusicComposition'
  | 'Map'
  | 'Movie'
  | 'MusicRecording'
  | 'AudioObject'
  | 'VisualArtwork'
  | 'Manuscript'
  | 'ArchiveComponent'
  | 'Legislation'
  | 'CreativeWork';

const asDocument = (schema: SchemaOrgType): Citation => ({ format: 'book', genre: 'document', schema });

/**
 * The work types (table work_types, migrations 0002 and 0024) as cited. OpenURL's book format
 * has no genre for a score, map, film or recording: "document" (Zotero saves it as a Document).
 */
const CITATIONS: Record<number, Citation> = {
  1: { format: 'book', genre: 'book', schema: 'Book' },
  2: { format: 'journal', genre: 'journal', schema: 'Periodical' },
  3: { format: 'journal', genre: 'article', schema: 'ScholarlyArticle' },
  4: { format: 'dissertation', genre: null, schema: 'Thesis' },
  5: asDocument('MusicComposition'),
  6: asDocument('Map'),
  7: asDocument('Movie'),
  8: asDocument('MusicRecording'),
  9: asDocument('AudioObject'),
  10: asDocument('VisualArtwork'),
  11: asDocument('CreativeWork'),
  12: asDocument('Manuscript'),
  13: asDocument('CreativeWork'),
  14: asDocument('CreativeWork'),
  15: { format: 'book', genre: 'bookitem', schema: 'Chapter' },
  16: asDocument('ArchiveComponent'),
  17: asDocument('Legislation'),
  18: asDocument('CreativeWork'),
  19: asDocument('CreativeWork'),
};
const citationOf = (codTipoObra: number): Citation => CITATIONS[codTipoObra] ?? asDocument('CreativeWork');

/** A heading's name without the life dates MARC adds (`Freire, Paulo, 1921-1997` → `Freire, Paulo`). */
export function personName(heading: string): string {
  return heading
    .replace(/,?\s*\(?(?:ca\.\s*|b\.\s*|d\.\s*|n\.\s*|m\.\s*)?\d{3,4}\??\s*-\s*(?:\d{3,4}\??)?\)?\.?\s*$/, '')
    .replace(/[\s,;:]+$/, '')
    .trim();
}

/** The number of pages a physical description gives (`xii, 350 p. : il.` → 350), or null. */
export function pageCount(description: string | null | undefined): number | null {
  const match = /(\d+)\s*(?:(?:p|pp|f)\.|(?:páginas|paginas|pages|folhas|leaves)\b)/i.exec(description ?? '');
  const pages = match ? Number(match[1]) : 0;
  return pages > 0 ? pages : null;
}

/** The BCP 47 tag of a MARC language code (`por` → `pt`, `fre` → `fr`); null when it names no one language. */
export function languageTag(code: string | null | undefined): string | null {
  if (!code || !/^[a-z]{3}$/.test(code) || ['und', 'mul', 'zxx', 'mis'].includes(code)) return null;
  try {
    return Intl.getCanonicalLocales(code)[0] ?? code;
  } catch {
    return code;
  }
}

const first = (source: CitationSource, letter: string) => source.dados_adicionais?.[letter]?.[0]?.descricao ?? null;
const isCorporate = (source: CitationSource, name: string) => (source.dados_adicionais?.O ?? []).some((o) => o.descricao === name);

/**
 * The OpenURL 1.0 ContextObject (Z39.88-2004, KEV) of a title, for a COinS span's `title`: its
 * format and genre by work type, its page's `url` as `rft_id`, and what the source says (title,
 * authors, date, ISBN / ISSN, publisher, place, edition, series, pages, language). Values are
 * percent-encoded (spaces too: some readers take `+` for a plus sign), pairs joined by `&`.
 */
export function coinsContextObject(source: CitationSource, url: string): string {
  const { format, genre } = citationOf(source.cod_tipo_obra);
  const pairs: [string, string | number | null | undefined][] = [
    ['ctx_ver', 'Z39.88-2004'],
    ['rft_val_fmt', `info:ofi/fmt:kev:mtx:${format}`],
    ['rft_id', url],
    ['rft.genre', genre],
  ];
  const title = source.titulo;
  if (format === 'dissertation') pairs.push(['rft.title', title]);
  else if (genre === 'journal') pairs.push(['rft.jtitle', title]);
  else if (genre === 'article') pairs.push(['rft.atitle', title], ['rft.jtitle', first(source, 'P')]);
  else if (genre === 'bookitem') pairs.push(['rft.atitle', title]);
  // A document: btitle for the standard, title for readers (Zotero) that take a document's title from it.
  else pairs.push(['rft.btitle', title], ...(genre === 'document' ? [['rft.title', title] as [string, string]] : []));
  for (const name of [source.autor, ...(source.autores_secundarios ?? [])]) {
    if (!name) continue;
    pairs.push([isCorporate(source, name) ? 'rft.aucorp' : 'rft.au', isCorporate(source, name) ? name : personName(name)]);
  }
  pairs.push(['rft.date', source.ano_publicacao]);
  if (format === 'dissertation') {
    pairs.push(['rft.inst', first(source, 'U') ?? source.editora], ['rft.degree', first(source, 'N')]);
  } else if (format === 'book') {
    pairs.push(['rft.pub', source.editora], ['rft.place', source.local], ['rft.edition', source.edicao], ['rft.series', source.serie]);
  }
  pairs.push(
    ['rft.tpages', pageCount(source.descricao_fisica)],
    ['rft.isbn', source.isbn?.[0]],
    ['rft.issn', source.issn?.[0]],
    ['rft.language', languageTag(source.idioma)],
  );
  return pairs
    .filter((pair): pair is [string, string | number] => pair[1] !== null && pair[1] !== undefined && pair[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** The schema.org vocabulary as JSON-LD's default vocabulary: terms expand to https://schema.org/<term>, no remote context needed. */
export const SCHEMA_ORG_CONTEXT = { '@vocab': 'https://schema.org/' } as const;

type Node = { '@type': string; name: string } & Record<string, unknown>;

/**
 * The schema.org description of a title as JSON-LD (for a `<script type="application/ld+json">`):
 * its type by work type, name, authors (Person, or Organization for a corporate body),
 * datePublished, publisher (Organization, at its place), inLanguage, about (subjects), url and
 * @id (its page), and by type ISBN, edition and pages (Book), ISSN (Periodical), the journal
 * (ScholarlyArticle), the institution and degree (Thesis).
 */
export function schemaOrgJsonLd(source: CitationSource, url: string): Record<string, unknown> {
  const type = citationOf(source.cod_tipo_obra).schema;
  const agent = (name: string): Node => (isCorporate(source, name) ? { '@type': 'Organization', name } : { '@type': 'Person', name: personName(name) });
  const secondary = (source.autores_secundarios ?? []).filter(Boolean).map(agent);
  const cover = source.link_capa && /^https?:\/\//.test(source.link_capa) ? source.link_capa : null;
  const pages = pageCount(source.descricao_fisica);
  const data: Record<string, unknown> = {
    '@context': SCHEMA_ORG_CONTEXT,
    '@type': type,
    '@id': url,
    url,
    name: source.titulo,
    ...(source.autor ? { author: agent(source.autor) } : {}),
    ...(secondary.length ? { contributor: secondary } : {}),
    ...(source.ano_publicacao ? { datePublished: String(source.ano_publicacao) } : {}),
    ...(source.editora
      ? { publisher: { '@type': 'Organization', name: source.editora, ...(source.local ? { location: { '@type': 'Place', name: source.local } } : {}) } }
      : {}),
    ...(languageTag(source.idioma) ? { inLanguage: languageTag(source.idioma) } : {}),
    ...(source.assuntos?.length ? { about: source.assuntos.map((name) => ({ '@type': 'Thing', name })) } : {}),
    ...(cover ? { image: cover } : {}),
  };
  if (type === 'Book') {
    if (source.isbn?.length) data.isbn = source.isbn.length === 1 ? source.isbn[0] : [...source.isbn];
    if (source.edicao) data.bookEdition = source.edicao;
    if (pages) data.numberOfPages = pages;
  }
  if (type === 'Periodical' && source.issn?.length) data.issn = source.issn.length === 1 ? source.issn[0] : [...source.issn];
  if (type === 'ScholarlyArticle' && first(source, 'P')) data.isPartOf = { '@type': 'Periodical', name: first(source, 'P') };
  if (type === 'Thesis') {
    const institution = first(source, 'U');
    if (institution) data.sourceOrganization = { '@type': 'Organization', name: institution };
    if (first(source, 'N')) data.inSupportOf = first(source, 'N');
  }
  return data;
}

/** JSON for an HTML `<script>` element: `<`, `>` and `&` escaped so the text can never close it. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The OpenSearch description's media type (OpenSearch 1.1). */
export const OPENSEARCH_TYPE = 'application/opensearchdescription+xml';

/**
 * The open interfaces at the server's root, outside the API base path (so not an `<area>Endpoints`
 * group, whose calls all live below it): the OpenSearch description browsers read to offer the
 * catalogue in their search box (decision 0027).
 */
export const OPEN_METADATA_ENDPOINTS = {
  openSearch: endpoint({
    method: 'GET',
    path: '/opensearch.xml',
    access: 'open',
    tag: 'Open interfaces',
    summary: "The catalogue's OpenSearch 1.1 description: its search as a URL template, for a browser's search box",
    response: z.string(),
    answer: 'file',
    errors: [404],
  }),
};
