import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type ClientHttp2Session } from 'node:http2';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createGuides, createInstitution, createPatron, createTitles } from '../test/factories.js';
import { NGINX_SITE_TEMPLATE, renderNginxSite, startNginx, type NginxSiteValues, type RunningNginx } from '../test/nginx.js';
import { freePort } from '../test/server.js';
import { FIXTURE_SCRIPT, fixtureWebDist } from '../test/web-dist.js';

/**
 * Estante behind the documented nginx site file (ops/nginx/estante.conf, issue 58 item 1,
 * decision 0062), judged by nginx itself (`nginx -t`, the real server), curl and Node's HTTP/2
 * client: HTTPS over HTTP/2, the redirect from HTTP, the assets' cache and compression, the body
 * limit, X-Forwarded-* believed from the proxy only (TRUST_PROXY), the request id, /metrics kept
 * in, and the whole site under a prefix (`/biblioteca/`, PUBLIC_URL with a path).
 * PostgreSQL only: it runs once in `npm test`.
 */

const SCRIPT = FIXTURE_SCRIPT;
// The built page as Vite writes it with its relative base (packages/web/vite.config.ts).
const INDEX_HTML = [
  '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" />',
  '<link rel="icon" href="./favicon.svg" type="image/svg+xml" />',
  '<link rel="search" type="application/opensearchdescription+xml" title="Catálogo" href="/opensearch.xml" />',
  '<title>Estante</title><script type="module" crossorigin src="./assets/index-AbC123.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('');
const PASSWORD = 'senha-certa-123';

let web: string;
let t: TestApp;
let prefixed: FastifyInstance;
let proxy: RunningNginx;
let prefixProxy: RunningNginx;
let appPort: number;
let titleId: number;

beforeAll(async () => {
  web = fixtureWebDist(INDEX_HTML);
  // A node at the root, believing the proxy on 127.0.0.1 (and no one else); no PUBLIC_URL: its
  // links come from the forwarded scheme and host.
  t = await createTestApp({ WEB_DIST: web, TRUST_PROXY: '127.0.0.1', SIGNIN_MAX_FAILURES: '2' });
  await createInstitution(t.database.db, { sigla: 'UEVS' });
  await createGuides(t.database.db, [{ codigo: 'geral', rota: 'pesquisa-geral' }]);
  titleId = (await createTitles(t.database.db, [{ id: 'p1', title: 'Pedagogia do oprimido', author: 'Freire, Paulo' }])).p1!;
  await createPatron(t.database.db, { login: 'leitora', nome: 'Leitora', password: PASSWORD });
  await createPatron(t.database.db, { login: 'direta', nome: 'Direta', password: PASSWORD });
  appPort = await freePort();
  await t.app.listen({ port: appPort, host: '127.0.0.1' });
  proxy = await startNginx({ nodes: [`127.0.0.1:${appPort}`] });
  // A second node over the same database for the site under /biblioteca/ (PUBLIC_URL's path).
  const prefixedPort = await freePort();
  prefixProxy = await startNginx({ nodes: [`127.0.0.1:${prefixedPort}`], prefix: '/biblioteca' });
  const config = loadConfig({ SEED_DEMO: 'false', WEB_DIST: web, TRUST_PROXY: '127.0.0.1', PUBLIC_URL: `${prefixProxy.https}/biblioteca/` });
  prefixed = await buildApp({ config, database: t.database });
  await prefixed.listen({ port: prefixedPort, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await proxy?.stop();
  await prefixProxy?.stop();
  await prefixed?.close();
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** One call over HTTP/2 to the proxy (its certificate trusted as the only one). */
async function h2(nginx: RunningNginx, url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}) {
  const session: ClientHttp2Session = connect(nginx.https, { ca: nginx.cert });
  try {
    await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
    const stream = session.request({ ':method': options.method ?? 'GET', ':path': url, ...options.headers });
    if (options.body !== undefined) stream.end(options.body);
    const [headers, body] = await Promise.all([
      new Promise<Record<string, string | string[] | undefined>>((resolve) => stream.once('response', (h) => resolve(h))),
      new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        stream.on('data', (part: Buffer) => parts.push(part)).once('end', () => resolve(Buffer.concat(parts)));
        stream.once('error', reject);
      }),
    ]);
    return { status: Number(headers[':status']), headers, body, text: body.toString(), alpn: session.alpnProtocol };
  } finally {
    session.close();
  }
}

/** One call straight to the node (no proxy), from `from` (a loopback address TRUST_PROXY may or may not name). */
function direct(url: string, from: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: appPort, localAddress: from, path: url, method: options.method ?? 'GET', headers: options.headers });
    req.once('error', reject);
    req.once('response', (res) => {
      const parts: Buffer[] = [];
      res
        .on('data', (part: Buffer) => parts.push(part))
        .once('end', () => {
          const body = Buffer.concat(parts);
          resolve({ status: res.statusCode!, headers: res.headers, body, text: body.toString() });
        });
    });
    req.end(options.body);
  });
}

