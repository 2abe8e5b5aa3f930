import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chopPunctuation, type DcElement, toDublinCore } from './dublin-core.js';
import { readMarcXml } from './marcxml.js';
import { dataFields, type MarcRecord, subfieldValues } from './record.js';

/** The Library of Congress stylesheet as Debian ships it (package libyaz-dev; .ci/run installs it). */
const STYLESHEET = '/usr/share/yaz/etc/MARC21slim2DC.xsl';
const FILES = ['lc-collection-opera-43.xml', 'lc-collection-2.xml', 'lc-collection-sandburg-1.xml', 'melinda-100.marcxml.xml'];

const path = (file: string) => fileURLToPath(new URL(`../seed/data/${file}`, import.meta.url));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return ENTITIES[e]!;
  });

/** One element of the stylesheet's output. */
interface Oracle {
  element: string;
  attrs: string;
  value: string;
}

/**
 * The elements of each record from xsltproc's output, in Unicode NFC (the reader composes
 * characters); empty elements (a field without the subfield) are dropped. The stylesheet's
 * `value-of .` keeps the XML's own formatting white space between subfields, so values are
 * compared without white space.
 */
function oracle(file: string): Oracle[][] {
  const xml = execFileSync('xsltproc', [STYLESHEET, path(file)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return [...xml.matchAll(/<dc:dc[^>]*>([\s\S]*?)<\/dc:dc>/g)].map(([, body]) =>
    [...body!.matchAll(/<dc:(\w+)((?:\s+\w+="[^"]*")*)\s*(?:\/>|>([\s\S]*?)<\/dc:\1>)/g)]
      .map(([, element, attrs, value]) => ({
        element: element!,
        attrs: (attrs ?? '').trim().split(/\s+/).filter(Boolean).sort().join(' '),
        value: unescape(value ?? '').normalize('NFC'),
      }))
      .filter((e) => e.value.trim() !== ''),
  );
}

/** Each record of a file and its Dublin Core by toDublinCore. */
function ours(file: string): { record: MarcRecord; dc: DcElement[] }[] {
  return [...readMarcXml(readFileSync(path(file), 'utf8'))].flatMap((item) =>
    item.kind === 'record' ? [{ record: item.record, dc: toDublinCore(item.record) }] : [],
  );
}

/** The elements whose trailing ISBD punctuation the crosswalk removes (toDublinCore's comment). */
const CHOPPED = new Set(['title', 'creator', 'type', 'publisher', 'date', 'subject', 'coverage']);
const attributes = (e: DcElement) =>
  Object.entries(e.atributos)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(' ');
const bare = (value: string) => value.normalize('NFC').replace(/\s+/g, '');
const line = (element: string, attrs: string, value: string) => `${element}|${attrs}|${bare(value)}`;
/** A note as the de-duplication sees it: no white space, no case, no final stop. */
const noteKey = (value: string) => bare(value).toLowerCase().replace(/\.$/, '');
const has = (record: MarcRecord, tag: string, code: string, ind2?: string) =>
  dataFields(record, tag).some((f) => (ind2 === undefined || f.ind2 === ind2) && f.subfields.some((s) => s.code === code && s.value.trim() !== ''));

/** A record as a cataloguer writes it: 008 with a year, and data fields `[tag, ind1, ind2, [[code, value]…]]`. */
function record(year: string, ...fields: [string, string, string, [string, string][]][]): MarcRecord {
  return {
    leader: '00000nam a2200000 i 4500',
    fields: [
      { tag: '001', value: 'dc-test' },
      { tag: '008', value: `200101s${year}    bl            000 0 por d` },
      ...fields.map(([tag, ind1, ind2, subfields]) => ({ tag, ind1, ind2, subfields: subfields.map(([code, value]) => ({ code, value })) })),
    ],
  };
}
const elements = (r: MarcRecord, ...names: DcElement['elemento'][]) =>
  toDublinCore(r).flatMap((e) => (names.includes(e.elemento) ? [[e.elemento, e.valor]] : []));

describe('toDublinCore', () => {
  it('needs the Library of Congress stylesheet (Debian libyaz-dev) and xsltproc to check against', () => {
    expect(existsSync(STYLESHEET), `${STYLESHEET} missing: apt-get install libyaz-dev xsltproc`).toBe(true);
  });

  for (const file of FILES) {
    it(`agrees with xsltproc ${STYLESHEET.split('/').pop()} on every record of ${file} wherever both follow the crosswalk`, () => {
      const expected = oracle(file);
      const actual = ours(file);
      expect(actual.length).toBeGreaterThan(0);
      expect(actual).toHaveLength(expected.length);
      actual.forEach(({ record, dc }, i) => {
        const where = `record ${i + 1} of ${file}`;
        const stylesheet = expected[i]!;
        // The stylesheet reads 260 only: a date from 264 or 008, a publisher from 264, are ours alone.
        const sameRule = (element: string) =>
          !['description', 'identifier'].includes(element) &&
          !(element === 'date' && !has(record, '260', 'c')) &&
          !(element === 'publisher' && has(record, '264', 'b', '1'));
        expect(
          dc.filter((e) => sameRule(e.elemento)).map((e) => line(e.elemento, attributes(e), e.valor)),
          where,
        ).toEqual(
          stylesheet.filter((e) => sameRule(e.element)).map((e) => line(e.element, e.attrs, CHOPPED.has(e.element) ? chopPunctuation(e.value) : e.value)),
        );
        // Notes: the stylesheet's (520 and 521 twice, 501–599) and the 500s it skips, each text once.
        const notes = [
          ...stylesheet.filter((e) => e.element === 'description').map((e) => e.value),
          ...dataFields(record, '500').map((f) => subfieldValues(f, 'a')[0] ?? ''),
        ];
        const ourNotes = dc.filter((e) => e.elemento === 'description').map((e) => noteKey(e.valor));
        expect(new Set(ourNotes).size, where).toBe(ourNotes.length);
        expect([...ourNotes].sort(), where).toEqual([...new Set(notes.filter((n) => n.trim() !== '').map(noteKey))].sort());
        // 856 $u as the stylesheet; the ISBN and ISSN (not read by it) are checked below.
        const addresses = dc.filter((e) => e.elemento === 'identifier' && !e.valor.startsWith('URN:')).map((e) => bare(e.valor));
        expect(addresses, where).toEqual(stylesheet.filter((e) => e.element === 'identifier').map((e) => bare(e.value)));
      });
    });
  }

  it('gives every ISBN (020 $a) and ISSN (022 $a) of the real records as a URN identifier', () => {
    const all = FILES.flatMap(ours);
    let isbns = 0;
    for (const { record, dc } of all) {
      const identifiers = dc.filter((e) => e.elemento === 'identifier').map((e) => e.valor);
      for (const f of dataFields(record, '020')) {
        const written = subfieldValues(f, 'a')[0];
        if (!written) continue;
        isbns++;
        const digits = written.replace(/[\s(:].*$/, '').replace(/-/g, '');
        expect(identifiers).toContain(`URN:ISBN:${digits}`);
      }
    }
    expect(isbns).toBeGreaterThan(10);
  });

  it('maps a known record field by field', () => {
    const [item] = [...readMarcXml(readFileSync(path('lc-collection-2.xml'), 'utf8'))];
    if (item?.kind !== 'record') throw new Error('no record');
    const dc = toDublinCore(item.record);
    expect(dc.filter((e) => e.elemento !== 'description')).toEqual([
      { elemento: 'title', valor: 'The Great Ray Charles [sound recording]', atributos: {} },
      { elemento: 'creator', valor: 'Charles, Ray, 1930- prf', atributos: {} },
      { elemento: 'type', valor: 'sound recording', atributos: {} },
      { elemento: 'publisher', valor: 'New York, N.Y. : Atlantic', atributos: {} },
      { elemento: 'date', valor: '[1957?]', atributos: {} },
      { elemento: 'language', valor: 'eng', atributos: {} },
      { elemento: 'subject', valor: 'Jazz', atributos: {} },
      { elemento: 'subject', valor: 'Piano with jazz ensemble', atributos: {} },
    ]);
  });

  it("reads an RDA record: publisher and date of 264's publication statement, ISBN and ISSN, no ISBD punctuation", () => {
    const rda = record(
      '2019',
      [
        '020',
        ' ',
        ' ',
        [
          ['a', '978-85-7164-007-3 (broch.)'],
          ['q', 'broch.'],
        ],
      ],
      ['020', ' ', ' ', [['z', '8571640076']]],
      ['022', '0', ' ', [['a', '00347000']]],
      [
        '100',
        '1',
        ' ',
        [
          ['a', 'Freire, Paulo,'],
          ['d', '1921-1997.'],
        ],
      ],
      [
        '245',
        '1',
        '0',
        [
          ['a', 'Pedagogia da autonomia :'],
          ['b', 'saberes necessários à prática educativa /'],
          ['c', 'Paulo Freire.'],
        ],
      ],
      [
        '264',
        ' ',
        '1',
        [
          ['a', 'São Paulo :'],
          ['b', 'Paz e Terra,'],
          ['c', '2019.'],
        ],
      ],
      [
        '264',
        ' ',
        '2',
        [
          ['a', 'Rio de Janeiro :'],
          ['b', 'Distribuidora Record,'],
          ['c', '2020.'],
        ],
      ],
      ['264', ' ', '4', [['c', '©2018']]],
      ['650', ' ', '4', [['a', 'Educação.']]],
    );
    expect(elements(rda, 'title', 'creator', 'publisher', 'date', 'subject', 'identifier')).toEqual([
      ['title', 'Pedagogia da autonomia : saberes necessários à prática educativa'],
      ['creator', 'Freire, Paulo, 1921-1997'],
      ['publisher', 'Paz e Terra'],
      ['date', '2019'],
      ['subject', 'Educação'],
      ['identifier', 'URN:ISBN:9788571640073'],
      ['identifier', 'URN:ISSN:0034-7000'],
    ]);
  });

  it('dates a record by 260 $c, else 264 (publication, production, copyright…), else the year of 008/07-10', () => {
    const date = (r: MarcRecord) => elements(r, 'date').map(([, v]) => v);
    expect(
      date(
        record('1987', [
          '260',
          ' ',
          ' ',
          [
            ['a', 'Rio de Janeiro :'],
            ['b', 'Paz e Terra,'],
            ['c', '1987.'],
          ],
        ]),
      ),
    ).toEqual(['1987']);
    expect(date(record('2015', ['264', ' ', '4', [['c', '©2015']]], ['264', ' ', '3', [['c', '2016']]]))).toEqual(['©2015']);
    expect(
      date(
        record('1998', [
          '264',
          ' ',
          '0',
          [
            ['a', 'Florianópolis,'],
            ['c', '1998.'],
          ],
        ]),
      ),
    ).toEqual(['1998']);
    expect(
      date(
        record('2003', [
          '264',
          ' ',
          '1',
          [
            ['a', 'Brasília :'],
            ['b', 'Senado,'],
          ],
        ]),
      ),
    ).toEqual(['2003']);
    expect(date(record('uuuu', ['264', ' ', '1', [['b', 'Senado']]]))).toEqual([]);
  });

  it('names a publisher only where the record has one: 260 $a $b, or $b of 264 ind. 2 = 1', () => {
    const publisher = (r: MarcRecord) => elements(r, 'publisher').map(([, v]) => v);
    expect(
      publisher(
        record('2001', [
          '264',
          ' ',
          '1',
          [
            ['a', 'Brasília, DF,'],
            ['c', '2001.'],
          ],
        ]),
      ),
    ).toEqual([]);
    expect(
      publisher(
        record('2001', [
          '264',
          ' ',
          '0',
          [
            ['a', 'Florianópolis :'],
            ['b', 'Arquivo Central,'],
            ['c', '2001.'],
          ],
        ]),
      ),
    ).toEqual([]);
    expect(
      publisher(
        record('2001', [
          '264',
          ' ',
          '1',
          [
            ['a', 'Lisboa :'],
            ['b', 'Edições 70 ;'],
            ['a', 'Porto :'],
            ['b', 'Porto Editora,'],
            ['c', '2001.'],
          ],
        ]),
      ),
    ).toEqual(['Edições 70', 'Porto Editora']);
  });

  it('describes with each note of 500–599 once: not 520 twice, not the same text in 500 and 520', () => {
    const notes = record(
      '2010',
      ['500', ' ', ' ', [['a', 'Inclui bibliografia.']]],
      ['504', ' ', ' ', [['a', 'Bibliografia: p. 201-210.']]],
      ['506', ' ', ' ', [['a', 'Acesso livre.']]],
      ['520', ' ', ' ', [['a', 'Estudo da educação popular no Brasil.']]],
      ['521', ' ', ' ', [['a', 'Estudantes de graduação.']]],
      ['590', ' ', ' ', [['a', 'Estudo da educação  popular no Brasil']]],
    );
    expect(elements(notes, 'description').map(([, v]) => v)).toEqual([
      'Inclui bibliografia.',
      'Bibliografia: p. 201-210.',
      'Estudo da educação popular no Brasil.',
      'Estudantes de graduação.',
    ]);
  });
});

describe('chopPunctuation', () => {
  it.each([
    ['Pedagogia do oprimido /', 'Pedagogia do oprimido'],
    ['Vidas secas :', 'Vidas secas'],
    ['Dom Casmurro ; Memórias póstumas =', 'Dom Casmurro ; Memórias póstumas'],
    ['New York, N.Y. : Atlantic,', 'New York, N.Y. : Atlantic'],
    ['Freire, Paulo, 1921-1997.', 'Freire, Paulo, 1921-1997'],
    ['1987.', '1987'],
    ['[1957?]', '[1957?]'],
    ['Educação.', 'Educação'],
    ['Smith, J.', 'Smith, J.'],
    ['Washington, D.C.', 'Washington, D.C.'],
    ['Little, Brown and Co.', 'Little, Brown and Co.'],
    ['Contos, crônicas, etc.', 'Contos, crônicas, etc.'],
    ['E o vento levou...', 'E o vento levou...'],
    ['  Título  /  ', 'Título'],
  ])('%j → %j', (written, chopped) => {
    expect(chopPunctuation(written)).toBe(chopped);
  });
});
