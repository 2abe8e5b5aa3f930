import type { DC_ELEMENTS } from '@estante/contracts/catalog';
import { controlValue, type DataField, isDataField, type MarcRecord } from './record.js';

export interface DcElement {
  elemento: (typeof DC_ELEMENTS)[number];
  valor: string;
  atributos: Record<string, string>;
}

/**
 * MARC 21 → simple Dublin Core by the Library of Congress "MARC to Dublin Core Crosswalk"
 * (marc2dc.html, revised 2008), read for RDA records too (decision 0049). Its stylesheet,
 * MARC21slim2DC.xsl, still applies the rules of 2001–2004: where they agree, this follows the
 * stylesheet rule for rule and in its order (`dublin-core.test.ts` holds the two together on
 * real records); where the stylesheet falls short of the crosswalk it is left:
 *
 * - title 245 abfghk; creator 100/110/111/700/710/711/720 in record order (the stylesheet's
 *   element; harvesters read authors there); type from leader/06 (with collection / manuscript
 *   marks) and 655; subject 600, 610, 611, 630, 650, 653 (abcdq), tag group by tag group;
 *   coverage 752 abcd; relation 530 abcdu (type original) and 760–787 ot; rights 506 a, 540 a;
 *   language 008/35-37; format 856 q — as the stylesheet.
 * - publisher 260 ab, and RDA's 264 with second indicator 1 (publication): each $b, the
 *   publisher itself (a 264 without $b names no publisher; production, distribution,
 *   manufacture and copyright statements are not publication).
 * - date 260 c; without one, the 264 $c of publication, else production (an unpublished
 *   resource), else copyright, distribution, manufacture; without any, 008/07-10 when it is a
 *   year (the crosswalk's other source of the date).
 * - description 500–599 $a but 506, 530, 540, 546, in record order, each text once (the
 *   stylesheet reads 520 and 521 twice and 500 never).
 * - identifier 856 u, then 020 $a as `URN:ISBN:` and 022 $a as `URN:ISSN:` (RFC 3187, RFC 3044;
 *   the form LoC's own MARC21slim2OAIDC.xsl writes for the ISBN).
 *
 * Values are the selected subfields joined by a space; titles, names, publishers, dates,
 * subjects, genres and places lose their trailing ISBD punctuation (`chopPunctuation`): a
 * harvester shows "Pedagogia do oprimido", not "Pedagogia do oprimido /". Notes and rights are
 * sentences and keep theirs. The stylesheet writes empty elements where a field lacks the
 * subfield; those are left out here.
 */
export function toDublinCore(record: MarcRecord): DcElement[] {
  const out: DcElement[] = [];
  const fields = record.fields.filter(isDataField);
  const byTag = (...tags: string[]) => fields.filter((f) => tags.includes(f.tag));
  const add = (elemento: DcElement['elemento'], valor: string | undefined, atributos: Record<string, string> = {}) => {
    if (valor !== undefined && valor.trim() !== '') out.push({ elemento, valor, atributos });
  };
  const addChopped = (elemento: DcElement['elemento'], valor: string | undefined) => add(elemento, valor === undefined ? undefined : chopPunctuation(valor));
  const leader6 = record.leader.charAt(6);
  const leader7 = record.leader.charAt(7);
  const publication = byTag('264').filter((f) => f.ind2 === '1');

  for (const f of byTag('245')) addChopped('title', select(f, 'abfghk'));
  for (const f of byTag('100', '110', '111', '700', '710', '711', '720')) addChopped('creator', all(f));
  const typeAttributes: Record<string, string> = {};
  if (leader7 === 'c') typeAttributes.collection = 'yes';
  if ('dfpt'.includes(leader6) && leader6 !== '') typeAttributes.manuscript = 'yes';
  add('type', RESOURCE_TYPES[leader6], typeAttributes);
  for (const f of byTag('655')) addChopped('type', all(f));
  for (const f of byTag('260')) addChopped('publisher', select(f, 'ab'));
  for (const f of publication) for (const s of f.subfields) if (s.code === 'b') addChopped('publisher', s.value);
  for (const date of dates(record, fields)) addChopped('date', date);
  add('language', (controlValue(record, '008') ?? '').substring(35, 38));
  for (const f of byTag('856')) for (const s of f.subfields) if (s.code === 'q') add('format', s.value);
  const described = new Set<string>();
  for (const f of fields) {
    const tag = Number(f.tag);
    if (!(tag >= 500 && tag <= 599) || [506, 530, 540, 546].includes(tag)) continue;
    const note = first(f, 'a');
    const key = note === undefined ? '' : chopPunctuation(note).replace(/\s+/g, ' ').toLowerCase();
    if (key === '' || described.has(key)) continue;
    described.add(key);
    add('description', note);
  }
  for (const tag of ['600', '610', '611', '630', '650', '653']) for (const f of byTag(tag)) addChopped('subject', select(f, 'abcdq'));
  for (const f of byTag('752')) addChopped('coverage', select(f, 'abcd'));
  for (const f of byTag('530')) add('relation', select(f, 'abcdu'), { type: 'original' });
  for (const f of byTag(...RELATION_TAGS)) add('relation', select(f, 'ot'));
  for (const f of byTag('856')) add('identifier', first(f, 'u'));
  for (const f of byTag('020')) add('identifier', prefixed('URN:ISBN:', isbn(first(f, 'a'))));
  for (const f of byTag('022')) add('identifier', prefixed('URN:ISSN:', issn(first(f, 'a'))));
  for (const f of byTag('506')) add('rights', first(f, 'a'));
  for (const f of byTag('540')) add('rights', first(f, 'a'));
  return out;
}