const run = promisify(execFile);

/**
 * What curl (an HTTP client nobody here wrote) says of a URL: `format` of -w, by default the HTTP
 * version and status. Never synchronous: the node answering runs in this process.
 */
async function curl(url: string, cert: string | null, extra: string[] = [], format = '%{http_version} %{http_code}'): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'estante-curl-'));
  try {
    writeFileSync(path.join(dir, 'ca.pem'), cert ?? '');
    const trust = cert ? ['--cacert', path.join(dir, 'ca.pem')] : [];
    return (await run('curl', ['-sS', '-o', '/dev/null', '-w', format, ...trust, ...extra, url], { encoding: 'utf8' })).stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('curl is not installed: install the Debian package curl');
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `envsubst names` over `input` with `values` in its environment (gettext-base, as the operator runs it). */
function envsubst(names: string, values: Record<string, string>, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('envsubst', [names], { env: { PATH: process.env.PATH, ...values } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error('envsubst is not installed: install the Debian package gettext-base') : error),
    );
    child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`envsubst exited with ${code}`))));
    child.stdin.end(input);
  });
}

const signIn = (username: string, password: string) =>
  new URLSearchParams({ grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username, password }).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the site file', () => {
  it('passes nginx -t as rendered, the placeholders all filled', () => {
    expect(proxy.checked).toContain('syntax is ok');
    expect(proxy.checked).toContain('test is successful');
    expect(prefixProxy.checked).toContain('test is successful');
    expect(proxy.site).not.toMatch(/\$\{ESTANTE_[A-Z_]+\}/);
    expect(proxy.site).toContain(`server 127.0.0.1:${appPort} max_fails=3 fail_timeout=10s;`);
  });

  it('is filled by envsubst, as docs/operations/proxy.md does, exactly as the tests fill it', async () => {
    const values: NginxSiteValues = {
      ESTANTE_SERVERS: 'server 10.0.0.11:8080 max_fails=3 fail_timeout=10s; server 10.0.0.12:8080 max_fails=3 fail_timeout=10s;',
      ESTANTE_SERVER_NAME: 'biblioteca.example.edu.br',
      ESTANTE_HTTPS_LISTEN: '443',
      ESTANTE_HTTP_LISTEN: '80',
      ESTANTE_HTTPS_ORIGIN: 'https://biblioteca.example.edu.br',
      ESTANTE_CERT: '/etc/letsencrypt/live/biblioteca.example.edu.br/fullchain.pem',
      ESTANTE_CERT_KEY: '/etc/letsencrypt/live/biblioteca.example.edu.br/privkey.pem',
      ESTANTE_PREFIX: '/biblioteca',
      ESTANTE_API_BASE: '/svc',
      ESTANTE_CACHE_DIR: '/var/cache/nginx/estante',
      ESTANTE_ACCESS_LOG: '/var/log/nginx/estante.access.log',
      ESTANTE_METRICS_ALLOW: '127.0.0.1',
    };
    const names = Object.keys(values)
      .map((name) => `$${name}`)
      .join(' ');
    const filled = await envsubst(names, values, readFileSync(NGINX_SITE_TEMPLATE, 'utf8'));
    expect(filled).toBe(renderNginxSite(values));
    expect(filled).toContain('location /biblioteca/ {');
    expect(filled).toContain('$request_uri');
  });
});

