import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createCopies, createInstitution, createLibraries, createTitles } from '../../../test/factories.js';
import { marcRecord } from '../../../test/marc.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { queryRows } from '../../db/client.js';
import type { MarcRecord } from '../../marc/record.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { countItems } from './oai.queries.js';
import { PAGE_SIZE } from './oai.service.js';
import { childrenNamed, type El, find, findAll, parseXml } from './test/xml.js';

/**
 * The OAI-PMH 2.0 data provider through HTTP (app.inject): the six verbs, both formats, sets,
 * selective harvesting by datestamp, lists walked to the end through resumption tokens (titles
 * changing meanwhile, tombstones among them), and every error the protocol names.
 */
let t: TestApp;
const HOST = 'catalogo.exemplo.edu.br';
const REPO = `oai:${HOST}:`;
let ids: Record<string, number>;
let libraryA: number;
let libraryB: number;
/** Titles deleted through the import (leader/05 'd'): their numbers. */
let deletedIds: number[];
const BULK = 2 * PAGE_SIZE + 27;

/** A GET /oai with these arguments (repeated keys allowed), parsed. */
async function oai(query: string, host = HOST): Promise<{ status: number; type: string; xml: string; root: El }> {
  const response = await t.app.inject({ method: 'GET', url: `/oai?${query}`, headers: { host } });
  return { status: response.statusCode, type: String(response.headers['content-type']), xml: response.body, root: parseXml(response.body) };
}

/** The error codes of a response (none for a success). */
function errorCodes(root: El): string[] {
  return childrenNamed(root, 'error').map((e) => e.attrs.code!);
}

/** The request element's attributes. */
function echoed(root: El): Record<string, string> {
  return find(root, 'request')!.attrs;
}

/** Walks a list to its end through the resumption tokens: every header, and each part's token element. */
async function harvest(verb: 'ListIdentifiers' | 'ListRecords', args: string, between?: (part: number) => Promise<void>) {
  const headers: El[] = [];
  const records: El[] = [];
  const tokens: El[] = [];
  let query = `verb=${verb}&${args}`;
  for (let part = 1; part < 100; part++) {
    const { root } = await oai(query);
    expect(errorCodes(root), query).toEqual([]);
    const list = find(root, verb)!;
    if (verb === 'ListRecords') records.push(...childrenNamed(list, 'record'));
    headers.push(...findAll(list, 'header'));
    const token = childrenNamed(list, 'resumptionToken')[0];
    if (token) tokens.push(token);
    if (!token || token.text === '') break;
    await between?.(part);
    query = `verb=${verb}&resumptionToken=${encodeURIComponent(token.text)}`;
  }
  const identifiers = headers.map((h) => find(h, 'identifier')!.text);
  return { headers, records, tokens, identifiers };
}

