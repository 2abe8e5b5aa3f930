import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readIso2709 } from './iso2709.js';
import { readMarcXml } from './marcxml.js';

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
});
