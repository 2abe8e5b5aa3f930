/**
 * The site under a proxy's prefix in a real browser (issue 58 item 1, decision 0062): the real
 * server (main.ts, the demo library, one API process) on PostgreSQL, behind nginx with the
 * documented site file at https://127.0.0.1:<port>/biblioteca/, driven by Debian's Chromium:
 * the home page draws, a search finds titles, a title opens by deep link, a demo patron signs in
 * — every address the browser asked for under /biblioteca/.
 *
 * Not part of `npm test` (it needs a built web app); run it by hand after a build:
 *
 *   npx vite build --outDir /tmp/estante-dist -c packages/web/vite.config.ts   # or npm run build
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test WEB_DIST=/tmp/estante-dist \
 *     node --import tsx ops/nginx/browser-check.ts
 *
 * It makes a database of its own (estante_proxy_check_<pid>) on TEST_DATABASE_URL's server and
 * drops it; screenshots go to RESULTS_DIR (default /tmp/estante-proxy-check).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { chromium } from '@playwright/test';
import { startNginx } from '../../packages/api/test/nginx.js';
import { freePort, startRealServer } from '../../packages/api/test/server.js';

const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const webDist = process.env.WEB_DIST;
const results = process.env.RESULTS_DIR ?? '/tmp/estante-proxy-check';
if (!webDist) throw new Error('WEB_DIST: the built web app to serve (packages/web/dist after npm run build)');
mkdirSync(results, { recursive: true });

const name = `estante_proxy_check_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = Object.assign(new URL(base), { pathname: `/${name}` }).toString();

const httpsPort = await freePort();
const site = `https://127.0.0.1:${httpsPort}/biblioteca`;
const outside: string[] = [];
const failed: string[] = [];
const step = (what: string) => console.log(`✓ ${what}`);
let server: Awaited<ReturnType<typeof startRealServer>> | undefined;
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
try {
  server = await startRealServer(databaseUrl, { WEB_DIST: path.resolve(webDist), TRUST_PROXY: '127.0.0.1', PUBLIC_URL: `${site}/`, LOG_LEVEL: 'info' }, 1);
  nginx = await startNginx({ nodes: [new URL(server.base).host], prefix: '/biblioteca', httpsPort });
  step(`nginx in front of the server at ${site}/`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ ignoreHTTPSErrors: true, locale: 'pt-BR' });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(site).origin && !url.pathname.startsWith('/biblioteca/')) outside.push(url.pathname);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(new URL(site).origin)) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => failed.push(`page error: ${error.message}`));

  await page.goto(`${site}/`);
  await page.getByLabel('Termo de pesquisa').waitFor();
  await page.screenshot({ path: path.join(results, 'home.png') });
  step('the home page draws');

  await page.getByLabel('Termo de pesquisa').fill('educacao');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await page.waitForURL(/\/biblioteca\/pesquisa-geral\?termo1=educacao$/);
  const first = page.getByRole('main').getByRole('article').first().getByRole('link').first();
  await first.waitFor();
  const titleHref = await first.getAttribute('href');
  if (!titleHref?.startsWith('/biblioteca/acervo/')) throw new Error(`a result links to ${titleHref}, not under /biblioteca/`);
  await page.screenshot({ path: path.join(results, 'results.png') });
  step(`a search finds titles (first: ${titleHref})`);

  const deep = await browser.newPage({ ignoreHTTPSErrors: true, locale: 'pt-BR' });
  const answer = await deep.goto(`https://127.0.0.1:${httpsPort}${titleHref}`);
  if (answer?.status() !== 200) throw new Error(`the deep link answered ${answer?.status()}`);
  await deep.getByRole('heading', { level: 1 }).waitFor();
  const heading = await deep.getByRole('heading', { level: 1 }).textContent();
  await deep.screenshot({ path: path.join(results, 'title.png') });
  step(`a title opens by deep link: ${heading}`);
  await deep.close();

  await page.goto(`${site}/login`);
  await page.getByLabel('Matrícula ou CPF').fill('aluno');
  await page.getByLabel('Senha').fill('estante123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('banner').getByText('Olá,').waitFor();
  await page.goto(`${site}/meupergamum`);
  await page.getByRole('banner').getByText('Olá,').waitFor();
  await page.screenshot({ path: path.join(results, 'signed-in.png') });
  step(`a demo patron signs in and opens the account area (${new URL(page.url()).pathname})`);

  if (outside.length > 0) throw new Error(`the browser asked for addresses outside /biblioteca/: ${[...new Set(outside)].join(', ')}`);
  step('every address the browser asked for was under /biblioteca/');
  if (failed.length > 0) throw new Error(`failed answers or page errors:\n${failed.join('\n')}`);
  step('no failed answer, no page error');
} finally {
  await browser?.close();
  await nginx?.stop();
  await server?.stop();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
