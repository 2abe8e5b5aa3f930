import type { Language } from '@estante/contracts/kernel';
import { type CitationSource, coinsContextObject, jsonForScript, languageTag, personName, schemaOrgJsonLd } from '@estante/contracts/opensearch';
import { matchAppRoute, RECORD_SEGMENT, TITLE_TABS } from '@estante/contracts/site';
import { type Db } from '../../db/client.js';
import type { WebPage } from '../../plugins/web.js';
import { citationParts } from '../catalog/title.citation.js';
import { additionalData, linksOf, requireTitle } from '../catalog/title.service.js';
import { workTypeName } from '../search/search.config.js';
import { titlePageUrl } from './site.service.js';

export interface PageContext {
  /** The site's public address (PUBLIC_URL, else the request's own). */
  origin: string;
  language: Language;
  /** The rotas of the institution's search guides; undefined when they could not be read (the page is then assumed). */
  guides: readonly string[] | undefined;
  /** The name that ends every document title (the institution's acronym), as the app writes it. */
  siteName: string | undefined;
}

type TitleDetailRow = Awaited<ReturnType<typeof requireTitle>>;

/** The parts that make a name one of the work's creators, cited as its authors (as COinS does). */
const CREATORS = new Set<string>(['aut', 'cmp', 'lyr', 'ctg', 'art']);

/** Marks what names the first page only: the app removes it when it moves to another (main.tsx). */
const MARK = 'data-server-page';

/** Text for an HTML attribute value in double quotes. */
export function attribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const meta = (name: string, content: string) => `<meta name="${name}" content="${attribute(content)}" ${MARK}>`;

/**
 * What the server adds to the app's page for `pathname` (decision 0052; the web plugin puts it in):
 * `head` into the head, `root` into the app's root element (its first drawing replaces it with
 * its own COinS and JSON-LD), `after` after it. The page is 404 when no screen of the web's router opens it (APP_ROUTES) or when
 * the screen it opens would show its not-found (a guide the institution does not have, a record
 * number of the wrong shape, a title tab that does not exist, a title that does not exist); a
 * title's page (or one of its tabs) with its metadata; any other screen as it is.
 */
export async function sitePage(db: Db, pathname: string, context: PageContext): Promise<WebPage> {
  const plain: WebPage = { status: 200, head: unapiServer(context.origin), root: '', after: '' };
  const missing: WebPage = { status: 404, head: '', root: '', after: '' };
  const match = matchAppRoute(pathname);
  if (!match) return missing;
  const { route, params } = match;
  if (route === 'guide') return context.guides && !context.guides.includes(params.guia!) ? missing : plain;
  if (route === 'networkTitle' || route === 'authority' || route === 'authorityMarc') {
    return RECORD_SEGMENT.test(params.codAcervo ?? params.codAutoridade ?? '') ? plain : missing;
  }
  if (route !== 'title' && route !== 'titleTab') return plain;
  if (!RECORD_SEGMENT.test(params.codAcervo!) || (route === 'titleTab' && !TITLE_TABS.some((tab) => tab.segment === params.tab))) return missing;
  const title = await requireTitle(db, Number(params.codAcervo)).catch((error: unknown) => {
    if ((error as { status?: unknown }).status === 404) return null;
    throw error;
  });
  return title ? titlePage(title, context) : missing;
}

/** unAPI's server (http://unapi.info/specs/), named in every page's head. */
const unapiServer = (origin: string) => `<link rel="unapi-server" type="application/xml" title="unAPI" href="${attribute(`${origin}/unapi`)}">`;

/** A title's row as citation metadata reads it (the record's fields the web's COinS and JSON-LD read). */
function citationSource(t: TitleDetailRow): CitationSource {
  return {
    cod_acervo: t.cod_acervo,
    titulo: t.title,
    autor: t.author,
    ano_publicacao: t.ano_publicacao,
    cod_tipo_obra: t.cod_tipo_obra,
    idioma: t.idioma,
    autores_secundarios: t.added_authors,
    assuntos: t.subjects,
    edicao: t.edition,
    local: t.place,
    editora: t.publisher,
    serie: t.series,
    descricao_fisica: t.physical_description,
    isbn: t.isbn,
    issn: t.issn,
    link_capa: t.link_capa,
    dados_adicionais: additionalData(t.dados_adicionais ?? [], (descricao) => ({ codigo: '', descricao })),
    // Every name with its part and the host of a chapter or article, as the record (GET /acervo/{id}) gives them to the app.
    citacao: citationParts(t.marc, t.cod_tipo_obra),
  };
}