describe('HTTPS over HTTP/2', () => {
  it('answers the home page, an API call and a deep link over h2 (curl and Node agree)', async () => {
    for (const url of ['/', '/svc/docs/json', `/acervo/${titleId}`]) expect(await curl(`${proxy.https}${url}`, proxy.cert, ['--http2'])).toBe('2 200');
    const home = await h2(proxy, '/');
    expect(home.alpn).toBe('h2');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<div id="root">');
    const token = await h2(proxy, '/svc/oauth/token', {
      method: 'POST',
      headers: FORM,
      body: 'grant_type=client_credentials&client_id=estante-web&client_secret=estante-public',
    });
    expect(token.status).toBe(200);
    expect(JSON.parse(token.text)).toMatchObject({ token_type: 'bearer' });
  });

  it('sends HSTS once, from the proxy', async () => {
    const home = await h2(proxy, '/');
    expect(home.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('redirects plain HTTP to the same address over HTTPS', async () => {
    const location = await curl(`${proxy.http}/acervo/${titleId}?lng=en`, null, [], '%{http_code} %{redirect_url}');
    expect(location).toBe(`301 ${proxy.https}/acervo/${titleId}?lng=en`);
  });
});

describe('assets and compression', () => {
  it('passes a hashed asset as the build’s brotli copy, immutable, and then answers it from its cache', async () => {
    const first = await h2(proxy, '/assets/index-AbC123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(first.body).toString()).toBe(SCRIPT);
    const again = await h2(proxy, '/assets/index-AbC123.js', { headers: { 'accept-encoding': 'br' } });
    expect(again.headers['x-cache-status']).toBe('HIT');
    expect(brotliDecompressSync(again.body).toString()).toBe(SCRIPT);
    // Another encoding is another copy: gzip to a browser without brotli, never the brotli one.
    const gzip = await h2(proxy, '/assets/index-AbC123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const plain = await h2(proxy, '/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it('keeps the app’s brotli page, and gzips the API’s JSON the app sends plain', async () => {
    const page = await h2(proxy, '/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="root">');
    const openapi = await h2(proxy, '/svc/docs/json', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(openapi.status).toBe(200);
    expect(openapi.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(openapi.body).toString())).toHaveProperty('openapi');
  });
});

describe('limits', () => {
  it('refuses a body over 1 MB with 413 at the proxy, and lets the cataloguing upload through', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    const refused = await h2(proxy, '/svc/oauth/token', { method: 'POST', headers: FORM, body: big });
    expect(refused.status).toBe(413);
    expect(refused.headers.server).toMatch(/^nginx/);
    // The upload's own limit (512 MB): the node answers it (unauthenticated: 401), not the proxy.
    const upload = await h2(proxy, '/svc/api/equipe/catalogacao/importacoes?arquivo=x.mrc', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: big,
    });
    expect(upload.status).toBe(401);
  });
});

describe('the client as the node sees it', () => {
  it('believes the proxy’s scheme and host: the links it writes are https at the proxy’s address', async () => {
    const robots = await h2(proxy, '/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${proxy.https}/sitemap.xml`);
    const page = await h2(proxy, `/acervo/${titleId}`);
    expect(page.text).toContain(`<link rel="canonical" href="${proxy.https}/acervo/${titleId}"`);
  });

  it('ignores X-Forwarded-* sent straight to the node by an address TRUST_PROXY does not name', async () => {
    const forged = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', 'x-forwarded-for': '203.0.113.9' };
    const robots = await direct('/robots.txt', '127.0.0.2', { headers: forged });
    expect(robots.text).toContain(`Sitemap: http://127.0.0.1:${appPort}/sitemap.xml`);
    // The same headers from the trusted address are believed: TRUST_PROXY is what decides.
    const trusted = await direct('/robots.txt', '127.0.0.1', { headers: forged });
    expect(trusted.text).toContain('Sitemap: https://evil.example/sitemap.xml');
  });

  it('counts failed sign-ins at the client’s address through the proxy, whatever X-Forwarded-For it forges', async () => {
    const tries = ['203.0.113.1', '203.0.113.2', '203.0.113.3'].map((forged) =>
      h2(proxy, '/svc/oauth/token', { method: 'POST', headers: { ...FORM, 'x-forwarded-for': forged }, body: signIn('leitora', 'errada') }),
    );
    const statuses = [];
    for (const attempt of tries) statuses.push((await attempt).status);
    // SIGNIN_MAX_FAILURES=2 for the username at one address: the third is refused.
    expect(statuses.sort()).toEqual([401, 401, 429]);
  });

  it('counts them at the sender’s address when the forged header goes straight to the node', async () => {
    const statuses = [];
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const answer = await direct('/svc/oauth/token', '127.0.0.2', {
        method: 'POST',
        headers: { ...FORM, 'x-forwarded-for': forged },
        body: signIn('direta', 'errada'),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('carries nginx’s request id to the node and back, the same in the access log', async () => {
    const home = await h2(proxy, '/', { headers: { 'x-request-id': 'forged-by-the-client' } });
    const id = String(home.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(proxy.accessLog()).toContain(`rid=${id}`);
  });
});

describe('what the proxy keeps in', () => {
  it('refuses /metrics from outside the monitoring network, and passes the health endpoints', async () => {
    expect((await h2(proxy, '/metrics')).status).toBe(403);
    expect((await h2(proxy, '/metrics/')).status).toBe(403);
    expect((await h2(proxy, '/health/live')).status).toBe(200);
    expect((await h2(proxy, '/health')).status).toBe(200);
  });
});

describe('the site under a prefix (PUBLIC_URL https://host/biblioteca/)', () => {
  it('serves the page with its assets, its API and its links under /biblioteca/', async () => {
    const home = await h2(prefixProxy, '/biblioteca/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('src="/biblioteca/assets/index-AbC123.js"');
    expect(home.text).toContain('href="/biblioteca/favicon.svg"');
    expect(home.text).toContain('href="/biblioteca/opensearch.xml"');
    const config = JSON.parse(/<script id="estante-config" type="application\/json">(.*?)<\/script>/.exec(home.text)![1]!) as {
      apiBase: string;
      basePath: string;
    };
    expect(config).toMatchObject({ apiBase: '/biblioteca/svc', basePath: '/biblioteca' });
    const asset = await h2(prefixProxy, '/biblioteca/assets/index-AbC123.js');
    expect(asset.text).toBe(SCRIPT);
    const token = await h2(prefixProxy, `${config.apiBase}/oauth/token`, {
      method: 'POST',
      headers: FORM,
      body: 'grant_type=client_credentials&client_id=estante-web&client_secret=estante-public',
    });
    expect(token.status).toBe(200);
  });

  it('opens a deep link with its canonical address under the prefix, and redirects the bare prefix', async () => {
    const page = await h2(prefixProxy, `/biblioteca/acervo/${titleId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<link rel="canonical" href="${prefixProxy.https}/biblioteca/acervo/${titleId}"`);
    expect(page.text).toContain('src="/biblioteca/assets/index-AbC123.js"');
    const robots = await h2(prefixProxy, '/biblioteca/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${prefixProxy.https}/biblioteca/sitemap.xml`);
    const bare = await h2(prefixProxy, '/biblioteca');
    expect(bare.status).toBe(301);
    expect(String(bare.headers.location)).toMatch(/\/biblioteca\/$/);
    // Outside the prefix there is no site.
    expect((await h2(prefixProxy, '/acervo/1')).status).toBe(404);
  });
});
