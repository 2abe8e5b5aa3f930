import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createInstitution } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';
import { controlValue, dataFields, type DataField, type MarcRecord } from '../../marc/record.js';
import { seedDemoCatalogue } from '../../seed/demo.js';
import { childrenNamed, type El, find, parseXml } from './test/xml.js';

/**
 * Issue 56 (item 3): what a harvester or union catalogue sees of the demo catalogue (the one
 * `npm start` loads: its real MARC records and 2,000 generated titles) in oai_dc, harvested
 * whole through ListRecords and its resumption tokens, each record checked against its own
 * MARC: a date and a publisher wherever the MARC has them (260, or RDA's 264), every ISBN and
 * ISSN as an identifier, no trailing ISBD punctuation, no description twice.
 */
let t: TestApp;
/** Each title's MARC, by number. */
const marc = new Map<number, MarcRecord>();
const SCHEMAS = fileURLToPath(new URL('../../../schemas/oai/', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'estante-oai-demo-'));

beforeAll(async () => {
  t = await createTestApp();
  await createInstitution(t.database.db, { nome: 'Universidade Estante' });
  await seedDemoCatalogue(t.database.db, 2000);
  const rows = await queryRows<{ id: number; marc: MarcRecord }>(t.database.db, sql`select cod_acervo as id, marc from titles`);
  for (const row of rows) marc.set(row.id, row.marc);
}, 600_000);
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every record of ListRecords in `prefix`, following the resumption tokens to the end, and each part as sent. */
async function harvest(prefix: string): Promise<{ records: El[]; parts: string[] }> {
  const records: El[] = [];
  const parts: string[] = [];
  let query = `verb=ListRecords&metadataPrefix=${prefix}`;
  for (let part = 1; part < 1000; part++) {
    const response = await t.app.inject({ method: 'GET', url: `/oai?${query}` });
    expect(response.statusCode).toBe(200);
    parts.push(response.body);
    const list = find(parseXml(response.body), 'ListRecords');
    expect(list, response.body.slice(0, 500)).toBeDefined();
    records.push(...childrenNamed(list!, 'record'));
    const token = childrenNamed(list!, 'resumptionToken')[0]?.text ?? '';
    if (token === '') return { records, parts };
    query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;
  }
  throw new Error('the list never ended');
}

const values = (dc: El, element: string) => dc.children.filter((c) => c.name === element).map((c) => c.text);
const some = (fields: DataField[], code: string) => fields.some((f) => f.subfields.some((s) => s.code === code && s.value.trim() !== ''));
/** Trailing ISBD punctuation: what a value must not end with. */
const ISBD_END = /(?:\s[/:;=]|,)$/;

