import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toDublinCore } from './dublin-core.js';
import { readMarcXml } from './marcxml.js';

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

/**
 * One list of `element|attributes|value` per record from xsltproc's output. The stylesheet's
 * `value-of .` keeps the XML's own formatting white space between subfields, so values are
 * compared without white space and in Unicode NFC (the reader composes characters); empty elements (a field without the subfield) are dropped.
 */
function oracle(file: string): string[][] {
  const xml = execFileSync('xsltproc', [STYLESHEET, path(file)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return [...xml.matchAll(/<dc:dc[^>]*>([\s\S]*?)<\/dc:dc>/g)].map(([, body]) =>
    [...body!.matchAll(/<dc:(\w+)((?:\s+\w+="[^"]*")*)\s*(?:\/>|>([\s\S]*?)<\/dc:\1>)/g)]
      .map(([, element, attrs, value]) => ({
        element: element!,
        attrs: (attrs ?? '').trim().split(/\s+/).filter(Boolean).sort().join(' '),
        value: unescape(value ?? ''),
      }))
      .filter((e) => e.value.trim() !== '')
      .map((e) => `${e.element}|${e.attrs}|${e.value.normalize('NFC').replace(/\s+/g, '')}`),
  );
}

function ours(file: string): string[][] {
  return [...readMarcXml(readFileSync(path(file), 'utf8'))].flatMap((item) =>
    item.kind === 'record'
      ? [
          toDublinCore(item.record).map(
            (e) =>
              `${e.elemento}|${Object.entries(e.atributos)
                .map(([k, v]) => `${k}="${v}"`)
                .sort()
                .join(' ')}|${e.valor.replace(/\s+/g, '')}`,
          ),
        ]
      : [],
  );
}

describe('toDublinCore', () => {
  it('needs the Library of Congress stylesheet (Debian libyaz-dev) and xsltproc to check against', () => {
    expect(existsSync(STYLESHEET), `${STYLESHEET} missing: apt-get install libyaz-dev xsltproc`).toBe(true);
  });

  for (const file of FILES) {
    it(`agrees with xsltproc ${STYLESHEET.split('/').pop()} on every record of ${file}`, () => {
      const expected = oracle(file);
      const actual = ours(file);
      expect(actual.length).toBeGreaterThan(0);
      expect(actual).toHaveLength(expected.length);
      actual.forEach((record, i) => expect(record, `record ${i + 1} of ${file}`).toEqual(expected[i]));
    });
  }

  it('maps a known record field by field', () => {
    const [item] = [...readMarcXml(readFileSync(path('lc-collection-2.xml'), 'utf8'))];
    if (item?.kind !== 'record') throw new Error('no record');
    const dc = toDublinCore(item.record);
    expect(dc.filter((e) => e.elemento !== 'description')).toEqual([
      { elemento: 'title', valor: 'The Great Ray Charles [sound recording].', atributos: {} },
      { elemento: 'creator', valor: 'Charles, Ray, 1930- prf', atributos: {} },
      { elemento: 'type', valor: 'sound recording', atributos: {} },
      { elemento: 'publisher', valor: 'New York, N.Y. : Atlantic,', atributos: {} },
      { elemento: 'date', valor: '[1957?]', atributos: {} },
      { elemento: 'language', valor: 'eng', atributos: {} },
      { elemento: 'subject', valor: 'Jazz', atributos: {} },
      { elemento: 'subject', valor: 'Piano with jazz ensemble.', atributos: {} },
    ]);
  });
});
