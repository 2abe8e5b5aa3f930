import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Acervo } from '@estante/contracts/catalog';
import { coinsContextObject, schemaOrgJsonLd } from '@estante/contracts/opensearch';
import { sql } from 'drizzle-orm';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createGuides, createInstitution } from '../../../test/factories.js';
import { df, items, record } from '../../../test/records.js';
import { importMarcRecords } from '../catalog/catalog.import.js';

/**
 * The site as a crawler or a reference manager without JavaScript reads it (issue 56 items 9 and
 * 10, decision 0052): each title's page sent with its metadata (read by a real HTML parser,
 * parse5), real 404s for paths no screen opens, the sitemap checked by xmllint against the
 * sitemaps.org schemas, and unAPI with its statuses and its records checked against their schemas.
 */
const execute = promisify(execFile);
const SCHEMAS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas');
const SITE = 'https://biblioteca.example.edu';
// The built app's page as Vite writes it (packages/web/index.html): the server fills in the rest.
const INDEX_HTML = [
  '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" />',
  '<meta name="description" content="Catálogo online e portal do usuário da biblioteca" />',
  '<title>Estante</title><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('');

let t: TestApp;
let web: string;
const work = mkdtempSync(path.join(tmpdir(), 'estante-site-'));
const ids: Record<string, number> = {};

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'estante-web-'));
  writeFileSync(path.join(web, 'index.html'), INDEX_HTML);
  t = await createTestApp({ WEB_DIST: web, PUBLIC_URL: SITE });
  await createInstitution(t.database.db, { sigla: 'UEVS' });
  await createGuides(t.database.db, [{ codigo: 'geral', rota: 'pesquisa-geral' }]);
  await importMarcRecords(
    t.database.db,
    items([
      record(
        'book',
        'am',
        1987,
        'por',
        df('020', '  ', ['a', '9788577531646']),
        df('100', '1 ', ['a', 'Freire, Paulo,'], ['d', '1921-1997.']),
        df('245', '10', ['a', 'Pedagogia do oprimido & outros <escritos> "$\'" /'], ['c', 'Paulo Freire.']),
        df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'Paz e Terra,'], ['c', '1987.']),
        df('300', '  ', ['a', '184 p. ;'], ['c', '21 cm.']),
        df('650', ' 4', ['a', 'Educação.']),
        df('700', '1 ', ['a', 'Gadotti, Moacir.']),
      ),
      record(
        'ebook',
        'am',
        2020,
        'eng',
        df('100', '1 ', ['a', 'Lovelace, Ada.']),
        df('245', '10', ['a', 'Notes on the analytical engine.']),
        df('856', '40', ['u', 'https://repositorio.example.edu/notes.pdf']),
        df('856', '40', ['u', 'https://editora.example.com/restrito.pdf'], ['z', 'Acesso restrito']),
      ),
    ]),
  );
  for (const row of await queryRows<{ id: number; c: string }>(t.database.db, sql`select cod_acervo as id, control_number as c from titles`))
    ids[row.c] = row.id;
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Every element of a parsed document, in document order. */
function elements(node: Node): Element[] {
  const children = 'childNodes' in node ? node.childNodes : [];
  const self = 'tagName' in node ? [node] : [];
  return [...self, ...children.flatMap(elements), ...('content' in node ? elements(node.content) : [])];
}
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const textOf = (element: Element) => element.childNodes.map((n) => ('value' in n ? n.value : '')).join('');

/** The page as a client without JavaScript gets it, parsed by a browser's HTML parser. */
async function page(url: string) {
  const res = await t.app.inject({ url });
  const all = elements(parse(res.body));
  const head = all.find((e) => e.tagName === 'head')!;
  const root = all.find((e) => attr(e, 'id') === 'root')!;
  return {
    res,
    all,
    inHead: elements(head),
    inRoot: elements(root),
    meta: (name: string) => all.filter((e) => e.tagName === 'meta' && attr(e, 'name') === name).map((e) => attr(e, 'content')),
  };
}

