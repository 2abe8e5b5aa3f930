import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { errors } from '../lib/messages.js';
import { send } from './errors.js';

/** What the browser app needs to know at run time, injected into index.html. */
export interface WebRuntimeConfig {
  apiBase: string;
  publicClient: { id: string; secret: string };
  /** Google reCAPTCHA's site key when it replaces the self-hosted ALTCHA; null otherwise. */
  recaptchaSiteKey: string | null;
  /** The Libras (sign-language) widget's script; null hides the accessibility bar's Libras button. */
  librasWidgetUrl: string | null;
  /** The institutional sign-ins this server can do (OIDC is offered only when the institution's usaOIDC is on too). */
  sso: { oidc: boolean; saml: boolean };
}

/**
 * Serves the built web app from `dist` and answers every other GET with index.html (the app
 * routes on the client). Calls under the API base path that match no route get a JSON 404,
 * never the app's HTML.
 */
export const webPlugin = fp<{ dist: string; runtime: WebRuntimeConfig }>(async (app, { dist, runtime }) => {
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, serve: true, prefix: '/', decorateReply: false });
  }
  const indexHtml = hasWeb ? injectConfig(readFileSync(indexFile, 'utf8'), runtime) : null;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === runtime.apiBase || url.startsWith(`${runtime.apiBase}/`);
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return send(reply, request, errors.notFound(request.method, url.slice(0, 200)));
  });
});

function injectConfig(html: string, runtime: WebRuntimeConfig): string {
  // JSON in a script of type application/json is data, not code; "<" is escaped against "</script>".
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script id="estante-config" type="application/json">${json}</script></head>`);
}
