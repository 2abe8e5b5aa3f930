import { SITEMAP_MAX_URLS } from '@estante/contracts/site';
import type { Language } from '@estante/contracts/kernel';
import { type Db } from '../../db/client.js';
import { exportFile } from '../basket/basket.export.js';
import { titleExists, titlesForExport } from '../catalog/title.service.js';
import { esc, oaiDc } from '../oai/oai.xml.js';
import { errors } from './site.messages.js';
import { partsLastmod, sitemapRows, titleTotals } from './site.queries.js';

/** The sitemaps.org namespace of a sitemap and of a sitemap index. */
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** A title's page, as the web's router has it (APP_ROUTES.title) and the sitemap, COinS and JSON-LD name it. */
export const titlePageUrl = (origin: string, id: number) => `${origin}/acervo/${id}`;

/**
 * `GET /sitemap.xml[?pagina=n]`: every title's page with its record's last change, as one
 * sitemap while the catalogue has at most 50,000 titles; past that, sitemap.xml is an index of
 * parts (`?pagina=1`, `?pagina=2`…) of 50,000 each, in title-number order. A part past the last
 * is a 404; a part asked of a catalogue that needs none is the whole sitemap when it is part 1.
 */
export async function sitemap(db: Db, origin: string, part: number | undefined, size = SITEMAP_MAX_URLS): Promise<string> {
  const { total } = await titleTotals(db);
  const parts = Math.max(1, Math.ceil(total / size));
  if (part === undefined && parts > 1) {
    const lastmods = await partsLastmod(db, size);
    const entries = lastmods.map((lastmod, i) => `<sitemap><loc>${esc(`${origin}/sitemap.xml?pagina=${i + 1}`)}</loc><lastmod>${lastmod}</lastmod></sitemap>`);
    return [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NS}">`, ...entries, '</sitemapindex>', ''].join('\n');
  }
  const at = part ?? 1;
  if (at > parts) throw errors.sitemapPartNotFound(at, parts);
  const rows = await sitemapRows(db, (at - 1) * size, size);
  // A sitemap lists at least one URL (urlset's url is required): an empty catalogue lists its home page.
  const urls = rows.length
    ? rows.map((row) => `<url><loc>${esc(titlePageUrl(origin, row.id))}</loc><lastmod>${row.lastmod}</lastmod></url>`)
    : [`<url><loc>${esc(`${origin}/`)}</loc></url>`];
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}">`, ...urls, '</urlset>', ''].join('\n');
}

/** `GET /robots.txt`: crawlers may read the catalogue, not the patron's or the staff's areas; the sitemap is named. */
export function robots(origin: string): string {
  return ['User-agent: *', 'Disallow: /meupergamum', 'Disallow: /equipe', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** A format unAPI offers: its media type (the `type` unAPI lists) and where it is described. */
interface UnapiFormat {
  type: string;
  docs: string;
}

/**
 * The formats `GET /unapi` offers for every title, written by the catalogue's own exports: the
 * basket's MARCXML, ISO 2709, RIS and BibTeX files and the OAI-PMH provider's oai_dc. No MODS:
 * the catalogue has no MARC → MODS crosswalk (decision 0052).
 */
export const UNAPI_FORMATS = {
  marcxml: { type: 'application/marcxml+xml', docs: 'https://www.loc.gov/standards/marcxml/' },
  marc: { type: 'application/marc', docs: 'https://www.loc.gov/marc/bibliographic/' },
  oai_dc: { type: 'application/xml', docs: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd' },
  ris: { type: 'application/x-research-info-systems', docs: 'https://en.wikipedia.org/wiki/RIS_(file_format)' },
  bibtex: { type: 'application/x-bibtex', docs: 'https://www.bibtex.org/Format/' },
} as const satisfies Record<string, UnapiFormat>;

type UnapiFormatName = keyof typeof UNAPI_FORMATS;
const isFormat = (name: string): name is UnapiFormatName => Object.hasOwn(UNAPI_FORMATS, name);

/** An unAPI answer: the formats list (200, or 300 for one title's), or the title in a format (200). */
export interface UnapiAnswer {
  status: 200 | 300;
  mediaType: string;
  body: string | Buffer;
}

/** The `<formats>` document, with the id it is about when it is one title's. */
function formatsXml(id?: string): string {
  const formats = Object.entries(UNAPI_FORMATS).map(([name, f]) => `<format name="${name}" type="${f.type}" docs="${esc(f.docs)}"/>`);
  return [XML_DECLARATION, id === undefined ? '<formats>' : `<formats id="${esc(id)}">`, ...formats, '</formats>', ''].join('\n');
}

/** The title an unAPI id names (its number, as its page's abbr.unapi-id gives it), or a 404. */
async function requireUnapiTitle(db: Db, id: string): Promise<number> {
  const number = /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (number === null || !(await titleExists(db, number))) throw errors.unapiUnknownId(id.slice(0, 200));
  return number;
}

/**
 * `GET /unapi` (http://unapi.info/specs/): without an id, the formats (200); with an id, the
 * formats of that title (300 Multiple Choices); with an id and a format, the title in that format
 * (200). An id that is no title is a 404, a format not offered a 406.
 */
export async function unapi(db: Db, query: { id?: string; format?: string }, origin: string, language: Language): Promise<UnapiAnswer> {
  const xml = 'application/xml; charset=utf-8';
  if (query.id === undefined) return { status: 200, mediaType: xml, body: formatsXml() };
  const id = await requireUnapiTitle(db, query.id);
  if (query.format === undefined) return { status: 300, mediaType: xml, body: formatsXml(query.id) };
  if (!isFormat(query.format)) throw errors.unapiUnknownFormat(query.format.slice(0, 50), Object.keys(UNAPI_FORMATS).join(', '));
  const [title] = await titlesForExport(db, [id]);
  if (query.format === 'oai_dc') {
    // The provider's oai_dc element, standing alone: with the XML Schema instance namespace its envelope declares.
    const dc = oaiDc(title!.marc, titlePageUrl(origin, id)).replace('<oai_dc:dc ', '<oai_dc:dc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ');
    return { status: 200, mediaType: xml, body: `${XML_DECLARATION}\n${dc}\n` };
  }
  const file = exportFile([title!], query.format, language, new Date());
  return { status: 200, mediaType: file.mediaType, body: file.content };
}
