import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { testDatabaseKind } from '../../../test/database.js';
import { createInstitution, createTitles } from '../../../test/factories.js';

/** An element of a parsed response: namespace, local name, attributes, text and children. */
interface Element {
  ns: string;
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: Element[];
}

/** Parses a response into elements (throws on XML that is not well-formed). */
function parse(xml: string): Element {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Element[] = [];
  let root: Element | null = null;
  parser.on('opentag', (node) => {
    const element: Element = {
      ns: node.uri,
      name: node.local,
      attributes: Object.fromEntries(Object.values(node.attributes).map((a) => [a.local, a.value])),
      text: '',
      children: [],
    };
    stack.at(-1)?.children.push(element);
    stack.push(element);
    root ??= element;
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  return root!;
}

/** Every element called `name` under `element`, depth first. */
function all(element: Element, name: string): Element[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...all(child, name)]);
}

function one(element: Element, name: string): Element | undefined {
  return all(element, name)[0];
}

const SRW = 'http://www.loc.gov/zing/srw/';
const SRU2 = 'http://docs.oasis-open.org/ns/search-ws/sruResponse';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createInstitution(t.database.db, { nome: 'Biblioteca Central da Universidade' });
  await createTitles(t.database.db, [
    { id: 'vs', title: 'Vidas secas', author: 'Ramos, Graciliano', year: 1938, subjects: ['Literatura brasileira', 'Seca'], isbn: '9788501012074' },
    { id: 'sa', title: 'Sagarana', author: 'Rosa, João Guimarães', year: 1946, subjects: ['Contos brasileiros'], isbn: '8520910394' },
    { id: 'gs', title: 'Grande sertão: veredas', author: 'Rosa, João Guimarães', year: 1956, subjects: ['Literatura brasileira'] },
    { id: 'mp', title: 'Memórias póstumas de Brás Cubas', author: 'Assis, Machado de', year: 1881, subjects: ['Literatura brasileira', 'Romance'] },
    { id: 'dc', title: 'Dom Casmurro', author: 'Assis, Machado de', year: 1899, subjects: ['Romance'] },
    { id: 'ss', title: 'O sertão e a seca', author: 'Silva, Ana', year: 2001, subjects: ['Seca', 'Nordeste'] },
  ]);
});
afterAll(() => t.close());

