import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@estante/contracts/kernel';
import { describe, expect, it } from 'vitest';
import { generateRecord } from '../seed/generator.js';
import { specialRecords } from '../seed/special.js';
import { readIso2709 } from './iso2709.js';
import { marcView } from './marc-view.js';
import { readMarcXml } from './marcxml.js';
import type { MarcRecord } from './record.js';

interface Translation {
  fields: Record<string, { label: string; subfields: Record<string, string> }>;
  authority: Record<string, string>;
}

const data = (file: string) => fileURLToPath(new URL(`./data/${file}`, import.meta.url));
const translation = (language: 'pt' | 'es') => JSON.parse(readFileSync(data(`marc21-labels-${language}.json`), 'utf8')) as Translation;
const pt = translation('pt');
const es = translation('es');
const english = JSON.parse(readFileSync(data('marc21-bib-schema.json'), 'utf8')) as {
  fields: Record<string, { label: string; subfields?: Record<string, { label: string }> }>;
};

const SEED_DATA = fileURLToPath(new URL('../seed/data/', import.meta.url));

/** Every record the demo loads: the sample files, generated titles and the special collections. */
function seedRecords(): MarcRecord[] {
  const records: MarcRecord[] = [];
  for (const file of readdirSync(SEED_DATA)) {
    const items = file.endsWith('.xml')
      ? readMarcXml(readFileSync(SEED_DATA + file, 'utf8'))
      : file.endsWith('.mrc')
        ? readIso2709(readFileSync(SEED_DATA + file))
        : [];
    for (const item of items) if (item.kind === 'record') records.push(item.record);
  }
  for (let n = 1; n <= 300; n++) records.push(generateRecord(n));
  return [...records, ...specialRecords()];
}

/** The Library of Congress record for Carl Sandburg's "Arithmetic" (seed/data). */
const sandburg = (() => {
  const [item] = readMarcXml(readFileSync(SEED_DATA + 'lc-collection-sandburg-1.xml', 'utf8'));
  if (item?.kind !== 'record') throw new Error('no record');
  return item.record;
})();

const field = (view: ReturnType<typeof marcView>, tag: string) => view.campos.find((c) => c.tag === tag)!;

describe('marcView labels in the call’s language', () => {
  it('labels a real record in Portuguese, Spanish and English', () => {
    const inPt = marcView(sandburg, 'bibliographic', 'pt');
    expect(field(inPt, '245')).toMatchObject({
      rotulo: 'Título principal',
      subcampos: [
        { codigo: 'a', valor: 'Arithmetic /', rotulo: 'Título' },
        { codigo: 'c', rotulo: 'Indicação de responsabilidade, etc.' },
      ],
    });
    expect(field(inPt, '260').rotulo).toBe('Imprenta');
    expect(field(inPt, '300').rotulo).toBe('Descrição física');
    expect(field(inPt, '650').subcampos[0]!.rotulo).toBe('Termo tópico ou nome geográfico como elemento de entrada');

    const inEs = marcView(sandburg, 'bibliographic', 'es');
    expect(field(inEs, '245')).toMatchObject({
      rotulo: 'Mención de título',
      subcampos: [{ rotulo: 'Título' }, { rotulo: 'Mención de responsabilidad, etc.' }],
    });
    expect(field(inEs, '100').rotulo).toBe('Punto de acceso principal - Nombre de persona');
    expect(field(inEs, '650').rotulo).toBe('Punto de acceso adicional de materia - Término de materia');

    const inEn = marcView(sandburg, 'bibliographic', 'en');
    expect(field(inEn, '245')).toMatchObject({ rotulo: 'Title Statement', subcampos: [{ rotulo: 'Title' }, { rotulo: 'Statement of responsibility, etc.' }] });
    expect(field(inEn, '008').rotulo).toBe('General Information');
  });

  it('falls back to the English label for a field or subfield the translation lacks, and to none only where English has none', () => {
    expect(pt.fields['340']).toBeUndefined();
    const record: MarcRecord = {
      leader: sandburg.leader,
      fields: [
        { tag: '340', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'paper' }] },
        { tag: '999', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'local' }] },
      ],
    };
    for (const language of LANGUAGES) {
      const view = marcView(record, 'bibliographic', language);
      expect(field(view, '340')).toMatchObject({ rotulo: 'Physical Medium', subcampos: [{ rotulo: 'Material base and configuration' }] });
      expect(field(view, '999')).toMatchObject({ rotulo: null, subcampos: [{ rotulo: null }] });
    }
  });

  it('labels authority headings, references and notes in each language', () => {
    const record: MarcRecord = {
      leader: '00000nz  a2200000n  4500',
      fields: [
        { tag: '001', value: 'n-1' },
        { tag: '100', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: 'Freire, Paulo' }] },
        { tag: '400', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: 'Freire, Paulo Reglus Neves' }] },
        { tag: '670', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'Pedagogia do oprimido' }] },
      ],
    };
    const labels = (language: (typeof LANGUAGES)[number]) => marcView(record, 'authority', language).campos.map((c) => c.rotulo);
    expect(labels('pt')).toEqual(['Número de controle', 'Cabeçalho - Nome pessoal', 'Remissiva ver - Nome pessoal', 'Fonte de dados encontrada']);
    expect(labels('es')).toEqual([
      'Número de control',
      'Punto de acceso autorizado - Nombre de persona',
      'Punto de acceso variante - Nombre de persona',
      'Fuente de datos encontrada',
    ]);
    expect(labels('en')).toEqual(['Control Number', 'Heading - Personal Name', 'See From Tracing - Personal Name', 'Source Data Found']);
  });
});

