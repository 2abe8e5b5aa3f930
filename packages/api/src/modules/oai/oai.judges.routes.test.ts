import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { OaiPmh } from 'oai-pmh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createCopies, createInstitution, createLibraries, createTitles } from '../../../test/factories.js';
import { marcRecord } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import type { MarcRecord } from '../../marc/record.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { FALLBACK_REPOSITORY_ID, PAGE_SIZE } from './oai.service.js';
import { find, parseXml } from './test/xml.js';

/**
 * Outside judges of the OAI-PMH data provider, over a real server on a free port: xmllint checks
 * real responses against the official schemas (shipped in packages/api/schemas/oai, no network),
 * and two harvesters written by others walk the whole repository through its resumption tokens:
 * Debian's Perl HTTP::OAI (libhttp-oai-perl) and the npm `oai-pmh` client. They need the Debian
 * packages libxml2-utils and libhttp-oai-perl; a missing one fails the test, naming the package.
 */
const run = promisify(execFile);
const SCHEMAS = fileURLToPath(new URL('../../../schemas/oai/', import.meta.url));
const HARVEST_PL = fileURLToPath(new URL('./test/http-oai-harvest.pl', import.meta.url));
let t: TestApp;
let base: string;
/** Every identifier the repository should list, live titles and tombstones, and the tombstones'. */
let expected: string[];
let tombstones: string[];
const work = mkdtempSync(path.join(tmpdir(), 'estante-oai-'));
const id = (n: number) => `oai:${FALLBACK_REPOSITORY_ID}:${n}`;