/** xmllint's verdict on a document against a schema (offline): null when valid, its complaint otherwise. */
async function xmllint(xml: string, schema: string): Promise<string | null> {
  const file = path.join(work, `doc-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  try {
    await execute('xmllint', ['--nonet', '--noout', '--schema', path.join(SCHEMAS, schema), file], {
      env: { ...process.env, XML_CATALOG_FILES: path.join(SCHEMAS, 'oai/catalog.xml') },
    });
    return null;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') throw new Error('xmllint is missing: apt-get install libxml2-utils');
    return String((error as { stderr?: unknown }).stderr);
  }
}

/** An XML document's root element name and its elements' texts by name, read by a conforming XML parser (saxes). */
function readXml(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  const texts: Record<string, string[]> = {};
  const attributes: Record<string, Record<string, string>[]> = {};
  let root: string | null = null;
  let current: string[] = [];
  parser.on('opentag', (tag) => {
    root ??= tag.local;
    (attributes[tag.local] ??= []).push(Object.fromEntries(Object.entries(tag.attributes).map(([k, v]) => [k, v.value])));
    current.push('');
  });
  parser.on('text', (text) => {
    if (current.length) current[current.length - 1] += text;
  });
  parser.on('closetag', (tag) => {
    (texts[tag.local] ??= []).push(current.pop()!.trim());
  });
  parser.write(xml).close();
  current = [];
  return { root, texts, attributes };
}

describe("a title's page, as sent", () => {
  it('carries its title, description, canonical address, citation tags, COinS, JSON-LD and unAPI id', async () => {
    const id = ids.book!;
    const { res, all, inHead, inRoot, meta } = await page(`/acervo/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const url = `${SITE}/acervo/${id}`;
    const title = 'Pedagogia do oprimido & outros <escritos> "$\'"';
    expect(textOf(inHead.find((e) => e.tagName === 'title')!)).toBe(`${title} · UEVS`);
    // One description, the title's, in place of the app's generic one.
    expect(meta('description')).toEqual(['Livro · Freire, Paulo · Paz e Terra, 1987']);
    expect(inHead.filter((e) => e.tagName === 'link' && attr(e, 'rel') === 'canonical').map((e) => attr(e, 'href'))).toEqual([url]);
    expect(meta('citation_title')).toEqual([title]);
    expect(meta('citation_author')).toEqual(['Freire, Paulo', 'Gadotti, Moacir']);
    expect(meta('citation_publication_date')).toEqual(['1987']);
    expect(meta('citation_publisher')).toEqual(['Paz e Terra']);
    expect(meta('citation_isbn')).toEqual(['9788577531646']);
    expect(meta('citation_language')).toEqual(['pt']);
    expect(meta('citation_pdf_url')).toEqual([]);
    const unapiServer = inHead.find((e) => e.tagName === 'link' && attr(e, 'rel') === 'unapi-server')!;
    expect([attr(unapiServer, 'type'), attr(unapiServer, 'href')]).toEqual(['application/xml', `${SITE}/unapi`]);

    // COinS and JSON-LD inside the app's root, where its first drawing puts its own.
    const coins = inRoot.filter((e) => e.tagName === 'span' && attr(e, 'class') === 'Z3988');
    expect(coins).toHaveLength(1);
    const kev = new URLSearchParams(attr(coins[0]!, 'title'));
    expect([kev.get('ctx_ver'), kev.get('rft.btitle'), kev.get('rft_id'), kev.get('rft.date'), kev.get('rft.isbn')]).toEqual([
      'Z39.88-2004',
      title,
      url,
      '1987',
      '9788577531646',
    ]);
    const scripts = inRoot.filter((e) => e.tagName === 'script' && attr(e, 'type') === 'application/ld+json');
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(textOf(scripts[0]!)) as Record<string, unknown>;
    expect(data).toMatchObject({ '@type': 'Book', '@id': url, name: title, datePublished: '1987', isbn: '9788577531646' });
    expect(JSON.stringify(data.author)).toContain('"name":"Freire, Paulo"');

    // The very COinS and JSON-LD the app draws from the record it reads (GET /svc/acervo/{id}).
    const call = await t.app.inject({ url: `/svc/acervo/${id}`, headers: { authorization: `Bearer ${await publicToken(t.app)}` } });
    const acervo = call.json<Acervo>();
    expect(attr(coins[0]!, 'title')).toBe(coinsContextObject(acervo, url));
    expect(data).toEqual(schemaOrgJsonLd(acervo, url));

    const unapiIds = all.filter((e) => e.tagName === 'abbr' && attr(e, 'class') === 'unapi-id').map((e) => attr(e, 'title'));
    expect(unapiIds).toEqual([String(id)]);
    // The app still gets its configuration; the metadata adds a few kilobytes, no large inline data.
    expect(all.some((e) => attr(e, 'id') === 'estante-config')).toBe(true);
    expect(res.body.length - (await t.app.inject({ url: '/' })).body.length).toBeLessThan(4096);
  });

  it('names an e-book’s public PDF for Google Scholar, never a restricted one', async () => {
    const { res, meta } = await page(`/acervo/${ids.ebook}`);
    expect(res.statusCode).toBe(200);
    expect(meta('citation_pdf_url')).toEqual(['https://repositorio.example.edu/notes.pdf']);
    expect(meta('citation_language')).toEqual(['en']);
    expect(meta('citation_author')).toEqual(['Lovelace, Ada']);
  });

  it("on a tab, names the title's own page as canonical", async () => {
    const { res, all } = await page(`/acervo/${ids.book}/marc`);
    expect(res.statusCode).toBe(200);
    expect(all.filter((e) => attr(e, 'rel') === 'canonical').map((e) => attr(e, 'href'))).toEqual([`${SITE}/acervo/${ids.book}`]);
  });
});

