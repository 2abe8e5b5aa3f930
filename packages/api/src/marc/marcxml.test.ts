import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readIso2709 } from './iso2709.js';
import { type ReadItem } from './iso2709.js';
import { readMarcXml, readMarcXmlStream } from './marcxml.js';
import { generateRecord } from '../seed/generator.js';
import { dataFields, subfieldValues } from './record.js';
import { toIso2709, toMarcXml } from './write.js';

const text = (file: string) => readFileSync(fileURLToPath(new URL(`../seed/data/${file}`, import.meta.url)), 'utf8');

describe('readMarcXml', () => {
  it('reads the same fields from MARCXML as the ISO 2709 reader does from the same records', () => {
    const fromXml = [...readMarcXml(text('melinda-100.marcxml.xml'))].flatMap((i) => (i.kind === 'record' ? [i.record] : []));
    const fromIso = [...readIso2709(readFileSync(fileURLToPath(new URL('../seed/data/melinda-100.mrc', import.meta.url))))].flatMap((i) =>
      i.kind === 'record' ? [i.record] : [],
    );
    expect(fromXml).toHaveLength(100);
    expect(fromXml.map((r) => r.fields)).toEqual(fromIso.map((r) => r.fields));
  });

  it('reads namespace-prefixed MARCXML (marc:collection)', () => {
    const items = [...readMarcXml(text('lc-collection-2.xml'))];
    expect(items.map((i) => i.kind)).toEqual(['record', 'record']);
  });

  it('rejects a malformed record and keeps the rest; stops at XML that is not well-formed', () => {
    const xml = `<collection xmlns="http://www.loc.gov/MARC21/slim">
      <record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">1</controlfield></record>
      <record><leader>short</leader><controlfield tag="001">2</controlfield></record>
      <record><leader>00000nam a2200000 a 4500</leader><datafield tag="245" ind1="1" ind2="0"></datafield></record>
      <record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">4</controlfield></record>
      <record><leader>`;
    const items = [...readMarcXml(xml)];
    expect(items.map((i) => i.kind)).toEqual(['record', 'rejected', 'rejected', 'record', 'rejected']);
    expect(items[1]).toMatchObject({ position: 2, reason: 'leader is 5 characters, not 24' });
    expect(items[2]).toMatchObject({ position: 3, reason: 'datafield 245 has no subfields' });
    expect(items[4]).toMatchObject({ reason: expect.stringMatching(/not well-formed.*reading stopped here/) });
  });

  it('reads a MARCXML file with a DTD to the end: declared entities expanded, an undeclared or external one rejects its record only', () => {
    const record = (id: string, title: string) =>
      `<record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">${id}</controlfield><datafield tag="245" ind1="1" ind2="0"><subfield code="a">${title}</subfield></datafield></record>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE collection [
  <!ENTITY eacute "&#233;">
  <!ENTITY ecirc "&#xEA;">
  <!ENTITY ext SYSTEM "file:///etc/passwd">
  <!ENTITY a "&eacute;&eacute;&eacute;&eacute;&eacute;&eacute;&eacute;&eacute;&eacute;&eacute;">
  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
  <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
  <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
  <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
]>
<collection xmlns="http://www.loc.gov/MARC21/slim">
${record('1', 'La pens&eacute;e sauvage')}
${record('2', 'Secret: &ext;')}
${record('3', 'Laughs: &e;')}
${record('4', 'Pens&ecirc;ra &amp; outros')}
</collection>`;
    const items = [...readMarcXml(xml)];
    expect(items.map((i) => i.kind)).toEqual(['record', 'rejected', 'rejected', 'record']);
    const titles = items.flatMap((i) => (i.kind === 'record' ? subfieldValues(dataFields(i.record, '245')[0]!, 'a') : []));
    expect(titles).toEqual(['La pensée sauvage', 'Pensêra & outros']);
    expect(items[1]).toMatchObject({ kind: 'rejected', position: 2, reason: expect.stringMatching(/entity/) });
  });

  it('stops at an entity bomb: one long entity referenced over and over is refused once its expansion passes the bound (issue 52)', () => {
    const bomb = 'x'.repeat(9_990);
    const references = '&big;'.repeat(20_000);
    const xml = `<?xml version="1.0"?><!DOCTYPE collection [<!ENTITY big "${bomb}">]>
<collection xmlns="http://www.loc.gov/MARC21/slim"><record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">B1</controlfield>
<datafield tag="245" ind1="1" ind2="0"><subfield code="a">${references}</subfield></datafield></record></collection>`;
    const items = [...readMarcXml(xml)];
    // Nothing of the 200 MB the references stand for was built: the read stopped with the reason.
    expect(items).toEqual([
      expect.objectContaining({ kind: 'rejected', reason: expect.stringMatching(/^entity references expand to more than 1000000 characters/) }),
    ]);
  });

  it('reads MARCXML streamed in chunks exactly as read whole', async () => {
    const whole = [...readMarcXml(text('melinda-100.marcxml.xml'))];
    const source = text('melinda-100.marcxml.xml');
    async function* chunks() {
      for (let at = 0; at < source.length; at += 4096) yield source.slice(at, at + 4096);
    }
    const streamed: ReadItem[] = [];
    for await (const item of readMarcXmlStream(chunks())) streamed.push(item);
    expect(streamed).toEqual(whole);
  });
});

describe('toMarcXml, judged by xmllint with the LoC MARC21slim schema', () => {
  it('writes every sample record — the danMARC2 one, generated titles — valid, with lengths computed', () => {
    const records = [
      ...[...readIso2709(readFileSync(fileURLToPath(new URL('../seed/data/zebra-sample-marc21.mrc', import.meta.url))))],
      ...[...readMarcXml(text('melinda-100.marcxml.xml'))],
      ...[...readMarcXml(text('lc-collection-opera-43.xml'))],
    ].flatMap((i) => (i.kind === 'record' ? [i.record] : []));
    records.push(generateRecord(1), generateRecord(2));
    const xml = toMarcXml(records);
    const dir = mkdtempSync(join(tmpdir(), 'marcxml-'));
    writeFileSync(join(dir, 'out.xml'), xml);
    const schema = fileURLToPath(new URL('../../schemas/oai/MARC21slim.xsd', import.meta.url));
    const result = spawnSync('xmllint', ['--noout', '--schema', schema, join(dir, 'out.xml')], { encoding: 'utf8' });
    expect(result.stderr.trim().split('\n').at(-1)).toBe(`${join(dir, 'out.xml')} validates`);
    // Each leader carries the length its record has in ISO 2709 — what yaz-marcdump counts.
    const leaders = [...xml.matchAll(/<leader>([^<]*)<\/leader>/g)].map((m) => m[1]!);
    const iso = toIso2709(records);
    const lengths: number[] = [];
    for (let at = 0; at < iso.length; at += lengths.at(-1)!) lengths.push(Number(iso.subarray(at, at + 5).toString('latin1')));
    expect(leaders.map((l) => Number(l.slice(0, 5)))).toEqual(lengths);
    expect(leaders.every((l) => !l.startsWith('00000'))).toBe(true);
    // The Danish record's 001 (danMARC2: with subfields) is a control field holding its number.
    expect(xml).toContain('<controlfield tag="001">D000015937</controlfield>');
  });
});