describe('the Portuguese and Spanish label tables', () => {
  const keys = (t: Translation) => ({
    fields: Object.fromEntries(Object.entries(t.fields).map(([tag, f]) => [tag, Object.keys(f.subfields).sort()])),
    authority: Object.keys(t.authority).sort(),
  });

  it('cover the same fields, subfields and authority tags', () => {
    expect(keys(es)).toEqual(keys(pt));
    for (const t of [pt, es]) {
      for (const f of Object.values(t.fields)) {
        expect(f.label).not.toBe('');
        for (const label of Object.values(f.subfields)) expect(label).not.toBe('');
      }
    }
  });

  it('translate every authority label that English has', () => {
    const tags = Array.from({ length: 900 }, (_, i) => String(i + 100));
    const record: MarcRecord = { leader: '00000nz  a2200000n  4500', fields: tags.map((tag) => ({ tag, ind1: ' ', ind2: ' ', subfields: [] })) };
    const labelled = marcView(record, 'authority', 'en').campos.filter((c) => c.rotulo !== null);
    expect(labelled.length).toBeGreaterThan(30);
    for (const c of labelled) expect(pt.authority[c.tag], c.tag).toBeDefined();
  });

  it('translate the most used fields and every field of the demo records, with all their subfields', () => {
    const MOST_USED =
      '001 003 005 006 007 008 010 020 022 024 028 035 040 041 043 050 080 082 090 100 110 111 130 240 245 246 250 260 264 300 336 337 338 362 490 500 502 504 505 506 520 521 533 538 546 588 600 610 611 630 648 650 651 653 655 700 710 711 730 740 773 776 800 830 856 880';
    const seeded = new Set(seedRecords().flatMap((r) => (r.leader[6] === 'z' ? [] : r.fields.map((f) => f.tag))));
    const tags = new Set([...MOST_USED.split(' '), ...[...seeded].filter((tag) => english.fields[tag])]);
    for (const tag of tags) {
      expect(pt.fields[tag], tag).toBeDefined();
      expect(Object.keys(pt.fields[tag]!.subfields), tag).toEqual(expect.arrayContaining(Object.keys(english.fields[tag]?.subfields ?? {})));
    }
  });
});