/** A public online copy in PDF (an 856 link to a .pdf that is not restricted), for citation_pdf_url. */
function pdfUrl(t: TitleDetailRow): string | null {
  const link = linksOf(t.marc).find((l) => l.tipo === 'recurso' && l.url && /\.pdf(?:$|[?#])/i.test(l.url));
  return link?.url ?? null;
}

/**
 * A title's page: its document title and description, the canonical address (a tab's page names
 * the title's), the Highwire Press `citation_*` tags Google Scholar reads, COinS and schema.org
 * JSON-LD (as the app draws them, decision 0027), and its unAPI id.
 */
function titlePage(t: TitleDetailRow, { origin, language, siteName }: PageContext): WebPage {
  const url = titlePageUrl(origin, t.cod_acervo);
  const source = citationSource(t);
  const jsonLd = schemaOrgJsonLd(source, url);
  const first = (letter: string) => source.dados_adicionais?.[letter]?.[0]?.descricao ?? null;
  // The work's creators are its authors; an editor, translator, advisor or performer is not.
  const authors = (source.citacao?.contribuicoes ?? []).filter((c) => CREATORS.has(c.papel)).map((c) => (c.entidade ? c.nome : personName(c.nome)));
  const host = source.citacao?.obra_mae ?? null;
  const [firstPage, lastPage] = /^\s*(\w+)\s*[-–]\s*(\w+)\s*$/.exec(host?.paginas ?? '')?.slice(1) ?? [host?.paginas ?? null, null];
  const article = jsonLd['@type'] === 'ScholarlyArticle';
  const workType = workTypeName(t.cod_tipo_obra, t.desc_tipo_obra, language);
  const imprint = [t.publisher, t.ano_publicacao].filter(Boolean).join(', ');
  const pdf = pdfUrl(t);
  const tags: [string, string | number | null | undefined][] = [
    ['citation_title', t.title],
    ...authors.map((a): [string, string] => ['citation_author', a]),
    ['citation_publication_date', t.ano_publicacao],
    ['citation_publisher', t.publisher],
    ...t.isbn.map((i): [string, string] => ['citation_isbn', i]),
    ...t.issn.map((i): [string, string] => ['citation_issn', i]),
    ['citation_language', languageTag(t.idioma)],
    ['citation_journal_title', article ? (host?.titulo ?? first('P')) : null],
    ['citation_inbook_title', jsonLd['@type'] === 'Chapter' ? host?.titulo : null],
    ['citation_volume', host?.volume],
    ['citation_issue', host?.numero],
    ['citation_firstpage', firstPage],
    ['citation_lastpage', lastPage],
    ['citation_dissertation_institution', jsonLd['@type'] === 'Thesis' ? (first('U') ?? t.publisher) : null],
    ['citation_pdf_url', pdf],
    ['citation_abstract_html_url', url],
  ];
  const head = [
    `<link rel="canonical" href="${attribute(url)}" ${MARK}>`,
    ...tags
      .filter((tag): tag is [string, string | number] => tag[1] !== null && tag[1] !== undefined && tag[1] !== '')
      .map(([name, value]) => meta(name, String(value))),
    unapiServer(origin),
  ].join('');
  const root = [
    `<span class="Z3988" title="${attribute(coinsContextObject(source, url))}" aria-hidden="true"></span>`,
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
  ].join('');
  return {
    status: 200,
    title: siteName ? `${t.title} · ${siteName}` : t.title,
    description: [workType, authors[0], imprint].filter(Boolean).join(' · '),
    head,
    root,
    after: `<abbr class="unapi-id" title="${t.cod_acervo}" ${MARK}></abbr>`,
  };
}