describe('paths no screen opens', () => {
  it('answer 404 with the app’s page (which draws its not-found screen); the screens’ paths 200', async () => {
    const missing = [
      '/nao-existe',
      '/unapi/x',
      `/acervo/${ids.book}/nao-e-aba`,
      '/acervo/999999',
      '/acervo/abc',
      '/autoridade/abc',
      '/rede-pergamum/acervo/x',
      '/a/b/c',
      '/acervo//1',
    ];
    for (const url of missing) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('id="estante-config"');
    }
    const screens = [
      '/',
      '/login',
      '/LOGIN/',
      '/pesquisa-geral?termo1=educacao',
      `/acervo/${ids.book}`,
      `/acervo/${ids.book}/exemplares`,
      '/meupergamum',
      '/meupergamum/emprestimos',
      '/meupergamum/app/emprestimos',
      '/equipe/balcao',
      '/autoridade/12',
      '/autoridade/12/marc',
      '/rede-pergamum/acervo/7',
      '/cesta',
      '/pearson?h=1',
    ];
    for (const url of screens) expect([url, (await t.app.inject({ url })).statusCode]).toEqual([url, 200]);
  });

  it('a HEAD request gets the same status', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/nao-existe' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: `/acervo/${ids.book}` })).statusCode).toBe(200);
  });
});