/** Fails, naming the Debian package, when a tool the judges need is not installed. */
async function need(command: string, args: string[], debianPackage: string): Promise<void> {
  try {
    await run(command, args);
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} failed (${(error as Error).message.split('\n')[0]}): install the Debian package ${debianPackage}`);
  }
}

async function get(query: string): Promise<string> {
  const response = await fetch(`${base}?${query}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** Every part of a list, by following its tokens. */
async function allParts(verb: string, args: string): Promise<string[]> {
  const parts: string[] = [];
  let query = `verb=${verb}&${args}`;
  for (;;) {
    const xml = await get(query);
    parts.push(xml);
    const token = find(parseXml(xml), 'resumptionToken')?.text;
    if (!token) return parts;
    query = `verb=${verb}&resumptionToken=${encodeURIComponent(token)}`;
  }
}

/** xmllint's verdict on documents, validated offline against the shipped schemas. */
async function xmllint(documents: Record<string, string>): Promise<{ code: number; output: string }> {
  const files = Object.entries(documents).map(([name, xml]) => {
    const file = path.join(work, `${name}.xml`);
    writeFileSync(file, xml);
    return file;
  });
  try {
    const { stdout, stderr } = await run('xmllint', ['--nonet', '--noout', '--schema', path.join(SCHEMAS, 'oai-pmh-responses.xsd'), ...files], {
      env: { ...process.env, XML_CATALOG_FILES: path.join(SCHEMAS, 'catalog.xml') },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createInstitution(db, { nome: 'Biblioteca de Teste' });
  const [central] = await createLibraries(db, ['Biblioteca Central']);
  const ids = await createTitles(db, [
    { id: 'a', title: 'Vidas secas & <outras> "obras"', author: 'Ramos, Graciliano', year: 1938, subjects: ['Seca', 'Nordeste'], online: true },
    { id: 'b', title: 'Revista brasileira', kind: 'as', issn: '0034-7000' },
    { id: 'c', title: 'Filme', kind: 'gm' },
    ...Array.from({ length: 2 * PAGE_SIZE + 10 }, (_, i) => ({ id: `n${i}`, title: `Obra ${i}`, author: `Autor ${i}`, year: 1950 + (i % 70) })),
  ]);
  await createCopies(db, [{ codAcervo: ids.a!, codBiblioteca: central!.codBiblioteca, tombo: 'A1' }]);
  const odd: MarcRecord = {
    leader: 'xx   cam  22     uu 45',
    fields: [
      { tag: '001', value: 'odd' },
      { tag: '245', ind1: 'X', ind2: '0', subfields: [{ code: 'a', value: 'Controle \u0001 e \uFFFF fora' }] },
      { tag: '500', ind1: ' ', ind2: ' ', subfields: [] },
    ],
  };
  const deletion = (n: string) => ({ ...marcRecord({ id: n, title: 'x' }), leader: '00000dam a2200000 a 4500' });
  const report = await importMarcRecords(
    db,
    [odd, deletion('n3'), deletion('n4')].map((record, i) => ({ kind: 'record' as const, position: i + 1, offset: i, record, warnings: [] })),
  );
  expect(report).toMatchObject({ inserted: 1, deleted: 2, rejected: [] });
  const live = await queryRows<{ id: number }>(db, sql`select cod_acervo as id from titles`);
  tombstones = [ids.n3!, ids.n4!].map(id);
  expected = [...live.map((r) => id(r.id)), ...tombstones].sort();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no port');
  base = `http://127.0.0.1:${address.port}/oai`;
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('xmllint against the official schemas (libxml2-utils)', () => {
  it('finds every kind of response valid: each verb, both formats, every part of the lists, the errors', async () => {
    await need('xmllint', ['--version'], 'libxml2-utils');
    const live = expected.find((i) => !tombstones.includes(i))!;
    const [odd] = await queryRows<{ id: number }>(t.database.db, sql`select cod_acervo as id from titles where control_number = 'odd'`);
    const documents: Record<string, string> = {
      identify: await get('verb=Identify'),
      formats: await get('verb=ListMetadataFormats'),
      formatsOfItem: await get(`verb=ListMetadataFormats&identifier=${live}`),
      sets: await get('verb=ListSets'),
      recordDc: await get(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${live}`),
      recordMarc: await get(`verb=GetRecord&metadataPrefix=marc21&identifier=${live}`),
      oddMarc: await get(`verb=GetRecord&metadataPrefix=marc21&identifier=${id(odd!.id)}`),
      oddDc: await get(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${id(odd!.id)}`),
      deleted: await get(`verb=GetRecord&metadataPrefix=marc21&identifier=${tombstones[0]}`),
      setList: await get('verb=ListRecords&metadataPrefix=oai_dc&set=biblioteca'),
      dayRange: await get('verb=ListIdentifiers&metadataPrefix=marc21&from=2000-01-01&until=2999-12-31'),
      badVerb: await get('verb=Nada'),
      badArgument: await get('verb=ListRecords&metadataPrefix=oai_dc&from=2024-02-30'),
      badResumptionToken: await get('verb=ListRecords&resumptionToken=abc.def'),
      cannotDisseminateFormat: await get(`verb=GetRecord&metadataPrefix=mods&identifier=${live}`),
      idDoesNotExist: await get('verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:outro.org:1'),
      noRecordsMatch: await get('verb=ListIdentifiers&metadataPrefix=oai_dc&from=2999-01-01'),
    };
    const lists = [
      ['ListRecords', 'metadataPrefix=oai_dc'],
      ['ListRecords', 'metadataPrefix=marc21'],
      ['ListIdentifiers', 'metadataPrefix=oai_dc'],
    ];
    for (const [verb, args] of lists) (await allParts(verb!, args!)).forEach((xml, i) => (documents[`${verb}-${args!.split('=')[1]}-${i + 1}`] = xml));
    expect(Object.keys(documents).length).toBe(17 + 3 * 3);
    const { code, output } = await xmllint(documents);
    expect(output).not.toMatch(/fails to validate|error/i);
    expect(code).toBe(0);
    for (const name of Object.keys(documents)) expect(output).toContain(`${name}.xml validates`);
  });

  it('is a real check: a response the schema does not allow fails', async () => {
    await need('xmllint', ['--version'], 'libxml2-utils');
    const identify = await get('verb=Identify');
    const broken = {
      granularity: identify.replace('<granularity>YYYY-MM-DDThh:mm:ssZ</granularity>', '<granularity>seconds</granularity>'),
      toolkit: identify.replace(/<title>Estante<\/title>/, '<name>Estante</name>'),
      marc: (await get(`verb=GetRecord&metadataPrefix=marc21&identifier=${expected[0]}`)).replace(/<leader>.*<\/leader>/, '<leader>short</leader>'),
    };
    const { code, output } = await xmllint(broken);
    expect(code).not.toBe(0);
    for (const name of Object.keys(broken)) expect(output).toContain(`${name}.xml fails to validate`);
  });
});

describe("Debian's Perl HTTP::OAI harvester (libhttp-oai-perl)", () => {
  it.each(['oai_dc', 'marc21'])('harvests every record in %s through the resumption tokens', async (prefix) => {
    await need('perl', ['-MHTTP::OAI', '-e', '1'], 'libhttp-oai-perl');
    const { stdout } = await run('perl', [HARVEST_PL, base, prefix], { maxBuffer: 16 * 1024 * 1024 });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('# repository\tBiblioteca de Teste\t2.0');
    const records = lines.slice(1).map((line) => line.split('\t'));
    const identifiers = records.map((r) => r[0]!);
    expect(identifiers.length).toBe(expected.length);
    expect([...identifiers].sort()).toEqual(expected);
    for (const [identifier, datestamp, status, elements] of records) {
      expect(datestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(status, identifier).toBe(tombstones.includes(identifier!) ? 'deleted' : 'live');
      if (status === 'live') expect(Number(elements), identifier).toBeGreaterThan(1);
    }
  });
});

describe('the npm oai-pmh harvester', () => {
  it('identifies the repository and harvests every record and identifier through the resumption tokens', async () => {
    const client = new OaiPmh(base, { retry: false });
    const identify = await client.identify();
    expect(identify.repositoryName).toBe('Biblioteca de Teste');
    expect(identify.granularity).toBe('YYYY-MM-DDThh:mm:ssZ');
    const identifiers: string[] = [];
    const deleted: string[] = [];
    for await (const record of client.listRecords({ metadataPrefix: 'oai_dc' })) {
      const header = record.header as { identifier: string; $?: { status?: string } };
      identifiers.push(header.identifier);
      if (header.$?.status === 'deleted') deleted.push(header.identifier);
      else expect(record.metadata, header.identifier).toBeDefined();
    }
    expect([...identifiers].sort()).toEqual(expected);
    expect(deleted.sort()).toEqual([...tombstones].sort());
    const headers: string[] = [];
    for await (const header of client.listIdentifiers({ metadataPrefix: 'marc21' })) headers.push(header.identifier as string);
    expect([...headers].sort()).toEqual(expected);
  });
});