const identifier = (id: number) => `${REPO}${id}`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createInstitution(db, { nome: 'Biblioteca Universitária de Teste' });
  const [a, b] = await createLibraries(db, ['Biblioteca Central', 'Biblioteca Setorial']);
  libraryA = a!.codBiblioteca;
  libraryB = b!.codBiblioteca;
  await db.execute(sql`update libraries set email = 'central@exemplo.edu.br' where cod_biblioteca = ${libraryA}`);
  ids = await createTitles(db, [
    { id: 'early', title: 'Vidas secas', author: 'Ramos, Graciliano', year: 1938, subjects: ['Seca'] },
    { id: 'mid', title: 'Sagarana & <outros> "contos"', author: 'Rosa, João Guimarães', year: 1946 },
    { id: 'late', title: 'Revista de estudos', kind: 'as', issn: '1234-5678' },
    { id: 'gone-1', title: 'Um título que sairá' },
    { id: 'gone-2', title: 'Outro título que sairá', kind: 'as' },
    ...Array.from({ length: BULK }, (_, i) => ({ id: `bulk-${i}`, title: `Obra número ${i}`, year: 1900 + (i % 100) })),
  ]);
  // An odd record: a leader and fields MARC21slim.xsd would not take as they are.
  const odd: MarcRecord = {
    leader: 'ab12xnam x22  abc a 4500',
    fields: [
      { tag: '001', value: 'odd' },
      { tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: 'Registro estranho' }] },
      { tag: '500', ind1: ' ', ind2: ' ', subfields: [] },
      {
        tag: '650',
        ind1: ' ',
        ind2: '4',
        subfields: [
          { code: ' ', value: 'código vazio' },
          { code: 'a', value: 'Assunto' },
        ],
      },
    ],
  };
  await importMarcRecords(db, [{ kind: 'record', position: 1, offset: 0, record: odd, warnings: [] }]);
  const [row] = await queryRows<{ id: number }>(db, sql`select cod_acervo as id from titles where control_number = 'odd'`);
  ids.odd = row!.id;
  await createCopies(db, [
    { codAcervo: ids.early!, codBiblioteca: libraryA, tombo: 'E1' },
    { codAcervo: ids.early!, codBiblioteca: libraryB, tombo: 'E2' },
    { codAcervo: ids.mid!, codBiblioteca: libraryB, tombo: 'M1' },
    ...Array.from({ length: 30 }, (_, i) => ({ codAcervo: ids[`bulk-${i}`]!, codBiblioteca: libraryA, tombo: `B${i}` })),
  ]);
  // Datestamps: three known moments; the bulk shares one (ties are ordered by number).
  const at = async (stamp: string, where: ReturnType<typeof sql>) => db.execute(sql`update titles set updated_at = ${stamp}::timestamptz where ${where}`);
  await at('2024-03-01T12:00:00.250000Z', sql`true`);
  await at('2024-01-15T08:30:00.900000Z', sql`control_number = 'early'`);
  await at('2024-02-10T10:00:00.000000Z', sql`control_number = 'mid'`);
  await at('2024-02-10T10:00:01.999999Z', sql`control_number = 'late'`);
  // Two titles deleted by the import (leader/05 'd'): tombstones, datestamped now.
  const deletion = (id: string) => ({ ...marcRecord({ id, title: 'x' }), leader: '00000dam a2200000 a 4500' });
  const report = await importMarcRecords(
    db,
    [deletion('gone-1'), deletion('gone-2')].map((record, i) => ({ kind: 'record' as const, position: i + 1, offset: i, record, warnings: [] })),
  );
  expect(report).toMatchObject({ deleted: 2, rejected: [] });
  deletedIds = [ids['gone-1']!, ids['gone-2']!];
});
afterAll(() => t.close());

describe('Identify', () => {
  it('describes the repository: name, base URL, e-mail, earliest datestamp, persistent deletions, seconds', async () => {
    const { status, type, root } = await oai('verb=Identify');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/xml; charset=utf-8/);
    expect(root.name).toBe('OAI-PMH');
    expect(root.ns).toBe('http://www.openarchives.org/OAI/2.0/');
    expect(root.attrs.schemaLocation).toBe('http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd');
    expect(find(root, 'responseDate')!.text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(echoed(root)).toEqual({ verb: 'Identify' });
    expect(find(root, 'request')!.text).toBe(`http://${HOST}/oai`);
    const identify = find(root, 'Identify')!;
    const text = (name: string) => childrenNamed(identify, name).map((e) => e.text);
    expect(text('repositoryName')).toEqual(['Biblioteca Universitária de Teste']);
    expect(text('baseURL')).toEqual([`http://${HOST}/oai`]);
    expect(text('protocolVersion')).toEqual(['2.0']);
    expect(text('adminEmail')).toEqual(['central@exemplo.edu.br']);
    expect(text('earliestDatestamp')).toEqual(['2024-01-15T08:30:00Z']);
    expect(text('deletedRecord')).toEqual(['persistent']);
    expect(text('granularity')).toEqual(['YYYY-MM-DDThh:mm:ssZ']);
  });

  it('carries the oai-identifier description and the toolkit description titled Estante', async () => {
    const { root } = await oai('verb=Identify');
    const scheme = find(root, 'oai-identifier')!;
    expect(scheme.ns).toBe('http://www.openarchives.org/OAI/2.0/oai-identifier');
    expect(Object.fromEntries(scheme.children.map((c) => [c.name, c.text]))).toEqual({
      scheme: 'oai',
      repositoryIdentifier: HOST,
      delimiter: ':',
      sampleIdentifier: expect.stringMatching(new RegExp(`^${REPO}\\d+$`)),
    });
    const toolkit = find(root, 'toolkit')!;
    expect(toolkit.ns).toBe('http://oai.dlib.vt.edu/OAI/metadata/toolkit');
    expect(find(toolkit, 'title')!.text).toBe('Estante');
  });

  it('takes the repository identifier from PUBLIC_URL when it is set, whatever the Host', async () => {
    const other = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false', WEB_DIST: '/nonexistent', PUBLIC_URL: 'https://biblioteca.exemplo.org/' }),
      database: t.database,
    });
    try {
      const response = await other.inject({
        method: 'GET',
        url: `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:biblioteca.exemplo.org:${ids.early}`,
      });
      const root = parseXml(response.body);
      expect(find(root, 'request')!.text).toBe('https://biblioteca.exemplo.org/oai');
      expect(find(root, 'identifier')!.text).toBe(`oai:biblioteca.exemplo.org:${ids.early}`);
      expect(findAll(root, 'identifier').map((e) => e.text)).toContain(`https://biblioteca.exemplo.org/acervo/${ids.early}`);
    } finally {
      await other.close();
    }
  });

  it('uses a fixed repository identifier when the host is no domain name (an address, localhost)', async () => {
    for (const host of ['127.0.0.1:8080', 'localhost']) {
      const { root } = await oai('verb=Identify', host);
      expect(find(root, 'repositoryIdentifier')!.text).toBe('estante.local');
    }
  });
});

