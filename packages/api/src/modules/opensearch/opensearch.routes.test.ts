import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consultaQueryFromParams, consultaQuerySchema, parseSearchState } from '@estante/contracts/search';
import { parseFeed } from '@rowanmanning/feed-parser';
import { sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createGuides, createInstitution, createTitles } from '../../../test/factories.js';
import { OPENSEARCH_NS } from './opensearch.service.js';

/**
 * The OpenSearch description (issue 22, decision 0027): read as a browser does, parsed by a real
 * XML parser (saxes) and checked against the OpenSearch 1.1 grammar by xmllint; its template,
 * filled with words, opens the web app's results page and finds the title.
 */
const GRAMMAR = fileURLToPath(new URL('./opensearch-1.1.rng', import.meta.url));
const INDEX_HTML = '<!doctype html><html lang="pt-BR"><head><title>Estante</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let web: string;
beforeAll(async () => {
  // A built web app of one page: the results page's address must answer with it.
  web = mkdtempSync(path.join(tmpdir(), 'estante-web-'));
  writeFileSync(path.join(web, 'index.html'), INDEX_HTML);
  t = await createTestApp({ PUBLIC_URL: 'https://biblioteca.example.org', WEB_DIST: web });
  const db = t.database.db;
  // The general guide at a route of the institution's choosing: the template follows the table.
  await createGuides(db, [
    { codigo: 'geral', rota: 'consulta-geral' },
    { codigo: 'avancada', rota: 'pesquisa-avancada' },
  ]);
  await createTitles(db, [
    { id: 'o1', title: 'Pedagogia do oprimido', author: 'Freire, Paulo', subjects: ['Educação'], year: 1970 },
    { id: 'o2', title: 'Vigiar e punir', author: 'Foucault, Michel', subjects: ['Prisões'], year: 1975 },
  ]);
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

/** Fetched as a browser fetches it: no token, no language header unless given. */
const description = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/opensearch.xml', headers });

interface XmlElement {
  uri: string;
  local: string;
  attributes: Record<string, string>;
  text: string;
}

/** Every element of a document, with its namespace, attributes and text; a well-formedness error throws. */
function parseXml(xml: string): XmlElement[] {
  const parser = new SaxesParser({ xmlns: true });
  const elements: XmlElement[] = [];
  const open: XmlElement[] = [];
  parser.on('opentag', (tag) => {
    const element = { uri: tag.uri, local: tag.local, attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value])), text: '' };
    elements.push(element);
    open.push(element);
  });
  parser.on('text', (text) => {
    if (open.length) open[open.length - 1]!.text += text;
  });
  parser.on('closetag', () => open.pop());
  parser.write(xml).close();
  return elements;
}

/** xmllint's RELAX NG verdict on a document: null when valid, its complaint otherwise. */
function relaxNg(xml: string): string | null {
  try {
    execFileSync('xmllint', ['--noout', '--relaxng', GRAMMAR, '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
    return null;
  } catch (error) {
    const failure = error as { code?: string; stderr?: Buffer };
    if (failure.code === 'ENOENT') throw new Error('xmllint is missing: apt-get install libxml2-utils');
    return String(failure.stderr ?? error);
  }
}

const os = (elements: XmlElement[], local: string) => elements.filter((e) => e.uri === OPENSEARCH_NS && e.local === local);

it('answers 404 with the reason while the institution is not set up', async () => {
  const response = await description();
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ status: 404, key: 'InstituicaoNaoConfigurada', message: 'A instituição ainda não foi configurada.' });
});