describe('oai_dc of the whole demo catalogue', () => {
  it('has, for every record, what its MARC has: date, publisher, ISBN and ISSN, each note once, no ISBD punctuation left', async () => {
    const { records } = await harvest('oai_dc');
    const tally = { records: 0, date: 0, publisher: 0, isbn: 0, issn: 0, isbdEnding: 0, repeatedDescription: 0 };
    const missing: string[] = [];
    for (const record of records) {
      const id = Number(find(record, 'identifier')!.text.split(':').at(-1));
      const source = marc.get(id);
      expect(source, `title ${id}`).toBeDefined();
      const dc = find(record, 'dc')!;
      tally.records++;
      const dates = values(dc, 'date');
      const publishers = values(dc, 'publisher');
      const identifiers = values(dc, 'identifier');
      const descriptions = values(dc, 'description');
      if (dates.length > 0) tally.date++;
      if (publishers.length > 0) tally.publisher++;
      if (identifiers.some((i) => i.startsWith('URN:ISBN:'))) tally.isbn++;
      if (identifiers.some((i) => i.startsWith('URN:ISSN:'))) tally.issn++;
      const chopped = ['title', 'creator', 'publisher', 'date', 'subject'].flatMap((e) => values(dc, e));
      if (chopped.some((v) => ISBD_END.test(v))) tally.isbdEnding++;
      if (new Set(descriptions).size !== descriptions.length) tally.repeatedDescription++;

      const imprint = dataFields(source!, '260');
      const rda = dataFields(source!, '264');
      const year = (controlValue(source!, '008') ?? '').substring(7, 11);
      if ((some(imprint, 'c') || some(rda, 'c') || /^\d{4}$/.test(year)) && dates.length === 0) missing.push(`${id}: date`);
      const publication = rda.filter((f) => f.ind2 === '1');
      if ((some(imprint, 'a') || some(imprint, 'b') || some(publication, 'b')) && publishers.length === 0) missing.push(`${id}: publisher`);
      for (const f of dataFields(source!, '020', '022')) {
        const written = f.subfields.find((s) => s.code === 'a')?.value;
        if (!written) continue;
        const number = written.replace(/[\s(:].*$/, '');
        const expected =
          f.tag === '020' ? `URN:ISBN:${number.replace(/-/g, '')}` : `URN:ISSN:${number.length === 8 ? `${number.slice(0, 4)}-${number.slice(4)}` : number}`;
        if (!identifiers.includes(expected)) missing.push(`${id}: ${expected}`);
      }
      const title = dataFields(source!, '245')[0];
      if (title && values(dc, 'title')[0] !== titleOf(title)) missing.push(`${id}: title ${titleOf(title)}`);
    }
    expect(missing).toEqual([]);
    const recordsWith = await counts();
    expect(tally).toEqual({
      records: marc.size,
      date: recordsWith.date,
      publisher: recordsWith.publisher,
      isbn: recordsWith.isbn,
      issn: recordsWith.issn,
      isbdEnding: 0,
      repeatedDescription: 0,
    });
    // The catalogue is the demo's: thousands of RDA records, most with an ISBN.
    expect(tally.records).toBeGreaterThan(2100);
    expect(tally.publisher).toBeGreaterThan(2000);
    expect(tally.isbn).toBeGreaterThan(1000);
  }, 300_000);

  it('is valid against the official OAI-PMH and oai_dc schemas in every part (xmllint, libxml2-utils)', async () => {
    const { parts } = await harvest('oai_dc');
    const files = parts.map((xml, i) => {
      const file = path.join(work, `part-${i + 1}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const { stdout, stderr } = await promisify(execFile)('xmllint', ['--nonet', '--noout', '--schema', path.join(SCHEMAS, 'oai-pmh-responses.xsd'), ...files], {
      env: { ...process.env, XML_CATALOG_FILES: path.join(SCHEMAS, 'catalog.xml') },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? error.message }));
    const output = `${stdout}${stderr}`;
    expect(output).not.toMatch(/fails to validate|error/i);
    expect(parts.length).toBeGreaterThan(20);
    for (const file of files) expect(output).toContain(`${file} validates`);
  }, 300_000);
});

/** 245 $a $b $f $g $h $k as written, less the ISBD punctuation that ends it (" /" before $c, a final stop). */
function titleOf(field: DataField): string {
  const text = field.subfields
    .filter((s) => 'abfghk'.includes(s.code))
    .map((s) => s.value)
    .join(' ')
    .trim();
  return text.replace(/(?:\s*[/:;=,])+$/, '').replace(/([^.])\.$/, '$1');
}

/** How many titles' MARC has a date (26X $c or a year in 008), a publisher (260 $a/$b, 264 ind. 2 = 1 $b), an ISBN, an ISSN. */
async function counts(): Promise<Record<'date' | 'publisher' | 'isbn' | 'issn', number>> {
  const tally = { date: 0, publisher: 0, isbn: 0, issn: 0 };
  for (const record of marc.values()) {
    const imprint = dataFields(record, '260');
    const rda = dataFields(record, '264');
    if (some(imprint, 'c') || some(rda, 'c') || /^\d{4}$/.test((controlValue(record, '008') ?? '').substring(7, 11))) tally.date++;
    if (
      some(imprint, 'a') ||
      some(imprint, 'b') ||
      some(
        rda.filter((f) => f.ind2 === '1'),
        'b',
      )
    )
      tally.publisher++;
    if (some(dataFields(record, '020'), 'a')) tally.isbn++;
    if (some(dataFields(record, '022'), 'a')) tally.issn++;
  }
  return tally;
}