/** 264's second indicator after publication (1), in the order a date stands in for it. */
const DATE_STATEMENTS = ['0', '4', '2', '3'];

/** The record's dates: 260 $c, else a 264's (see toDublinCore), else the year of 008/07-10. */
function dates(record: MarcRecord, fields: DataField[]): string[] {
  const of = (list: DataField[]) => list.flatMap((f) => f.subfields.filter((s) => s.code === 'c' && s.value.trim() !== '').map((s) => s.value));
  const imprint = of(fields.filter((f) => f.tag === '260'));
  if (imprint.length > 0) return imprint;
  for (const ind2 of ['1', ...DATE_STATEMENTS]) {
    const statement = of(fields.filter((f) => f.tag === '264' && f.ind2 === ind2));
    if (statement.length > 0) return statement;
  }
  const year = (controlValue(record, '008') ?? '').substring(7, 11);
  return /^\d{4}$/.test(year) ? [year] : [];
}

/**
 * A value without the ISBD punctuation that ends it in MARC: a closing " /", " :", " ;", " =",
 * "," and a final full stop — but not the stop of an initial or abbreviation ("Smith, J.",
 * "N.Y.", "Inc.", "etc.") nor an ellipsis. "Pedagogia do oprimido /" → "Pedagogia do oprimido",
 * "New York, N.Y. : Atlantic," → "New York, N.Y. : Atlantic", "1987." → "1987".
 */
export function chopPunctuation(value: string): string {
  let text = value.trim();
  for (;;) {
    const shorter = text.replace(/\s*[/:;=,]$/u, '').trimEnd();
    if (shorter === text) break;
    text = shorter;
  }
  if (text.endsWith('.') && !text.endsWith('..')) {
    const lastWord = /(?:^|[\s([-])([^\s([-]+)$/u.exec(text)?.[1] ?? text;
    if (!/^(?:\p{L}\.)+$/u.test(lastWord) && !ABBREVIATIONS.has(lastWord.toLowerCase())) text = text.slice(0, -1).trimEnd();
  }
  return text;
}

/** Words whose final stop is their own, not ISBD's (names, places, publishers, dates). */
const ABBREVIATIONS = new Set([
  'etc.',
  'inc.',
  'ltd.',
  'ltda.',
  'co.',
  'corp.',
  'cia.',
  'jr.',
  'sr.',
  'ed.',
  'eds.',
  'ca.',
  'pr.',
  'dept.',
  'univ.',
  'col.',
  'ord.',
]);

/** The ISBN a 020 $a begins with ("0152038655 :", "951-8915-91-1"), digits only; undefined when it is none. */
function isbn(value: string | undefined): string | undefined {
  const digits = /^[\dXx][\dXx -]*/u
    .exec(value?.trim() ?? '')?.[0]
    .replace(/[ -]/g, '')
    .toUpperCase();
  return digits && /^(?:\d{9}[\dX]|\d{13})$/.test(digits) ? digits : undefined;
}

/** The ISSN of a 022 $a in its written form, NNNN-NNNC; undefined when it is none. */
function issn(value: string | undefined): string | undefined {
  const match = /^(\d{4})-?(\d{3}[\dXx])\b/u.exec(value?.trim() ?? '');
  return match ? `${match[1]}-${match[2]!.toUpperCase()}` : undefined;
}

const prefixed = (prefix: string, value: string | undefined) => (value === undefined ? undefined : `${prefix}${value}`);

const RESOURCE_TYPES: Record<string, string> = {
  a: 'text',
  t: 'text',
  e: 'cartographic',
  f: 'cartographic',
  c: 'notated music',
  d: 'notated music',
  i: 'sound recording',
  j: 'sound recording',
  k: 'still image',
  g: 'moving image',
  r: 'three dimensional object',
  m: 'software, multimedia',
  p: 'mixed material',
};

const RELATION_TAGS = ['760', '762', '765', '767', '770', '772', '773', '774', '775', '776', '777', '780', '785', '786', '787'];

function select(field: DataField, codes: string): string {
  return field.subfields
    .filter((s) => codes.includes(s.code))
    .map((s) => s.value)
    .join(' ');
}

function all(field: DataField): string {
  return field.subfields.map((s) => s.value).join(' ');
}

function first(field: DataField, code: string): string | undefined {
  return field.subfields.find((s) => s.code === code)?.value;
}