describe('GET /opensearch.xml', () => {
  beforeAll(async () => {
    await createInstitution(t.database.db, { nome: 'Universidade Estadual do Vale do Sabiá', sigla: 'UEVS' });
  });

  it('is an OpenSearch 1.1 description, at the root, to anyone, as application/opensearchdescription+xml', async () => {
    const response = await description();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/opensearchdescription+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const elements = parseXml(response.body);
    expect(elements[0]).toMatchObject({ uri: OPENSEARCH_NS, local: 'OpenSearchDescription' });
    // The institution's name does not fit in 16 characters: its acronym names the search.
    expect(os(elements, 'ShortName').map((e) => e.text)).toEqual(['UEVS']);
    // "Catálogo — …" would pass 48 characters: the long name is the name itself.
    expect(os(elements, 'LongName').map((e) => e.text)).toEqual(['Universidade Estadual do Vale do Sabiá']);
    expect(os(elements, 'Description').map((e) => e.text)).toEqual(['Pesquise no catálogo da biblioteca: Universidade Estadual do Vale do Sabiá.']);
    expect(os(elements, 'InputEncoding').map((e) => e.text)).toEqual(['UTF-8']);
    expect(os(elements, 'Image')).toEqual([
      {
        uri: OPENSEARCH_NS,
        local: 'Image',
        attributes: { height: '16', width: '16', type: 'image/svg+xml' },
        text: 'https://biblioteca.example.org/favicon.svg',
      },
    ]);
    expect(os(elements, 'Url').map((e) => e.attributes)).toEqual([
      { type: 'text/html', rel: 'results', template: 'https://biblioteca.example.org/consulta-geral?termo1={searchTerms}' },
      { type: 'application/atom+xml', rel: 'results', template: 'https://biblioteca.example.org/svc/feeds/consulta.atom?termo1={searchTerms}' },
      { type: 'application/opensearchdescription+xml', rel: 'self', template: 'https://biblioteca.example.org/opensearch.xml' },
    ]);
    expect(elements.find((e) => e.local === 'SearchForm')).toMatchObject({
      uri: 'http://www.mozilla.org/2006/browser/search/',
      text: 'https://biblioteca.example.org/consulta-geral',
    });
  });

  it('is valid against the OpenSearch 1.1 RELAX NG grammar (xmllint), which refuses a broken one', async () => {
    const { body } = await description();
    expect(relaxNg(body)).toBeNull();
    // The grammar bites: a ShortName past 16 characters, a Url without its template.
    expect(relaxNg(body.replace('<ShortName>UEVS</ShortName>', '<ShortName>Universidade Estadual</ShortName>'))).toMatch(
      /element ShortName: .*failed to validate/,
    );
    expect(relaxNg(body.replace(/ template="[^"]*"/, ''))).toMatch(/Element Url failed to validate attributes/);
  });

  it('names the search after the institution when its name fits, and speaks the language asked for', async () => {
    await t.database.db.execute(sql`update institution set nome = 'Biblioteca Sabiá'`);
    try {
      const elements = parseXml((await description({ 'x-idioma': '5' })).body);
      expect(os(elements, 'ShortName').map((e) => e.text)).toEqual(['Biblioteca Sabiá']);
      expect(os(elements, 'LongName').map((e) => e.text)).toEqual(['Catalogue — Biblioteca Sabiá']);
      expect(os(elements, 'Description').map((e) => e.text)).toEqual(['Search the library catalogue of Biblioteca Sabiá.']);
    } finally {
      await t.database.db.execute(sql`update institution set nome = 'Universidade Estadual do Vale do Sabiá'`);
    }
  });

  it('has a template that, filled as a browser fills it, opens the results page and finds the title', async () => {
    const template = os(parseXml((await description()).body), 'Url').find((e) => e.attributes.type === 'text/html')!.attributes.template!;
    const words = 'pedagogia oprimido';
    const filled = new URL(template.replace('{searchTerms}', encodeURIComponent(words)));
    // The address serves the web app, which routes it to the general guide's results.
    const page = await t.app.inject({ method: 'GET', url: `${filled.pathname}${filled.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root"></div>');
    // The results page reads its query with the search codec: one row, the words typed.
    const state = parseSearchState(consultaQuerySchema.parse(consultaQueryFromParams(filled.searchParams)));
    expect(state.linhas).toEqual([{ campo: 'livre', termo: words, tipo: 'palavras', operador: 'E', similar: false }]);
    // …and runs that query: the search call finds the title.
    const results = await t.app.inject({
      method: 'GET',
      url: `/svc/consulta${filled.search}`,
      headers: { authorization: `Bearer ${await publicToken(t.app)}` },
    });
    expect(results.statusCode).toBe(200);
    expect(results.json<{ acervos: { titulo: string }[] }>().acervos.map((a) => a.titulo)).toEqual(['Pedagogia do oprimido']);
  });

  it('offers the same search as an Atom feed', async () => {
    const template = os(parseXml((await description()).body), 'Url').find((e) => e.attributes.type === 'application/atom+xml')!.attributes.template!;
    const filled = new URL(template.replace('{searchTerms}', encodeURIComponent('vigiar punir')));
    const feed = await t.app.inject({ method: 'GET', url: `${filled.pathname}${filled.search}` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/atom\+xml/);
    expect(parseFeed(feed.body).items.map((item) => item.title)).toEqual(['Vigiar e punir']);
  });

  it('is what the web app\'s pages point browsers at (<link rel="search">)', () => {
    const html = readFileSync(fileURLToPath(new URL('../../../../web/index.html', import.meta.url)), 'utf8');
    const link = /<link\s[^>]*rel="search"[^>]*>/.exec(html)?.[0] ?? '';
    expect(link).toContain('type="application/opensearchdescription+xml"');
    expect(link).toContain('href="/opensearch.xml"');
    expect(link).toMatch(/title="[^"]+"/);
  });
});