describe('ListMetadataFormats and ListSets', () => {
  it('offers oai_dc and marc21, for the repository and for any item, deleted ones included', async () => {
    const expected = [
      ['oai_dc', 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd', 'http://www.openarchives.org/OAI/2.0/oai_dc/'],
      ['marc21', 'http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd', 'http://www.loc.gov/MARC21/slim'],
    ];
    for (const query of [
      'verb=ListMetadataFormats',
      `verb=ListMetadataFormats&identifier=${identifier(ids.early!)}`,
      `verb=ListMetadataFormats&identifier=${identifier(deletedIds[0]!)}`,
    ]) {
      const { root } = await oai(query);
      const formats = findAll(root, 'metadataFormat').map((f) => f.children.map((c) => c.text));
      expect(formats, query).toEqual(expected);
    }
  });

  it('answers idDoesNotExist for an identifier that is not one of ours, echoing it', async () => {
    for (const id of [`${REPO}999999`, 'oai:outro.repositorio.org:1', `${REPO}abc`, `${REPO}0`, `${REPO}99999999999`]) {
      const { root } = await oai(`verb=ListMetadataFormats&identifier=${encodeURIComponent(id)}`);
      expect(errorCodes(root), id).toEqual(['idDoesNotExist']);
      expect(echoed(root)).toEqual({ verb: 'ListMetadataFormats', identifier: id });
    }
  });

  it('lists the library and work-type sets with their names', async () => {
    const { root } = await oai('verb=ListSets');
    const sets = Object.fromEntries(findAll(root, 'set').map((s) => [find(s, 'setSpec')!.text, find(s, 'setName')!.text]));
    expect(sets).toMatchObject({
      biblioteca: expect.any(String),
      [`biblioteca:${libraryA}`]: 'Biblioteca Central',
      [`biblioteca:${libraryB}`]: 'Biblioteca Setorial',
      tipo: 'Tipos de obra',
    });
    const types = await queryRows<{ id: number; name: string }>(t.database.db, sql`select cod_tipo_obra as id, desc_tipo_obra as name from work_types`);
    for (const type of types) expect(sets[`tipo:${type.id}`]).toBe(type.name);
  });
});

describe('GetRecord', () => {
  it('gives oai_dc from the MARC → DC crosswalk, with the title page address as an identifier', async () => {
    const { root } = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier(ids.mid!)}`);
    expect(errorCodes(root)).toEqual([]);
    expect(echoed(root)).toEqual({ verb: 'GetRecord', metadataPrefix: 'oai_dc', identifier: identifier(ids.mid!) });
    const header = find(root, 'header')!;
    expect(header.attrs.status).toBeUndefined();
    expect(find(header, 'identifier')!.text).toBe(identifier(ids.mid!));
    expect(find(header, 'datestamp')!.text).toBe('2024-02-10T10:00:00Z');
    expect(childrenNamed(header, 'setSpec').map((s) => s.text)).toEqual([expect.stringMatching(/^tipo:\d+$/), `biblioteca:${libraryB}`]);
    const dc = find(root, 'dc')!;
    expect(dc.ns).toBe('http://www.openarchives.org/OAI/2.0/oai_dc/');
    const values = dc.children.map((c) => [c.ns, c.name, c.text]);
    expect(values).toContainEqual(['http://purl.org/dc/elements/1.1/', 'title', 'Sagarana & <outros> "contos"']);
    expect(values).toContainEqual(['http://purl.org/dc/elements/1.1/', 'creator', 'Rosa, João Guimarães']);
    expect(values).toContainEqual(['http://purl.org/dc/elements/1.1/', 'identifier', `http://${HOST}/acervo/${ids.mid}`]);
  });

  it('gives marc21 as a MARCXML record of the MARC 21 slim schema', async () => {
    const { root } = await oai(`verb=GetRecord&metadataPrefix=marc21&identifier=${identifier(ids.early!)}`);
    const record = find(find(root, 'metadata')!, 'record')!;
    expect(record.ns).toBe('http://www.loc.gov/MARC21/slim');
    // The leader with the record length and base address of the record as written, never zeros.
    expect(find(record, 'leader')!.text).toMatch(/^(?!00000)\d{5}nam a22(?!00000)\d{5} a 4500$/);
    const control = Object.fromEntries(childrenNamed(record, 'controlfield').map((c) => [c.attrs.tag, c.text]));
    expect(control['001']).toBe('early');
    const title = childrenNamed(record, 'datafield').find((d) => d.attrs.tag === '245')!;
    expect(title.attrs).toEqual({ tag: '245', ind1: '1', ind2: '0' });
    expect(childrenNamed(title, 'subfield').map((s) => [s.attrs.code, s.text])).toEqual([['a', 'Vidas secas']]);
    expect(childrenNamed(find(root, 'header')!, 'setSpec').map((s) => s.text)).toEqual([
      expect.stringMatching(/^tipo:/),
      `biblioteca:${libraryA}`,
      `biblioteca:${libraryB}`,
    ]);
  });

  it('fits an odd record to the schema: the leader rewritten, empty fields and bad subfield codes left out', async () => {
    const { root } = await oai(`verb=GetRecord&metadataPrefix=marc21&identifier=${identifier(ids.odd!)}`);
    const record = find(find(root, 'metadata')!, 'record')!;
    // Positions the schema forbids rewritten; lengths computed; leader/09 "a": the text is Unicode.
    expect(find(record, 'leader')!.text).toMatch(/^(?!00000)\d{5}nam a22(?!00000)\d{5} a 4500$/);
    expect(childrenNamed(record, 'datafield').map((d) => d.attrs.tag)).toEqual(['245', '650']);
    expect(findAll(record, 'subfield').map((s) => s.attrs.code)).toEqual(['a', 'a']);
  });

  it('answers a deleted title with its deleted header and no metadata', async () => {
    const { root } = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier(deletedIds[1]!)}`);
    expect(errorCodes(root)).toEqual([]);
    const record = find(root, 'record')!;
    expect(find(record, 'header')!.attrs.status).toBe('deleted');
    expect(find(record, 'metadata')).toBeUndefined();
    expect(find(record, 'datestamp')!.text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(childrenNamed(find(record, 'header')!, 'setSpec').map((s) => s.text)).toEqual([expect.stringMatching(/^tipo:\d+$/)]);
  });

  it('answers cannotDisseminateFormat and idDoesNotExist, both when both apply', async () => {
    expect(errorCodes((await oai(`verb=GetRecord&metadataPrefix=mods&identifier=${identifier(ids.early!)}`)).root)).toEqual(['cannotDisseminateFormat']);
    expect(errorCodes((await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${REPO}424242`)).root)).toEqual(['idDoesNotExist']);
    const both = await oai(`verb=GetRecord&metadataPrefix=mods&identifier=${REPO}424242`);
    expect(errorCodes(both.root)).toEqual(['cannotDisseminateFormat', 'idDoesNotExist']);
    expect(echoed(both.root)).toEqual({ verb: 'GetRecord', metadataPrefix: 'mods', identifier: `${REPO}424242` });
  });
});