describe('unAPI', () => {
  it('lists its formats without an id', async () => {
    const res = await t.app.inject({ url: '/unapi' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = readXml(res.body);
    expect(xml.root).toBe('formats');
    expect(xml.attributes.formats![0]!.id).toBeUndefined();
    expect(xml.attributes.format!.map((f) => f.name)).toEqual(['marcxml', 'marc', 'oai_dc', 'ris', 'bibtex']);
    for (const format of xml.attributes.format!) expect(format.type, format.name).toMatch(/^[a-z]+\/[\w.+-]+$/);
  });

  it("lists a title's formats as 300 Multiple Choices, naming its id", async () => {
    const res = await t.app.inject({ url: `/unapi?id=${ids.book}` });
    expect(res.statusCode).toBe(300);
    const xml = readXml(res.body);
    expect(xml.attributes.formats![0]!.id).toBe(String(ids.book));
    expect(xml.attributes.format).toHaveLength(5);
  });

  it('answers the title in each format, the XML ones valid against their schemas', async () => {
    const marcxml = await t.app.inject({ url: `/unapi?id=${ids.book}&format=marcxml` });
    expect(marcxml.statusCode).toBe(200);
    expect(marcxml.headers['content-type']).toMatch(/^application\/marcxml\+xml/);
    expect(await xmllint(marcxml.body, 'oai/MARC21slim.xsd')).toBeNull();
    expect(readXml(marcxml.body).texts.subfield).toContain('Freire, Paulo,');

    const dc = await t.app.inject({ url: `/unapi?id=${ids.book}&format=oai_dc` });
    expect(dc.statusCode).toBe(200);
    expect(await xmllint(dc.body, 'oai/oai_dc.xsd')).toBeNull();
    expect(readXml(dc.body).texts.identifier).toContain(`${SITE}/acervo/${ids.book}`);

    const ris = await t.app.inject({ url: `/unapi?id=${ids.book}&format=ris` });
    expect(ris.statusCode).toBe(200);
    expect(ris.headers['content-type']).toMatch(/^application\/x-research-info-systems/);
    expect(ris.body).toMatch(/^TY {2}- BOOK/m);
    expect(ris.body).toMatch(/^ER {2}-/m);

    const bibtex = await t.app.inject({ url: `/unapi?id=${ids.book}&format=bibtex` });
    expect(bibtex.statusCode).toBe(200);
    expect(bibtex.body).toMatch(/^@book\{/m);

    const marc = await t.app.inject({ url: `/unapi?id=${ids.book}&format=marc` });
    expect(marc.statusCode).toBe(200);
    expect(marc.headers['content-type']).toBe('application/marc');
    // ISO 2709: the record length in its first five bytes, the record terminator at its end.
    expect(Number(marc.rawPayload.subarray(0, 5).toString())).toBe(marc.rawPayload.length);
    expect(marc.rawPayload.at(-1)).toBe(0x1d);
  });

  it('answers 404 for an id that is no title and 406 for a format it does not offer', async () => {
    for (const id of ['999999', 'abc', '']) {
      const res = await t.app.inject({ url: `/unapi?id=${encodeURIComponent(id)}&format=ris` });
      expect([id, res.statusCode]).toEqual([id, 404]);
      expect(res.json().message).toBe(`Nenhum título tem o identificador unAPI ${id}.`);
    }
    expect((await t.app.inject({ url: '/unapi?id=999999' })).statusCode).toBe(404);
    const mods = await t.app.inject({ url: `/unapi?id=${ids.book}&format=mods` });
    expect(mods.statusCode).toBe(406);
    expect(mods.json().message).toBe('Formato unAPI desconhecido: mods. Formatos: marcxml, marc, oai_dc, ris, bibtex.');
  });
});

describe('the sitemap', () => {
  it('lists every title’s page with its last change, valid against the sitemaps.org schema', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(await xmllint(res.body, 'sitemaps/sitemap.xsd')).toBeNull();
    const xml = readXml(res.body);
    expect(xml.root).toBe('urlset');
    expect(xml.texts.loc!.sort()).toEqual([ids.book, ids.ebook].map((id) => `${SITE}/acervo/${id}`).sort());
    for (const lastmod of xml.texts.lastmod!) expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect((await t.app.inject({ url: '/sitemap.xml?pagina=2' })).statusCode).toBe(404);
  });

  it('is named by robots.txt', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.split('\n')).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('past 50,000 titles, is an index of parts of at most 50,000, each valid', { timeout: 120_000 }, async () => {
    // 50,001 titles: copies of one under control numbers of their own, with only the columns a title
    // cannot be without.
    const columns = await queryRows<{ name: string }>(
      t.database.db,
      sql`select column_name as name from information_schema.columns
          where table_name = 'titles' and column_name not in ('cod_acervo', 'control_number')
            and is_nullable = 'NO' and column_default is null and is_generated = 'NEVER'`,
    );
    const list = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
    await t.database.db.transaction(async (tx) => {
      // Without the row triggers (search vectors, interest queue): a minute of work the sitemap never reads.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into titles (control_number, ${list})
            select 'copia-' || g, ${list} from titles, generate_series(1, 49999) g where cod_acervo = ${ids.book}`,
      );
    });
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(await xmllint(index.body, 'sitemaps/siteindex.xsd')).toBeNull();
    const parts = readXml(index.body);
    expect(parts.root).toBe('sitemapindex');
    expect(parts.texts.loc).toEqual([`${SITE}/sitemap.xml?pagina=1`, `${SITE}/sitemap.xml?pagina=2`]);
    const counts: number[] = [];
    for (const loc of parts.texts.loc!) {
      const part = await t.app.inject({ url: loc.slice(SITE.length) });
      expect(part.statusCode).toBe(200);
      expect(await xmllint(part.body, 'sitemaps/sitemap.xsd'), loc).toBeNull();
      counts.push(readXml(part.body).texts.loc!.length);
    }
    expect(counts).toEqual([50_000, 1]);
    expect((await t.app.inject({ url: '/sitemap.xml?pagina=3' })).statusCode).toBe(404);
  });
});
