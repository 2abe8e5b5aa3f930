import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** The most URLs one sitemap file may list (sitemaps.org protocol): past it, sitemap.xml is an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

/** `GET /sitemap.xml?pagina=n`: one part of the title pages' sitemap when there are more than one. */
export const sitemapQuerySchema = z.object({
  pagina: z.coerce.number().int().min(1).max(100_000).optional().describe('The part, from 1, when sitemap.xml is an index of parts'),
});

/** `GET /unapi`: unAPI's two optional arguments, answered by the server itself (an unknown id 404, an unknown format 406). */
export const unapiQuerySchema = z.object({
  id: z.string().max(200).optional().describe("A title's number, as its page's abbr.unapi-id gives it"),
  format: z.string().max(50).optional().describe('One of the formats GET /unapi lists'),
});

const TAG = 'Open interfaces';

/**
 * What the server offers crawlers and reference managers at its root, outside the API base path
 * (so not an `<area>Endpoints` group, whose calls all live below it), decision 0052: the sitemap
 * of the title pages, the robots.txt that names it, and the unAPI server the title pages point to.
 */
export const SITE_FILES = {
  sitemap: endpoint({
    method: 'GET',
    path: '/sitemap.xml',
    access: 'open',
    tag: TAG,
    summary: "Every title's page as a sitemaps.org sitemap; past 50,000 titles an index of parts (?pagina=n)",
    query: sitemapQuerySchema,
    response: z.string(),
    answer: 'file',
    errors: [404],
  }),
  unapi: endpoint({
    method: 'GET',
    path: '/unapi',
    access: 'open',
    tag: TAG,
    summary: 'unAPI (http://unapi.info/specs/): the formats (no id), a title’s formats (id: 300 Multiple Choices), or the title in a format (id and format)',
    description: 'Formats: marcxml, marc (ISO 2709), oai_dc, ris, bibtex. An id that is no title answers 404; a format not listed, 406 Not Acceptable.',
    query: unapiQuerySchema,
    response: z.string(),
    answer: 'file',
    errors: [404],
  }),
  robots: endpoint({
    method: 'GET',
    path: '/robots.txt',
    access: 'open',
    tag: TAG,
    summary: 'robots.txt: where the sitemap is; the patron’s and the staff’s areas left out',
    response: z.string(),
    answer: 'file',
  }),
};