describe('lists through resumption tokens', () => {
  it('walks ListIdentifiers to the end: every title and tombstone once, in parts with cursor and size', async () => {
    const { identifiers, tokens, headers } = await harvest('ListIdentifiers', 'metadataPrefix=oai_dc');
    const live = await queryRows<{ id: number }>(t.database.db, sql`select cod_acervo as id from titles`);
    const expected = [...live.map((r) => identifier(r.id)), ...deletedIds.map(identifier)].sort();
    expect(new Set(identifiers).size).toBe(identifiers.length);
    expect([...identifiers].sort()).toEqual(expected);
    const total = expected.length;
    expect(tokens.map((k) => [k.attrs.cursor, k.attrs.completeListSize, k.text === ''])).toEqual([
      ['0', String(total), false],
      [String(PAGE_SIZE), String(total), false],
      [String(2 * PAGE_SIZE), String(total), true],
    ]);
    // In datestamp order; the tombstones (deleted now) last, with the deleted status.
    const stamps = headers.map((h) => find(h, 'datestamp')!.text);
    expect([...stamps].sort()).toEqual(stamps);
    expect(identifiers.slice(0, 3)).toEqual([identifier(ids.early!), identifier(ids.mid!), identifier(ids.late!)]);
    expect(headers.slice(-2).map((h) => [find(h, 'identifier')!.text, h.attrs.status])).toEqual(deletedIds.map((id) => [identifier(id), 'deleted']));
  });

  it('walks ListRecords in both formats with the same items, metadata for the live ones only', async () => {
    for (const prefix of ['oai_dc', 'marc21']) {
      const { records, identifiers } = await harvest('ListRecords', `metadataPrefix=${prefix}`);
      expect(new Set(identifiers).size).toBe(identifiers.length);
      expect(identifiers.length).toBe(BULK + 6 - 2 + 2);
      const withMetadata = records.filter((r) => find(r, 'metadata'));
      expect(withMetadata.length).toBe(identifiers.length - 2);
      const root = find(withMetadata[0]!, 'metadata')!.children[0]!;
      expect(root.name).toBe(prefix === 'oai_dc' ? 'dc' : 'record');
    }
  });

  it('misses and repeats nothing while titles change between parts: a changed title comes again, later', async () => {
    const before = (await harvest('ListIdentifiers', 'metadataPrefix=oai_dc')).identifiers;
    const seen = before.slice(0, PAGE_SIZE);
    const changedSeen = seen[10]!;
    const changedUnseen = before[PAGE_SIZE + 50]!;
    const touch = async (id: string) => t.database.db.execute(sql`update titles set updated_at = now() where cod_acervo = ${Number(id.split(':').at(-1))}`);
    const { identifiers, headers } = await harvest('ListIdentifiers', 'metadataPrefix=oai_dc', async (part) => {
      if (part === 1) {
        await touch(changedSeen);
        await touch(changedUnseen);
      }
    });
    expect(new Set(identifiers)).toEqual(new Set(before));
    const counts = new Map<string, number>();
    for (const id of identifiers) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([[changedSeen, 2]]);
    const again = headers.filter((h) => find(h, 'identifier')!.text === changedSeen).map((h) => find(h, 'datestamp')!.text);
    expect(again[1]! > again[0]!).toBe(true);
  });

  it('counts a list up to a bound only: past it there is no completeListSize', async () => {
    const all = { set: { kind: 'all' as const }, from: null, before: null };
    expect(await countItems(t.database.db, all)).toBe(BULK + 6);
    expect(await countItems(t.database.db, all, 10)).toBeNull();
  });

  it('goes on from a token after a restart: the token is signed with a key every process shares', async () => {
    const first = await oai('verb=ListIdentifiers&metadataPrefix=marc21');
    const token = find(first.root, 'resumptionToken')!.text;
    const restarted = await buildApp({ config: loadConfig({ SEED_DEMO: 'false', WEB_DIST: '/nonexistent' }), database: t.database });
    try {
      const response = await restarted.inject({
        method: 'GET',
        url: `/oai?verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`,
        headers: { host: HOST },
      });
      const root = parseXml(response.body);
      expect(errorCodes(root)).toEqual([]);
      expect(findAll(root, 'header').length).toBe(PAGE_SIZE);
      expect(find(root, 'resumptionToken')!.attrs.cursor).toBe(String(PAGE_SIZE));
    } finally {
      await restarted.close();
    }
  });
});

