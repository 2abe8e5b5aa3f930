/**
 * `npm run bench:web -- [--url BASE] [--runs N]`
 *
 * What a patron's browser meets on the three pages they open first (home, results, a title),
 * measured by Lighthouse 12 in Debian's Chromium. Without `--url` it builds nothing and starts
 * the real server (main.ts) on a fresh embedded database with the demo library, on a free port.
 *
 * Two passes a page, each with a cold cache:
 * - Lighthouse's desktop preset (simulated throttling: 40 ms round trips, 10 Mbit/s): the
 *   performance and accessibility scores and the layout shift (CLS);
 * - no throttling (what localhost really does): the cold time to content (largest contentful
 *   paint) and the JavaScript the page loaded, compressed as sent and uncompressed.
 * With `--runs N` each pass runs N times and the median is printed. bench/README.md has the figures.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { freePort } from './process.js';

const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number');
const root = fileURLToPath(new URL('..', import.meta.url));

/** The Lighthouse version that ran, for the figures' heading. */
let version = '';
const server = values.url ? null : await startServer();
const base = values.url ?? server!.base;
try {
  const title = await firstTitle(base);
  const pages = [
    { name: 'home', url: `${base}/` },
    { name: 'results', url: `${base}/pesquisa-geral?termo1=educacao` },
    { name: 'title', url: `${base}/acervo/${title}` },
  ];
  const rows = [];
  for (const page of pages) {
    // A browser of its own for each page: after the home page's audits in the same browser,
    // Lighthouse 12 lost the results page's navigation start in its trace (NO_NAVSTART, issue 55).
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const desktop = [];
      const local = [];
      for (let run = 0; run < runs; run++) {
        desktop.push(await audit(chrome.port, page.url, 'simulate'));
        local.push(await audit(chrome.port, page.url, 'provided'));
      }
      rows.push({
        page: page.name,
        performance: median(desktop.map((r) => r.performance)),
        accessibility: median(desktop.map((r) => r.accessibility)),
        cls: median(desktop.map((r) => r.cls)),
        'LCP simulated (ms)': median(desktop.map((r) => r.lcp)),
        'content, localhost (ms)': median(local.map((r) => r.lcp)),
        'JS sent (KB)': median(local.map((r) => r.scriptTransfer)) / 1000,
        'JS (KB)': median(local.map((r) => r.scriptBytes)) / 1000,
        scripts: median(local.map((r) => r.scripts)),
      });
    } finally {
      await chrome.kill();
    }
  }
  console.log(`Lighthouse ${version}, ${runs} run(s) a pass, medians`);
  console.table(rows);
} finally {
  server?.stop();
}

interface Audit {
  performance: number;
  accessibility: number;
  cls: number;
  lcp: number;
  scriptTransfer: number;
  scriptBytes: number;
  scripts: number;
}

async function audit(port: number, url: string, throttlingMethod: 'simulate' | 'provided'): Promise<Audit> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], throttlingMethod };
  const result = await lighthouse(url, flags, desktopConfig);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  version = lhr.lighthouseVersion;
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const failed = lhr.audits[ref.id];
    if (ref.weight > 0 && failed && failed.score !== null && failed.score < 1) {
      const nodes = ((failed.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? []).map((item) => item.node?.snippet);
      console.warn(`${url}: accessibility: ${failed.id}: ${failed.title} ${nodes.slice(0, 5).join(' ')}`);
    }
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    scriptTransfer: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scriptBytes: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
    scripts: scripts.length,
  };
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The first title a search for "educacao" finds, through the public API as the app calls it. */
async function firstTitle(site: string): Promise<number> {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' });
  const token = ((await (await fetch(`${site}/svc/oauth/token`, { method: 'POST', body })).json()) as { access_token: string }).access_token;
  const found = (await (await fetch(`${site}/svc/consulta?termo1=educacao`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    acervos: { cod_acervo: number }[];
  };
  const first = found.acervos[0];
  if (!first) throw new Error('the demo library has no title for "educacao"');
  return first.cod_acervo;
}

/** The real server on a fresh embedded database with the demo library; resolves when it answers. */
async function startServer(): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'estante-web-bench-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // Always the embedded database: the figures are the client's, the API answers in 20–35 ms either way.
    env: { ...withoutDatabaseUrl(process.env), PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const site = `http://localhost:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    const up = await fetch(`${site}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base: site, stop };
    if (Date.now() > deadline) {
      stop();
      throw new Error('the server did not answer within 3 minutes');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unused, ...rest } = env;
  return rest;
}
