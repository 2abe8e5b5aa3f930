import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A Koha item as its 952 carries it (Koha's MARC 21 default framework: subfield → items column). */
export interface KohaItem {
  /** $a homebranch */
  homebranch: string;
  /** $b holdingbranch */
  holdingbranch?: string;
  /** $c location (shelving) */
  location?: string;
  /** $d dateaccessioned */
  dateaccessioned?: string;
  /** $g price */
  price?: string;
  /** $h enumchron */
  enumchron?: string;
  /** $o itemcallnumber */
  itemcallnumber?: string;
  /** $p barcode */
  barcode?: string;
  /** $t copynumber */
  copynumber?: string;
  /** $y itype */
  itype?: string;
  /** $z public note */
  publicnote?: string;
  /** $8 ccode */
  ccode?: string;
  /** $0 withdrawn */
  withdrawn?: string;
  /** $1 itemlost */
  itemlost?: string;
  /** $4 damaged */
  damaged?: string;
  /** $5 restricted */
  restricted?: string;
  /** $7 notforloan */
  notforloan?: string;
  /** $2 cn_source */
  cnSource?: string;
}

const CODES: [keyof KohaItem, string][] = [
  ['withdrawn', '0'],
  ['itemlost', '1'],
  ['cnSource', '2'],
  ['damaged', '4'],
  ['restricted', '5'],
  ['notforloan', '7'],
  ['ccode', '8'],
  ['homebranch', 'a'],
  ['holdingbranch', 'b'],
  ['location', 'c'],
  ['dateaccessioned', 'd'],
  ['price', 'g'],
  ['enumchron', 'h'],
  ['itemcallnumber', 'o'],
  ['barcode', 'p'],
  ['copynumber', 't'],
  ['itype', 'y'],
  ['publicnote', 'z'],
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A 952 datafield, in MARCXML, as Koha exports it. */
export function kohaItemField(item: KohaItem): string {
  const subfields = CODES.filter(([key]) => item[key] !== undefined).map(([key, code]) => `<subfield code="${code}">${escape(item[key]!)}</subfield>`);
  return `<datafield tag="952" ind1=" " ind2=" ">${subfields.join('')}</datafield>`;
}

const data = (name: string) => readFileSync(fileURLToPath(new URL(`../src/seed/data/${name}`, import.meta.url)), 'utf8');

/** The records of a MARCXML file, as text, without a namespace prefix. */
function records(xml: string): string[] {
  return [...xml.matchAll(/<(?:\w+:)?record[ >][\s\S]*?<\/(?:\w+:)?record>/g)].map(([r]) => r.replace(/<(\/?)marc:/g, '<$1'));
}

/** `count` real bibliographic records (Library of Congress and Melinda, from the seed's data), as MARCXML records. */
export function realRecords(count: number): string[] {
  const all = [...records(data('lc-collection-2.xml')), ...records(data('lc-collection-sandburg-1.xml')), ...records(data('melinda-100.marcxml.xml'))];
  if (count > all.length) throw new Error(`only ${all.length} real records`);
  return all.slice(0, count);
}

/** The control number (001) of a MARCXML record. */
export function controlNumberOf(record: string): string {
  return /<controlfield tag="001">([^<]*)<\/controlfield>/.exec(record)![1]!.trim();
}

/** A MARCXML collection of `records`, each given the 952 items `items` names for it. */
export function kohaExport(recordsWithItems: { record: string; items: KohaItem[] }[]): string {
  const body = recordsWithItems.map(({ record, items }) => record.replace(/<\/record>$/, `${items.map(kohaItemField).join('')}</record>`));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n${body.join('\n')}\n</collection>\n`;
}