describe('selective harvesting', () => {
  const listed = async (args: string) => (await harvest('ListIdentifiers', `metadataPrefix=oai_dc&${args}`)).identifiers;

  it('takes from and until at second granularity, both inclusive', async () => {
    expect(await listed('from=2024-02-10T10:00:00Z&until=2024-02-10T10:00:01Z')).toEqual([identifier(ids.mid!), identifier(ids.late!)]);
    expect(await listed('until=2024-02-10T10:00:00Z')).toEqual([identifier(ids.early!), identifier(ids.mid!)]);
    expect(await listed('from=2024-02-10T10:00:01Z&until=2024-02-29T23:59:59Z')).toEqual([identifier(ids.late!)]);
    expect(await listed('until=2024-01-15T08:30:00Z')).toEqual([identifier(ids.early!)]);
  });

  it('takes from and until at day granularity, whole days inclusive', async () => {
    expect(await listed('from=2024-02-10&until=2024-02-10')).toEqual([identifier(ids.mid!), identifier(ids.late!)]);
    expect(await listed('until=2024-01-15')).toEqual([identifier(ids.early!)]);
    const fromMarch = await listed('from=2024-03-01');
    expect(fromMarch.length).toBe(BULK + 1 + 2);
  });

  it('answers noRecordsMatch for an empty range or a set the repository has not', async () => {
    for (const args of ['from=2099-01-01', 'until=2000-01-01', 'set=biblioteca:999999', 'set=tipo:99999', 'set=outra', 'set=tipo:1:2']) {
      const { root } = await oai(`verb=ListRecords&metadataPrefix=oai_dc&${args}`);
      expect(errorCodes(root), args).toEqual(['noRecordsMatch']);
      expect(echoed(root).verb).toBe('ListRecords');
    }
  });

  it('lists a library set: the titles with a copy there, and every tombstone', async () => {
    const inA = await listed(`set=biblioteca:${libraryA}`);
    const expected = [ids.early!, ...Array.from({ length: 30 }, (_, i) => ids[`bulk-${i}`]!), ...deletedIds].map(identifier);
    expect([...inA].sort()).toEqual([...expected].sort());
    const inB = await listed(`set=biblioteca:${libraryB}`);
    expect(inB).toEqual([ids.early!, ids.mid!, ...deletedIds].map(identifier));
    const inAny = await listed('set=biblioteca');
    expect(inAny.length).toBe(1 + 1 + 30 + 2);
  });

  it('lists a work-type set: its titles and its tombstones', async () => {
    const rows = await queryRows<{ tipo: number }>(t.database.db, sql`select cod_tipo_obra as tipo from deleted_titles where cod_acervo = ${deletedIds[1]!}`);
    const serial = rows[0]!.tipo;
    const inType = await listed(`set=tipo:${serial}`);
    const live = await queryRows<{ id: number }>(t.database.db, sql`select cod_acervo as id from titles where cod_tipo_obra = ${serial}`);
    expect([...inType].sort()).toEqual([...live.map((r) => identifier(r.id)), identifier(deletedIds[1]!)].sort());
    expect((await listed('set=tipo')).length).toBe(BULK + 6 - 2 + 2);
  });
});

