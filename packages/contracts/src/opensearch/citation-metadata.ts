import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/**
 * The parts a person or body had in a work that citation metadata tells apart, as MARC relator
 * codes (https://id.loc.gov/vocabulary/relators): author (`aut`, also for `cre`), composer,
 * lyricist (librettist too), cartographer, artist — the work's creators — and editor, translator,
 * illustrator, thesis advisor, director, actor, producer, performer, and `ctb` for any other part.
 */
export const RELATOR_CODES = ['aut', 'cmp', 'lyr', 'ctg', 'art', 'edt', 'trl', 'ill', 'ths', 'drt', 'act', 'pro', 'prf', 'ctb'] as const;
export type RelatorCode = (typeof RELATOR_CODES)[number];

/**
 * What a title's citation metadata (COinS, JSON-LD) needs of its record beyond the spec's fields:
 * every name with the part it had, and the work a chapter or an article is in.
 */
export const citacaoSchema = z
  .object({
    /**
     * The names of the record's main and added entries (1XX, 7XX), main entry first, each with its
     * part (relator `$4`/`$e`; none is an author). Custodial collections (a 7XX with `$5`: the
     * institution that holds the copy) and name-title entries (another work) are not among them.
     */
    contribuicoes: z.array(z.object({ nome: z.string(), papel: z.enum(RELATOR_CODES), entidade: z.boolean() })),
    /** The host (773): a chapter's book, an article's journal — its title, ISSN ($x), ISBN ($z), and the volume, issue and pages of $g. */
    obra_mae: z
      .object({
        titulo: z.string(),
        issn: z.string().nullable(),
        isbn: z.string().nullable(),
        volume: z.string().nullable(),
        numero: z.string().nullable(),
        paginas: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Citacao' });
export type Citacao = z.infer<typeof citacaoSchema>;

/**
 * What the catalogue says of a title that citation metadata uses (decision 0027): a results
 * line (`ResultadoAcervo`: its one author) and the record (`Acervo`) both fit, the record with
 * more to say — every name with its part and the host in `citacao`.
 */
export interface CitationSource {
  cod_acervo: number;
  titulo: string;
  autor: string | null;
  ano_publicacao: number | null;
  cod_tipo_obra: number;
  /** MARC language code (ISO 639-2/B: `por`, `fre`). */
  idioma?: string | null;
  /** Without `citacao`: the added entries, each cited as an author (their parts unknown). */
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
  citacao?: Citacao | null;
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

/**
 * The number of pages a physical description gives (`xii, 350 p. : il.` → 350; `4 p. l., 125 p.`
 * → 125), or null. Accompanying material (`+ 1 booklet (39 p.)`, MARC 300 $e) is another item:
 * its pages are not the work's.
 */
export function pageCount(description: string | null | undefined): number | null {
  const [own = ''] = (description ?? '').split(/\s\+\s?|\s?\+\s/, 1);
  const counts = [...own.matchAll(/(\d+)\s*(?:(?:p|pp|f)\.|(?:páginas|paginas|pages|folhas|leaves)\b)/gi)].map((m) => Number(m[1]));
  const pages = counts.length ? Math.max(...counts) : 0;
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

/** A name of the record with its part, as citation metadata reads it. */
interface Named {
  name: string;
  role: RelatorCode;
  corporate: boolean;
}

/**
 * The work's names with their parts: the record's `citacao` when the source has it, else (a
 * results line) its author and any added entries, all as authors — a corporate body when the
 * record lists it among its bodies.
 */
function namesOf(source: CitationSource): Named[] {
  if (source.citacao)
    return source.citacao.contribuicoes.map((c) => ({ name: c.entidade ? c.nome : personName(c.nome), role: c.papel, corporate: c.entidade }));
  const bodies = new Set((source.dados_adicionais?.O ?? []).map((o) => o.descricao));
  return [source.autor, ...(source.autores_secundarios ?? [])]
    .filter((name): name is string => Boolean(name))
    .map((name) => ({ name: bodies.has(name) ? name : personName(name), role: 'aut', corporate: bodies.has(name) }));
}

/** The creators of a work (RDA's creator relationships): cited as its authors in COinS. */
const CREATORS: readonly RelatorCode[] = ['aut', 'cmp', 'lyr', 'ctg', 'art'];

/** A range of pages split as OpenURL and schema.org give it (`15-24` → 15 and 24); a single page or a list is only `pages`. */
function pageRange(pages: string | null | undefined): { pages: string; start?: string; end?: string } | null {
  if (!pages) return null;
  const range = /^\s*([\divxlcdm]+)\s*[-–]\s*([\divxlcdm]+)\s*$/i.exec(pages);
  return range ? { pages: `${range[1]}-${range[2]}`, start: range[1]!, end: range[2]! } : { pages: pages.trim() };
}

/**
 * The OpenURL 1.0 ContextObject (Z39.88-2004, KEV) of a title, for a COinS span's `title`: its
 * format and genre by work type, its page's `url` as `rft_id`, and what the source says, each
 * under a key its format's matrix (book, journal, dissertation) defines: title, authors (the
 * work's creators: an editor, translator, advisor, director or performer is no author), date,
 * ISBN / ISSN, publisher, place, edition, series, pages; an article's journal, volume, issue and
 * pages; a chapter's book and pages; a thesis's institution, degree and advisors; and the
 * language (`rft.language`, which Zotero reads: decision 0027). Values are percent-encoded (spaces too: some readers take `+` for a plus sign), pairs joined by `&`.
 */
export function coinsContextObject(source: CitationSource, url: string): string {
  const { format, genre } = citationOf(source.cod_tipo_obra);
  const host = source.citacao?.obra_mae ?? null;
  const names = namesOf(source);
  const pairs: [string, string | number | null | undefined][] = [
    ['ctx_ver', 'Z39.88-2004'],
    ['rft_val_fmt', `info:ofi/fmt:kev:mtx:${format}`],
    ['rft_id', url],
    ['rft.genre', genre],
  ];
  const title = source.titulo;
  if (format === 'dissertation') pairs.push(['rft.title', title]);
  else if (genre === 'journal') pairs.push(['rft.jtitle', title]);
  else if (genre === 'article') pairs.push(['rft.atitle', title], ['rft.jtitle', host?.titulo ?? first(source, 'P')]);
  else if (genre === 'bookitem') pairs.push(['rft.atitle', title], ['rft.btitle', host?.titulo]);
  // A document: btitle for the standard, title for readers (Zotero) that take a document's title from it.
  else pairs.push(['rft.btitle', title], ...(genre === 'document' ? [['rft.title', title] as [string, string]] : []));
  for (const { name, role, corporate } of names) {
    if (CREATORS.includes(role)) pairs.push([corporate ? 'rft.aucorp' : 'rft.au', name]);
  }
  pairs.push(['rft.date', source.ano_publicacao]);
  const part = genre === 'article' || genre === 'bookitem';
  if (format === 'dissertation') {
    pairs.push(['rft.inst', first(source, 'U') ?? source.editora], ['rft.degree', first(source, 'N')]);
    for (const { name } of names.filter((n) => n.role === 'ths')) pairs.push(['rft.advisor', name]);
  } else if (format === 'book') {
    pairs.push(['rft.pub', source.editora], ['rft.place', source.local], ['rft.edition', source.edicao], ['rft.series', source.serie]);
  }
  if (genre === 'article') pairs.push(['rft.volume', host?.volume], ['rft.issue', host?.numero]);
  if (part) {
    const pages = pageRange(host?.paginas);
    pairs.push(['rft.spage', pages?.start], ['rft.epage', pages?.end], ['rft.pages', pages?.pages]);
  }
  // The work's own extent: an article's or a chapter's pages are its place in the host, above.
  if (format !== 'journal' && !part) pairs.push(['rft.tpages', pageCount(source.descricao_fisica)]);
  pairs.push(['rft.isbn', (genre === 'bookitem' ? host?.isbn : null) ?? source.isbn?.[0]]);
  // The dissertation format has no ISSN; an article's is its journal's.
  if (format !== 'dissertation') pairs.push(['rft.issn', host?.issn ?? source.issn?.[0]]);
  // In no format's matrix, but read by Zotero and ignored by resolvers (decision 0027).
  pairs.push(['rft.language', languageTag(source.idioma)]);
  return pairs
    .filter((pair): pair is [string, string | number] => pair[1] !== null && pair[1] !== undefined && pair[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** The schema.org vocabulary as JSON-LD's default vocabulary: terms expand to https://schema.org/<term>, no remote context needed. */
export const SCHEMA_ORG_CONTEXT = { '@vocab': 'https://schema.org/' } as const;

type Node = { '@type': string } & Record<string, unknown>;

/** The schema.org property each part is given by, on every type (https://schema.org/CreativeWork). */
const CREATIVE_WORK_ROLES: Partial<Record<RelatorCode, string>> = {
  aut: 'author',
  ctg: 'author',
  art: 'author',
  edt: 'editor',
  trl: 'translator',
  pro: 'producer',
  ctb: 'contributor',
};
/** And the properties some types add: a book's illustrator, a film's director and cast, a composition's composer and lyricist, a recording's artist. */
const TYPE_ROLES: Partial<Record<SchemaOrgType, Partial<Record<RelatorCode, string>>>> = {
  Book: { ill: 'illustrator' },
  Movie: { drt: 'director', act: 'actor' },
  MusicComposition: { cmp: 'composer', lyr: 'lyricist' },
  MusicRecording: { prf: 'byArtist' },
};

/** One value, or a list of several: how schema.org examples write a property. */
const oneOrMany = (values: unknown[]) => (values.length === 1 ? values[0] : values);

/**
 * The names of a title as schema.org properties of its type: each part by the property the type
 * has for it (`author`, `editor`, `director`, `composer`…); a part the type has no property for
 * (a thesis advisor: schema.org has none; a film's composer) as a `contributor` given by a Role
 * whose `roleName` is the MARC relator's URI — schema.org's documented way to say in what
 * capacity someone contributed (https://schema.org/Role).
 */
function agentsOf(source: CitationSource, type: SchemaOrgType): Record<string, unknown> {
  const byProperty = new Map<string, unknown[]>();
  const add = (property: string, value: unknown) => byProperty.set(property, [...(byProperty.get(property) ?? []), value]);
  for (const { name, role, corporate } of namesOf(source)) {
    const agent: Node = { '@type': corporate ? 'Organization' : 'Person', name };
    const property = TYPE_ROLES[type]?.[role] ?? CREATIVE_WORK_ROLES[role];
    if (property) add(property, agent);
    else add('contributor', { '@type': 'Role', roleName: `http://id.loc.gov/vocabulary/relators/${role}`, contributor: agent });
  }
  return Object.fromEntries([...byProperty].map(([property, values]) => [property, oneOrMany(values)]));
}

/** Where an article or a chapter sits in its host: pageStart and pageEnd for a range, else pagination. */
function pagesIn(host: Citacao['obra_mae']): Record<string, string> {
  const pages = pageRange(host?.paginas);
  if (!pages) return {};
  return pages.start ? { pageStart: pages.start, pageEnd: pages.end! } : { pagination: pages.pages };
}

/**
 * An article's journal as schema.org nests it (https://schema.org/PublicationIssue): the issue,
 * part of the volume, part of the Periodical with its ISSN — each level only when the record
 * names it.
 */
function journalOf(source: CitationSource): Node | null {
  const host = source.citacao?.obra_mae ?? null;
  const name = host?.titulo ?? first(source, 'P');
  if (!name) return null;
  const issn = host?.issn ?? source.issn?.[0];
  let node: Node = { '@type': 'Periodical', name, ...(issn ? { issn } : {}) };
  if (host?.volume) node = { '@type': 'PublicationVolume', volumeNumber: host.volume, isPartOf: node };
  if (host?.numero) node = { '@type': 'PublicationIssue', issueNumber: host.numero, isPartOf: node };
  return node;
}

/**
 * The schema.org description of a title as JSON-LD (for a `<script type="application/ld+json">`):
 * its type by work type, name, its names by the property each part has in that type (authors,
 * editors, translators, a film's director, cast and producers, a composition's composer and
 * lyricist, a thesis's advisors as contributors in that role), datePublished, publisher
 * (Organization, at its place), inLanguage, about (subjects), url and @id (its page), and by type
 * ISBN, edition and pages (Book), ISSN (Periodical), the issue, volume and journal with its ISSN
 * and the pages (ScholarlyArticle), the book and pages (Chapter), the institution and degree
 * (Thesis). Every property is one schema.org defines for the node's type.
 */
export function schemaOrgJsonLd(source: CitationSource, url: string): Record<string, unknown> {
  const type = citationOf(source.cod_tipo_obra).schema;
  const cover = source.link_capa && /^https?:\/\//.test(source.link_capa) ? source.link_capa : null;
  const pages = pageCount(source.descricao_fisica);
  const host = source.citacao?.obra_mae ?? null;
  const data: Record<string, unknown> = {
    '@context': SCHEMA_ORG_CONTEXT,
    '@type': type,
    '@id': url,
    url,
    name: source.titulo,
    ...agentsOf(source, type),
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
  if (type === 'ScholarlyArticle') {
    const journal = journalOf(source);
    if (journal) data.isPartOf = journal;
    Object.assign(data, pagesIn(host));
  }
  if (type === 'Chapter' && host) {
    data.isPartOf = { '@type': 'Book', name: host.titulo, ...(host.isbn ? { isbn: host.isbn } : {}) };
    Object.assign(data, pagesIn(host));
  }
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
