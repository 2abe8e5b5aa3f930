import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import createClient from '@natlibfi/sru-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createInstitution, createTitles } from '../../../test/factories.js';

/**
 * The SRU server judged by clients nobody here wrote, against a real server on a free port:
 * YAZ's yaz-client (Debian's `yaz`), the National Library of Finland's @natlibfi/sru-client,
 * and xmllint (Debian's `libxml2-utils`) checking the answers against the published SRU
 * schemas (packages/api/schemas/sru) with the MARC 21 slim and ZeeRex schemas for what they carry.
 */
const execute = promisify(execFile);
/** The Debian package of each outside tool, named when one is missing. */
const PACKAGES: Record<string, string> = { 'yaz-client': 'yaz', xmllint: 'libxml2-utils' };

/** Runs an outside tool; a missing one fails saying which Debian package brings it. */
async function run(command: 'yaz-client' | 'xmllint', args: string[]) {
  try {
    return await execute(command, args, { timeout: 30_000 });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') throw new Error(`${command} is missing: apt-get install ${PACKAGES[command]}`);
    throw error;
  }
}
const SCHEMAS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas');

let t: TestApp;
let base: string;
const work = mkdtempSync(path.join(tmpdir(), 'estante-sru-'));

beforeAll(async () => {
  t = await createTestApp();
  await createInstitution(t.database.db);
  await createTitles(t.database.db, [
    { id: 'vs', title: 'Vidas secas', author: 'Ramos, Graciliano', year: 1938, subjects: ['Literatura brasileira', 'Seca'], isbn: '9788501012074' },
    { id: 'sa', title: 'Sagarana', author: 'Rosa, João Guimarães', year: 1946, subjects: ['Contos brasileiros'], isbn: '8520910394' },
    { id: 'gs', title: 'Grande sertão: veredas', author: 'Rosa, João Guimarães', year: 1956, subjects: ['Literatura brasileira'] },
    { id: 'mp', title: 'Memórias póstumas de Brás Cubas', author: 'Assis, Machado de', year: 1881, subjects: ['Literatura brasileira', 'Romance'] },
    { id: 'dc', title: 'Dom Casmurro', author: 'Assis, Machado de', year: 1899, subjects: ['Romance'] },
    { id: 'qb', title: 'Quincas Borba', author: 'Assis, Machado de', year: 1891, subjects: ['Romance'] },
    { id: 'ss', title: 'O sertão e a seca', author: 'Silva, Ana', year: 2001, subjects: ['Seca', 'Nordeste'] },
  ]);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sru`;
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Five titles: the literature and the novels. */
const FIVE = 'dc.subject = "literatura brasileira" or dc.subject = romance';
const FIVE_TITLES = ['Dom Casmurro', 'Grande sertão: veredas', 'Memórias póstumas de Brás Cubas', 'Quincas Borba', 'Vidas secas'];

/** Runs yaz-client on these commands (after opening the server) and answers what it printed. */
async function yaz(...commands: string[]): Promise<string> {
  const file = path.join(work, `yaz-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, [`open ${base}`, ...commands, 'quit', ''].join('\n'));
  const { stdout } = await run('yaz-client', ['-f', file]);
  return stdout;
}

describe('yaz-client', () => {
  it('searches over SRU 1.2 and shows the Dublin Core records', async () => {
    const out = await yaz('sru get 1.2', 'querytype cql', 'format xml', 'schema dc', 'find dc.creator=rosa', 'show 1+2');
    expect(out).toContain('Number of hits: 2');
    expect(out).toMatch(/pos=1 schema=info:srw\/schema\/1\/dc-v1\.1/);
    expect(out).toMatch(/pos=2 schema=info:srw\/schema\/1\/dc-v1\.1/);
    const titles = [...out.matchAll(/<dc:title>([^<]*)<\/dc:title>/g)].map((m) => m[1]).sort();
    expect(titles).toEqual(['Grande sertão: veredas', 'Sagarana']);
  });

  it('searches with booleans over SRU 2.0, shows MARCXML records from any position, and reports diagnostics', async () => {
    const out = await yaz(
      'sru get 2.0',
      'querytype cql',
      'format xml',
      'schema marcxml',
      'find (dc.creator=rosa or dc.creator=assis) and (dc.subject=romance or dc.subject=contos)',
      'show 1+4',
      `find ${FIVE}`,
      'show 4+2',
      'find dc.date=1938',
    );
    const hits = [...out.matchAll(/Number of hits: (\d+)/g)].map((m) => Number(m[1]));
    // Each find and each show report the count.
    expect(hits).toEqual([4, 4, 5, 5, 0]);
    const shown = out.split('\n').filter((line) => line.startsWith('pos='));
    expect(shown.map((line) => line.split(' ')[0])).toEqual(['pos=1', 'pos=2', 'pos=3', 'pos=4', 'pos=4', 'pos=5']);
    const firstSearch = out.slice(0, out.indexOf(`Number of hits: 5`));
    // MARCXML is written as MARC-8 spells it (Latin letters decomposed, as LoC writes them): compared as a reader sees it.
    const titles = [...firstSearch.matchAll(/<datafield tag="245"[^>]*><subfield code="a">([^<]*)</g)].map((m) => m[1]!.normalize('NFC')).sort();
    expect(titles).toEqual(['Dom Casmurro', 'Memórias póstumas de Brás Cubas', 'Quincas Borba', 'Sagarana']);
    expect(out).toContain('SRW diagnostic info:srw/diagnostic/1/16');
    expect(out).toContain('Message: Unsupported index');
    expect(out).toContain('Details: dc.date');
  });
});