/** GET /sru with these parameters (searchRetrieve, version 1.2 unless said). */
async function sru(params: Record<string, string | string[]>, defaults: Record<string, string> = { operation: 'searchRetrieve', version: '1.2' }) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...defaults, ...params })) for (const v of Array.isArray(value) ? value : [value]) query.append(key, v);
  const response = await t.app.inject({ method: 'GET', url: `/sru?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { response, root: parse(response.body) };
}

/** The titles (Dublin Core) a searchRetrieve answers, in order, and its hit count. */
async function titles(query: string, params: Record<string, string> = {}) {
  const { root } = await sru({ query, recordSchema: 'dc', ...params });
  expect(all(root, 'diagnostic')).toEqual([]);
  return { total: Number(one(root, 'numberOfRecords')!.text), titles: all(root, 'title').map((e) => e.text) };
}

/** The diagnostic a request is answered with: its number and details. */
async function diagnostic(params: Record<string, string | string[]>, defaults?: Record<string, string>) {
  const { root } = await sru(params, defaults);
  const diag = one(root, 'diagnostic');
  expect(diag, 'a diagnostic').toBeDefined();
  return { uri: one(diag!, 'uri')!.text, details: one(diag!, 'details')?.text, message: one(diag!, 'message')!.text, root };
}

describe('explain', () => {
  it('is the answer to a bare /sru: the database, its indexes and record schemas', async () => {
    const { response, root } = await sru({}, {});
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(root.name).toBe('explainResponse');
    expect(root.ns).toBe(SRW);
    expect(one(root, 'version')!.text).toBe('1.2');
    expect(one(root, 'recordSchema')!.text).toBe('http://explain.z3950.org/dtd/2.0/');
    const explain = one(root, 'explain')!;
    expect(explain.ns).toBe('http://explain.z3950.org/dtd/2.0/');
    expect(one(explain, 'host')!.text).toBe('localhost');
    expect(one(explain, 'database')!.text).toBe('sru');
    expect(one(explain, 'database')!.attributes.numRecs).toBe('6');
    expect(one(one(explain, 'databaseInfo')!, 'title')!.text).toBe('Biblioteca Central da Universidade');
    const indexes = all(explain, 'name').map((n) => `${n.attributes.set}.${n.text}`);
    expect(indexes).toEqual(['cql.serverChoice', 'cql.anywhere', 'dc.title', 'dc.creator', 'dc.subject', 'bath.isbn']);
    expect(all(explain, 'schema').map((s) => [s.attributes.name, s.attributes.identifier])).toEqual([
      ['marcxml', 'info:srw/schema/1/marcxml-v1.1'],
      ['dc', 'info:srw/schema/1/dc-v1.1'],
    ]);
    expect(all(explain, 'setting').map((s) => [s.attributes.type, s.text])).toEqual([['maximumRecords', '100']]);
  });

  it('answers operation=explain in SRU 2.0, and the explain record as a string when asked', async () => {
    const two = await sru({ operation: 'explain', version: '2.0' }, {});
    expect(two.response.headers['content-type']).toBe('application/sru+xml; charset=utf-8');
    expect(two.root.ns).toBe(SRU2);
    expect(two.root.children.map((c) => c.name)).toEqual(['record', 'echoedExplainRequest']);
    expect(one(two.root, 'recordXMLEscaping')!.text).toBe('xml');
    const packed = await sru({ operation: 'explain', recordPacking: 'string' }, { version: '1.2' });
    const data = one(packed.root, 'recordData')!;
    expect(data.children).toEqual([]);
    expect(parse(data.text).name).toBe('explain');
  });
});

describe('searchRetrieve: the indexes', () => {
  it('searches titles, creators, subjects, ISBNs and any field', async () => {
    expect(await titles('dc.title = "vidas secas"')).toEqual({ total: 1, titles: ['Vidas secas'] });
    expect((await titles('dc.creator = rosa')).titles.sort()).toEqual(['Grande sertão: veredas', 'Sagarana']);
    expect((await titles('dc.subject = "literatura brasileira"')).titles.sort()).toEqual([
      'Grande sertão: veredas',
      'Memórias póstumas de Brás Cubas',
      'Vidas secas',
    ]);
    expect(await titles('bath.isbn = 978-85-01-01207-4')).toEqual({ total: 1, titles: ['Vidas secas'] });
    expect(await titles('bath.isbn = 8520910394')).toEqual({ total: 1, titles: ['Sagarana'] });
    expect((await titles('cql.anywhere = sertão')).titles.sort()).toEqual(['Grande sertão: veredas', 'O sertão e a seca']);
    expect((await titles('cql.serverChoice = sertão')).total).toBe(2);
    expect((await titles('sertão')).total).toBe(2);
    // A subject word is found by any field, not by the title.
    expect((await titles('nordeste')).titles).toEqual(['O sertão e a seca']);
    expect((await titles('dc.title = nordeste')).total).toBe(0);
  });

  it('tells a phrase (adj, ==) from all the words (=, all), and any word (any)', async () => {
    expect((await titles('dc.title all "seca sertão"')).titles).toEqual(['O sertão e a seca']);
    expect((await titles('dc.title = "seca sertão"')).titles).toEqual(['O sertão e a seca']);
    expect((await titles('dc.title adj "seca sertão"')).total).toBe(0);
    expect((await titles('dc.title adj "sertão e a seca"')).titles).toEqual(['O sertão e a seca']);
    expect((await titles('dc.title == "Dom Casmurro"')).titles).toEqual(['Dom Casmurro']);
    expect((await titles('dc.title any "sagarana casmurro"')).titles.sort()).toEqual(['Dom Casmurro', 'Sagarana']);
    expect((await titles('dc.title = "^grande sertão"')).titles).toEqual(['Grande sertão: veredas']);
  });

  it('joins clauses with AND, OR and NOT, with parentheses', async () => {
    expect((await titles('dc.creator = rosa AND dc.title = sagarana')).titles).toEqual(['Sagarana']);
    expect((await titles('dc.creator = rosa or dc.creator = assis')).total).toBe(4);
    expect((await titles('dc.creator = assis not dc.title = dom')).titles).toEqual(['Memórias póstumas de Brás Cubas']);
    expect((await titles('dc.subject = romance and (dc.creator = assis or dc.creator = rosa)')).titles.sort()).toEqual([
      'Dom Casmurro',
      'Memórias póstumas de Brás Cubas',
    ]);
    // Not one chain of rows: each side searched, their titles combined.
    expect((await titles('(dc.creator = rosa or dc.creator = assis) and (dc.subject = romance or dc.subject = contos)')).titles.sort()).toEqual([
      'Dom Casmurro',
      'Memórias póstumas de Brás Cubas',
      'Sagarana',
    ]);
    expect((await titles('dc.subject = "literatura brasileira" not (dc.creator = rosa and dc.title = grande)')).titles.sort()).toEqual([
      'Memórias póstumas de Brás Cubas',
      'Vidas secas',
    ]);
  });
});

describe('searchRetrieve: records and paging', () => {
  const FOUR = 'dc.subject = "literatura brasileira" or dc.subject = romance';

  it('pages with startRecord and maximumRecords, numbering records and pointing to the next page', async () => {
    const first = await sru({ query: FOUR, maximumRecords: '3', recordSchema: 'dc' });
    expect(one(first.root, 'numberOfRecords')!.text).toBe('4');
    expect(all(first.root, 'recordPosition').map((p) => p.text)).toEqual(['1', '2', '3']);
    expect(one(first.root, 'nextRecordPosition')!.text).toBe('4');
    const second = await sru({ query: FOUR, startRecord: '4', maximumRecords: '3', recordSchema: 'dc' });
    expect(all(second.root, 'recordPosition').map((p) => p.text)).toEqual(['4']);
    expect(one(second.root, 'nextRecordPosition')).toBeUndefined();
    const seen = [...all(first.root, 'title'), ...all(second.root, 'title')].map((e) => e.text).sort();
    expect(seen).toEqual(['Dom Casmurro', 'Grande sertão: veredas', 'Memórias póstumas de Brás Cubas', 'Vidas secas']);
    // The same order whatever the page size.
    const whole = await titles(FOUR);
    expect([...all(first.root, 'title'), ...all(second.root, 'title')].map((e) => e.text)).toEqual(whole.titles);
  });

  it('counts without records for maximumRecords=0, and caps a page at 100', async () => {
    const count = await sru({ query: FOUR, maximumRecords: '0' });
    expect(one(count.root, 'numberOfRecords')!.text).toBe('4');
    expect(one(count.root, 'records')).toBeUndefined();
    expect(one(count.root, 'nextRecordPosition')).toBeUndefined();
    const many = await sru({ query: FOUR, maximumRecords: '5000' });
    expect(all(many.root, 'recordPosition')).toHaveLength(4);
  });

  it('echoes the request, with the query as XCQL', async () => {
    const { root } = await sru({ query: 'dc.title = "vidas secas"', startRecord: '1', maximumRecords: '5', recordSchema: 'dc', recordPacking: 'xml' });
    const echo = one(root, 'echoedSearchRetrieveRequest')!;
    expect(echo.children.map((c) => [c.name, c.name === 'xQuery' ? '…' : c.text])).toEqual([
      ['version', '1.2'],
      ['query', 'dc.title = "vidas secas"'],
      ['xQuery', '…'],
      ['startRecord', '1'],
      ['maximumRecords', '5'],
      ['recordPacking', 'xml'],
      ['recordSchema', 'dc'],
    ]);
    const clause = one(echo, 'searchClause')!;
    expect(clause.ns).toBe('http://www.loc.gov/zing/cql/xcql/');
    expect([one(clause, 'index')!.text, one(clause, 'value')!.text, one(clause, 'term')!.text]).toEqual(['dc.title', '=', 'vidas secas']);
  });

  it('writes MARCXML records by default, Dublin Core on request', async () => {
    const marc = await sru({ query: 'dc.title = sagarana' });
    const record = one(marc.root, 'recordData')!.children[0]!;
    expect(one(marc.root, 'recordSchema')!.text).toBe('info:srw/schema/1/marcxml-v1.1');
    expect([record.ns, record.name]).toEqual(['http://www.loc.gov/MARC21/slim', 'record']);
    expect(one(record, 'leader')!.text).toMatch(/^(?!00000)\d{5}nam a22(?!00000)\d{5} a 4500$/);
    const f245 = all(record, 'datafield').find((f) => f.attributes.tag === '245')!;
    expect(one(f245, 'subfield')!.text).toBe('Sagarana');
    const f020 = all(record, 'datafield').find((f) => f.attributes.tag === '020')!;
    expect(one(f020, 'subfield')!.text).toBe('8520910394');
    const dc = await sru({ query: 'dc.title = sagarana', recordSchema: 'info:srw/schema/1/dc-v1.1' });
    const data = one(dc.root, 'recordData')!.children[0]!;
    expect([data.ns, data.name]).toEqual(['info:srw/schema/1/dc-schema', 'dc']);
    expect(data.children.map((c) => [c.ns, c.name, c.text])).toEqual([
      ['http://purl.org/dc/elements/1.1/', 'title', 'Sagarana'],
      ['http://purl.org/dc/elements/1.1/', 'creator', 'Rosa, João Guimarães'],
      ['http://purl.org/dc/elements/1.1/', 'type', 'text'],
      // No 260 or 264: the year of 008/07-10; the ISBN of 020 as a URN (issue 56).
      ['http://purl.org/dc/elements/1.1/', 'date', '1946'],
      ['http://purl.org/dc/elements/1.1/', 'language', 'por'],
      ['http://purl.org/dc/elements/1.1/', 'subject', 'Contos brasileiros'],
      ['http://purl.org/dc/elements/1.1/', 'identifier', 'URN:ISBN:8520910394'],
    ]);
  });

  it('packs a record as an escaped string when asked (recordPacking 1.2, recordXMLEscaping 2.0)', async () => {
    const one2 = await sru({ query: 'dc.title = sagarana', recordPacking: 'string' });
    const data = one(one2.root, 'recordData')!;
    expect(data.children).toEqual([]);
    expect(one(parse(data.text), 'subfield')).toBeDefined();
    expect(one(one2.root, 'recordPacking')!.text).toBe('string');
    const two = await sru({ query: 'dc.title = sagarana', recordXMLEscaping: 'string', version: '2.0' });
    expect(one(two.root, 'recordXMLEscaping')!.text).toBe('string');
    expect(parse(one(two.root, 'recordData')!.text).name).toBe('record');
  });

  it('answers SRU 2.0 in its namespace, and a bare query as a searchRetrieve', async () => {
    const { response, root } = await sru({ query: 'dc.creator = rosa', recordSchema: 'dc' }, { version: '2.0' });
    expect(response.headers['content-type']).toBe('application/sru+xml; charset=utf-8');
    expect([root.ns, root.name]).toEqual([SRU2, 'searchRetrieveResponse']);
    expect(root.children.map((c) => c.name)).toEqual(['numberOfRecords', 'records', 'echoedSearchRetrieveRequest']);
    expect(one(root, 'numberOfRecords')!.text).toBe('2');
    expect(one(root, 'echoedSearchRetrieveRequest')!.children.map((c) => c.name)).toEqual(['version', 'query', 'recordSchema']);
  });
});

describe('diagnostics: bad input answered in XML, never a 4xx or 5xx', () => {
  it.each([
    [{ query: undefined }, 7, 'query'],
    [{ query: '' }, 7, 'query'],
    [{ query: 'dc.title =' }, 10, 'a search term is missing'],
    [{ query: '(dc.title = vidas' }, 13, 'a parenthesis is not closed'],
    [{ query: 'dc.title = "vidas' }, 14, 'a quoted term is not closed'],
    [{ query: 'marc.245 = vidas' }, 15, 'marc'],
    [{ query: 'dc.date = 1938' }, 16, 'dc.date'],
    [{ query: 'dc.title < vidas' }, 19, '<'],
    [{ query: 'dc.title =/fuzzy vidas' }, 20, 'fuzzy'],
    [{ query: 'dc.title = ""' }, 27, undefined],
    [{ query: 'dc.title = vid*' }, 28, 'vid*'],
    [{ query: 'bath.isbn = isbn' }, 36, 'not an ISBN: isbn'],
    [{ query: 'vidas prox secas' }, 37, 'prox'],
    [{ query: 'vidas sortby dc.date' }, 80, 'sortby'],
    [{ query: 'vidas', startRecord: '0' }, 6, 'startRecord: a whole number from 1'],
    [{ query: 'vidas', startRecord: 'dez' }, 6, 'startRecord: a whole number from 1'],
    [{ query: 'vidas', startRecord: '10001' }, 6, 'startRecord: at most 10000'],
    [{ query: 'vidas', maximumRecords: '-1' }, 6, 'maximumRecords: a whole number from 0'],
    [{ query: 'vidas', recordSchema: 'mods' }, 66, 'mods'],
    [{ query: 'vidas', recordPacking: 'json' }, 71, 'json'],
    [{ query: 'vidas', recordXPath: '/record' }, 72, undefined],
    [{ query: 'vidas', sortKeys: 'title' }, 80, 'sortKeys'],
    [{ query: 'vidas', stylesheet: '/s.xsl' }, 110, undefined],
    [{ query: 'vidas', queryType: 'pqf' }, 11, 'pqf'],
    [{ query: 'vidas', version: '3.0' }, 5, '2.0'],
    [{ query: 'vidas', foo: 'bar' }, 8, 'foo'],
    [{ query: ['vidas', 'secas'] }, 6, 'query is given more than once'],
    [{ query: 'vidas\u0000secas' }, 6, 'query: control characters are not allowed'],
    [{ operation: 'scan', scanClause: 'dc.title = a' }, 4, 'scan'],
    [{ operation: 'update' }, 4, 'update'],
  ] as [Record<string, string | string[] | undefined>, number, string | undefined][])('%j → diagnostic %i', async (params, code, details) => {
    const given = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string | string[]>;
    const defaults: Record<string, string> = { operation: 'searchRetrieve', version: '1.2' };
    if (params.query === undefined) delete (defaults as Partial<typeof defaults>).query;
    const answer = await diagnostic(given, defaults);
    expect(answer.uri).toBe(`info:srw/diagnostic/1/${code}`);
    expect(answer.details).toBe(details);
    expect(answer.root.name).toBe('searchRetrieveResponse');
    expect(one(answer.root, 'numberOfRecords')!.text).toBe('0');
    expect(one(answer.root, 'records')).toBeUndefined();
  });

  it('answers a first record past the results with diagnostic 61 and the count', async () => {
    const answer = await diagnostic({ query: 'dc.creator = rosa', startRecord: '3' });
    expect(answer.uri).toBe('info:srw/diagnostic/1/61');
    expect(answer.message).toBe('First record position out of range');
    expect(one(answer.root, 'numberOfRecords')!.text).toBe('2');
    // No titles found is no error: the count is 0 whatever the start.
    const none = await sru({ query: 'dc.title = inexistente', startRecord: '3' });
    expect(one(none.root, 'diagnostic')).toBeUndefined();
    expect(one(none.root, 'numberOfRecords')!.text).toBe('0');
  });

  it('names the diagnostics in the 2.0 namespace for a 2.0 request', async () => {
    const answer = await diagnostic({ query: 'dc.date = 1938' }, { version: '2.0' });
    expect(answer.uri).toBe('info:srw/diagnostic/1/16');
    expect(one(answer.root, 'diagnostic')!.ns).toBe('http://docs.oasis-open.org/ns/search-ws/diagnostic');
  });

  it('lets x- extension parameters through, and answers the explain with an unknown parameter diagnosed', async () => {
    expect((await titles('dc.creator = rosa', { 'x-client': 'zotero' })).total).toBe(2);
    const explain = await diagnostic({ foo: 'bar' }, {});
    expect(explain.root.name).toBe('explainResponse');
    expect(explain.uri).toBe('info:srw/diagnostic/1/8');
    expect(one(explain.root, 'explain')).toBeDefined();
  });
});

describe('a fault of ours', () => {
  it('is still an SRU answer in XML: diagnostic 2 with 503 and Retry-After when the database is out of reach, else 1', async () => {
    const down = await createTestApp();
    try {
      await down.database.close();
      const response = await down.app.inject({ method: 'GET', url: '/sru?operation=searchRetrieve&version=1.2&query=vidas' });
      expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
      const diag = one(parse(response.body), 'diagnostic')!;
      // A PostgreSQL pool that was ended is "out of reach"; a closed embedded database is simply broken.
      if (testDatabaseKind() === 'postgres') {
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect([one(diag, 'uri')!.text, one(diag, 'message')!.text]).toEqual(['info:srw/diagnostic/1/2', 'System temporarily unavailable']);
      } else {
        expect(response.statusCode).toBe(500);
        expect([one(diag, 'uri')!.text, one(diag, 'message')!.text]).toEqual(['info:srw/diagnostic/1/1', 'General system error']);
      }
    } finally {
      await down.app.close();
      await down.database.dispose();
    }
  });
});