describe('errors, always in a 200 OAI-PMH response', () => {
  const cases: [string, string][] = [
    ['', 'badVerb'],
    ['verb=Oi', 'badVerb'],
    ['verb=Identify&verb=ListSets', 'badVerb'],
    ['verb=Identify&foo=bar', 'badArgument'],
    ['verb=Identify&set=tipo', 'badArgument'],
    ['verb=ListRecords', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=marc21', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai%20dc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-02-30', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-13-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01T10:00:00', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01T10:00Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01T10:00:00.5Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&until=0000-01-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01&until=2024-02-01T00:00:00Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-02-01&until=2024-01-31', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&set=a%20b', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=abc', 'badArgument'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&title=x', 'badArgument'],
    ['verb=GetRecord&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=GetRecord&identifier=oai:x.org:1', 'badArgument'],
    ['verb=GetRecord&metadataPrefix=oai_dc&identifier=oai%20x', 'badArgument'],
    ['verb=ListMetadataFormats&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc%00', 'badArgument'],
    ['verb=Identify%1B%5B2J', 'badVerb'],
    ['verb=ListSets&resumptionToken=%01', 'badArgument'],
    ['verb=ListSets&resumptionToken=qualquer', 'badResumptionToken'],
    ['verb=ListRecords&resumptionToken=nao-e-nosso', 'badResumptionToken'],
    ['verb=ListRecords&metadataPrefix=mods', 'cannotDisseminateFormat'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2090-01-01', 'noRecordsMatch'],
  ];

  it.each(cases)('%s → %s', async (query, code) => {
    const { status, root } = await oai(query);
    expect(status).toBe(200);
    expect(errorCodes(root)).toEqual([code]);
    expect(find(root, 'request')!.text).toBe(`http://${HOST}/oai`);
    // badVerb and badArgument echo no argument (§3.2); the others echo the request.
    if (code === 'badVerb' || code === 'badArgument') expect(echoed(root)).toEqual({});
    else expect(echoed(root)).not.toEqual({});
  });

  it('refuses an altered, forged or misdirected resumption token with badResumptionToken', async () => {
    const first = await oai('verb=ListRecords&metadataPrefix=oai_dc');
    const token = find(first.root, 'resumptionToken')!.text;
    const [body, mac] = token.split('.') as [string, string];
    const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...state, c: 0, a: ['0001-01-01T00:00:00.000000Z', 0] })).toString('base64url');
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const bad of [`${forged}.${mac}`, `${body}.${flip(mac, 3)}`, `${flip(body, 5)}.${mac}`, body, `${body}.`, `${token}x`, '..', 'x'.repeat(3000)]) {
      const { root } = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(bad)}`);
      expect(errorCodes(root), bad.slice(0, 40)).toEqual(['badResumptionToken']);
      expect(echoed(root)).toEqual({ verb: 'ListRecords', resumptionToken: bad });
    }
    // A ListRecords token is no ListIdentifiers token.
    expect(errorCodes((await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`)).root)).toEqual(['badResumptionToken']);
    // And the real one still works.
    expect(errorCodes((await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`)).root)).toEqual([]);
  });

  it('answers POST with a form body like GET, and refuses other bodies and control characters as badArgument', async () => {
    const post = async (payload: string, type: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/oai', payload, headers: { host: HOST, 'content-type': type } });
      return { status: response.statusCode, root: parseXml(response.body) };
    };
    const empty = await t.app.inject({ method: 'POST', url: '/oai', headers: { host: HOST } });
    expect(empty.statusCode).toBe(200);
    expect(errorCodes(parseXml(empty.body))).toEqual(['badVerb']);
    const form = await post(
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier(ids.early!))}`,
      'application/x-www-form-urlencoded',
    );
    expect(form.status).toBe(200);
    expect(find(form.root, 'title')!.text).toBe('Vidas secas');
    for (const [payload, type] of [
      ['{"verb":"Identify"}', 'application/json'],
      ['{"verb":', 'application/json'],
      ['verb=Identify', 'text/plain'],
      ['verb=Identify&set=%00', 'application/x-www-form-urlencoded'],
      ['verb=ListSets&verb=ListSets', 'application/x-www-form-urlencoded; charset=utf-8'],
    ]) {
      const { status, root } = await post(payload!, type!);
      expect(status, payload).toBe(200);
      expect(errorCodes(root), payload).toEqual([payload!.startsWith('verb=ListSets') ? 'badVerb' : 'badArgument']);
    }
  });
});
