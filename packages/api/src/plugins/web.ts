import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Atividade, GuiaPesquisa, Instituicao } from '@estante/contracts/parameters';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../lib/messages.js';
import { send } from './errors.js';

/** What the browser app needs to know at run time, injected into index.html. */
export interface WebRuntimeConfig {
  /** The API's path as the browser reaches it: PUBLIC_URL's path and API_BASE_PATH (`/biblioteca/svc`). */
  apiBase: string;
  /**
   * Where the site is on its host: PUBLIC_URL's path (`/biblioteca`), '' at the root (decision
   * 0062). The proxy strips it; the app's router puts it before its paths.
   */
  basePath: string;
  publicClient: { id: string; secret: string };
  /** Google reCAPTCHA's site key when it replaces the self-hosted ALTCHA; null otherwise. */
  recaptchaSiteKey: string | null;
  /** The Libras (sign-language) widget's script; null hides the accessibility bar's Libras button. */
  librasWidgetUrl: string | null;
  /** The institutional sign-ins this server can do (OIDC is offered only when the institution's usaOIDC is on too). */
  sso: { oidc: boolean; saml: boolean };
}

/**
 * What the app's shell waits for before it shows anything (spec §2 loading screen), inlined into
 * the page so the first screen needs no call: an anonymous token and the three public parameters.
 */
export interface WebBootData {
  token: string;
  instituicao: Instituicao;
  funcionalidades: Atividade[];
  guias: GuiaPesquisa[];
}

/**
 * What the server makes of a page's path (the site module's site.pages.ts, given by app.ts,
 * decision 0052): its status (404 when no screen of the app opens it), and what the HTML carries
 * for readers without JavaScript: the document title and description, elements for the head,
 * markup for the app's root element (the app's first drawing replaces it) and after it.
 */
export interface WebPage {
  status: 200 | 404;
  title?: string;
  description?: string;
  head: string;
  root: string;
  after: string;
}

/** The page of a path, given the boot data already read for it (undefined when the database could not be read). */
export type WebPageOf = (request: FastifyRequest, pathname: string, boot: WebBootData | undefined) => Promise<WebPage>;

/** Hashed build output (`/assets/name-HASH.ext`): a new build has new names, so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Security headers that only a document obeys, left off the hashed assets. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Serves the built web app from `dist` and answers every other GET with index.html (the app
 * routes on the client): with status 200 and the page's metadata where a screen of the app opens
 * the path, 404 where none does (the app then draws its not-found screen). Calls under the API
 * base path that match no route get a JSON 404, never the app's HTML.
 */
export const webPlugin = fp<{
  dist: string;
  /** PUBLIC_URL's path ('' at the root): what the browser puts before every address of the site. */
  basePath?: string;
  /** `apiBase`: the API's path on this server (API_BASE_PATH). */
  runtime: Omit<WebRuntimeConfig, 'basePath'>;
  boot: () => Promise<WebBootData>;
  page: WebPageOf;
}>(async (app, { dist, basePath = '', runtime, boot, page }) => {
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      serve: true,
      prefix: '/',
      decorateReply: false,
      // The build's .br/.gz copies (vite.config.ts) to a browser that accepts them.
      preCompressed: true,
      cacheControl: false,
      // Source maps and the build manifest stay on the server.
      allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.includes('/.vite/'),
      setHeaders: (reply, filePath) => {
        const asset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', asset ? IMMUTABLE : 'no-cache');
        // Helmet's page headers (the CSP, frame and referrer policies…) govern documents; a page's
        // ~50 scripts each carried them (~0.7 KB apiece). nosniff and CORP, which do apply to a
        // script, stay.
        if (asset) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  const indexHtml = hasWeb ? atBase(readFileSync(indexFile, 'utf8'), basePath) : null;
  const browserRuntime: WebRuntimeConfig = { ...runtime, apiBase: `${basePath}${runtime.apiBase}`, basePath };
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === runtime.apiBase || url.startsWith(`${runtime.apiBase}/`);
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) {
      // Without its boot data (the database is unreachable) the page still loads: the shell asks for it, and says when it fails.
      const data = await boot().catch((error: unknown) => {
        request.log.warn({ err: error }, 'page sent without its boot data');
        return undefined;
      });
      // Without its metadata (the database went away in between) the page is still the app's.
      const answer = await page(request, url, data).catch((error: unknown): WebPage => {
        request.log.warn({ err: error }, 'page sent without its metadata');
        return { status: 200, head: '', root: '', after: '' };
      });
      return sendHtml(request, reply.status(answer.status), injectPage(injectConfig(indexHtml, { ...browserRuntime, boot: data }), answer));
    }
    return send(reply, request, errors.notFound(request.method, url.slice(0, 200)));
  });
});

/**
 * The build's own addresses in index.html put under the site's path: the build is made with a
 * relative base (`./assets/…`, vite.config.ts) so one build serves any prefix, but the page is
 * served at every path of the app (`/acervo/12`), where `./` would resolve under that path. Every
 * `href`/`src` that starts with `./` or `/` (not `//`) becomes `<basePath>/…`. The scripts and
 * style sheets find their chunks, fonts and images relative to themselves.
 */
export function atBase(html: string, basePath: string): string {
  return html.replace(/(\s(?:href|src)=["'])\.?\/(?!\/)/g, (_, attribute: string) => `${attribute}${basePath}/`);
}

function injectConfig(html: string, config: WebRuntimeConfig & { boot: WebBootData | undefined }): string {
  // JSON in a script of type application/json is data, not code; "<" is escaped against "</script>".
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace('</head>', () => `<script id="estante-config" type="application/json">${json}</script></head>`);
}

/** Text for an HTML element's content. */
const text = (value: string) => value.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * The page's own title, description and metadata into the app's HTML: the description replaces
 * the app's generic one, marked (as the page's other metadata) for the app to drop when it moves
 * to another screen.
 */
function injectPage(html: string, page: WebPage): string {
  let out = html;
  // Replaced by functions: a `$&` or `$'` in a title is text, not a replacement pattern.
  if (page.title !== undefined) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${text(page.title!)}</title>`);
  let head = page.head;
  if (page.description !== undefined) {
    const description = `<meta name="description" content="${text(page.description).replace(/"/g, '&quot;')}" data-server-page>`;
    const generic = /<meta name="description"[^>]*>/;
    if (generic.test(out)) out = out.replace(generic, () => description);
    else head = description + head;
  }
  return out.replace('</head>', () => `${head}</head>`).replace('<div id="root"></div>', () => `<div id="root">${page.root}</div>${page.after}`);
}

/** The page, compressed when the browser accepts it (it carries a token: never stored by a cache). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