/** Every record @natlibfi/sru-client reads for a query, across as many requests as it takes. */
function readAll(query: string, options: { version: string; maxRecordsPerRequest: number }) {
  const client = createClient({ url: base, recordSchema: 'dc', ...options });
  return new Promise<{ total: number; records: string[] }>((resolve, reject) => {
    const records: string[] = [];
    let total = -1;
    client
      .searchRetrieve(query)
      .on('total', (n: number) => (total = n))
      .on('record', (record: string) => records.push(record))
      .on('end', () => resolve({ total, records }))
      .on('error', reject);
  });
}

const dcTitle = (record: string) => /<dc:title>([^<]*)<\/dc:title>/.exec(record)?.[1];

describe('@natlibfi/sru-client', () => {
  it.each(['1.2', '2.0'])('reads every record of a search across pages (SRU %s)', async (version) => {
    const { total, records } = await readAll(FIVE, { version, maxRecordsPerRequest: 2 });
    expect(total).toBe(5);
    expect(records.map(dcTitle).sort()).toEqual(FIVE_TITLES);
  });

  it('reads past the server page limit of 100 records per request as the client asks for 1000', async () => {
    const { total, records } = await readAll('dc.creator = rosa', { version: '1.2', maxRecordsPerRequest: 1000 });
    expect(total).toBe(2);
    expect(records.map(dcTitle).sort()).toEqual(['Grande sertão: veredas', 'Sagarana']);
  });

  it('fails with the diagnostic message for a query the server cannot answer', async () => {
    await expect(readAll('dc.title = vid*', { version: '2.0', maxRecordsPerRequest: 10 })).rejects.toThrow('Masking character not supported');
  });
});

/**
 * A schema of schemas: the SRU response schema of a version, with MARC 21 slim and ZeeRex 2.0
 * so that the records and the explain record inside `recordData` (lax) are checked too.
 */
function driver(version: '1.2' | '2.0'): string {
  const sru =
    version === '1.2'
      ? ['http://www.loc.gov/zing/srw/', 'sru/1.2/srw-types.xsd']
      : ['http://docs.oasis-open.org/ns/search-ws/sruResponse', 'sru/2.0/sruResponse.xsd'];
  const imports = [sru, ['http://www.loc.gov/MARC21/slim', 'oai/MARC21slim.xsd'], ['http://explain.z3950.org/dtd/2.0/', 'sru/2.0/explain.xsd']];
  const file = path.join(work, `driver-${version}.xsd`);
  writeFileSync(
    file,
    `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${imports
      .map(([ns, location]) => `<xs:import namespace="${ns}" schemaLocation="file://${path.join(SCHEMAS, location!)}"/>`)
      .join('')}</xs:schema>`,
  );
  return file;
}

/** xmllint's verdict on the server's answer to `query` (offline: --nonet). */
async function validate(version: '1.2' | '2.0', query: string): Promise<string> {
  const response = await fetch(`${base}?${query}`);
  expect(response.status).toBe(200);
  const file = path.join(work, `answer-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, await response.text());
  const { stderr } = await run('xmllint', ['--nonet', '--noout', '--schema', driver(version), file]);
  return stderr.trim();
}

describe('xmllint against the published schemas', () => {
  it.each([
    ['1.2', 'explain', 'operation=explain&version=1.2'],
    ['1.2', 'explain (no parameters)', ''],
    ['1.2', 'searchRetrieve, MARCXML', `operation=searchRetrieve&version=1.2&maximumRecords=3&query=${encodeURIComponent(FIVE)}`],
    [
      '1.2',
      'searchRetrieve, Dublin Core as strings',
      `operation=searchRetrieve&version=1.2&recordSchema=dc&recordPacking=string&query=${encodeURIComponent(FIVE)}`,
    ],
    [
      '1.2',
      'searchRetrieve with booleans and an XCQL echo',
      `operation=searchRetrieve&version=1.2&query=${encodeURIComponent('(dc.creator = rosa or dc.creator any/stem "assis ramos") not dc.title adj "dom casmurro"')}`,
    ],
    ['1.2', 'a diagnostic', `operation=searchRetrieve&version=1.2&query=${encodeURIComponent('dc.title = "vidas')}`],
    ['1.2', 'a missing query', 'operation=searchRetrieve&version=1.2'],
    ['1.2', 'an unsupported version', 'operation=searchRetrieve&version=9.9&query=vidas'],
    ['2.0', 'explain', 'operation=explain&version=2.0'],
    ['2.0', 'searchRetrieve, MARCXML', `version=2.0&startRecord=2&maximumRecords=2&query=${encodeURIComponent(FIVE)}`],
    ['2.0', 'a diagnostic', `version=2.0&query=${encodeURIComponent('dc.date = 1938')}`],
    ['2.0', 'no records found', `version=2.0&query=${encodeURIComponent('dc.title = inexistente')}`],
  ] as const)('SRU %s %s validates', async (version, _what, query) => {
    expect(await validate(version, query)).toMatch(/validates$/);
  });

  it('would catch a record that breaks MARC 21 slim', async () => {
    const response = await fetch(`${base}?operation=searchRetrieve&version=1.2&query=sagarana`);
    const file = path.join(work, 'broken.xml');
    writeFileSync(file, (await response.text()).replace('tag="245"', 'tag="2"'));
    await expect(run('xmllint', ['--nonet', '--noout', '--schema', driver('1.2'), file])).rejects.toMatchObject({
      stderr: expect.stringContaining("attribute 'tag'"),
    });
  });
});
