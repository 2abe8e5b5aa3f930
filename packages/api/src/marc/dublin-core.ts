import type { DC_ELEMENTS } from '@estante/contracts/catalog';
import { controlValue, type DataField, isDataField, type MarcRecord } from './record.js';

export interface DcElement {
  elemento: (typeof DC_ELEMENTS)[number];
  valor: string;
  atributos: Record<string, string>;
}

/**
 * MARC 21 → simple Dublin Core by the Library of Congress crosswalk, rule for rule as its
 * stylesheet (MARC21slim2DC.xsl, shipped by Debian's yaz) applies them, in the same order:
 * title 245 abfghk; creator 100/110/111/700/710/711/720 in record order; type from leader/06
 * (with collection / manuscript marks) and 655; publisher 260 ab; date 260 c; language 008/35-37;
 * format 856 q; description 520 a, 521 a, then 501–599 a but 506/530/540/546 (so 520 twice, as
 * the stylesheet does); subject 600, 610, 611, 630, 650, 653 (abcdq), tag group by tag group;
 * coverage 752 abcd; relation 530 abcdu (type original) and 760–787 ot; identifier 856 u;
 * rights 506 a, 540 a. Values are the selected subfields joined by a space. The stylesheet
 * writes empty elements where a field lacks the subfield; those are left out here.
 * `dublin-core.test.ts` checks agreement with xsltproc on the real records.
 */
export function toDublinCore(record: MarcRecord): DcElement[] {
  const out: DcElement[] = [];
  const fields = record.fields.filter(isDataField);
  const byTag = (...tags: string[]) => fields.filter((f) => tags.includes(f.tag));
  const add = (elemento: DcElement['elemento'], valor: string | undefined, atributos: Record<string, string> = {}) => {
    if (valor !== undefined && valor.trim() !== '') out.push({ elemento, valor, atributos });
  };
  const leader6 = record.leader.charAt(6);
  const leader7 = record.leader.charAt(7);

  for (const f of byTag('245')) add('title', select(f, 'abfghk'));
  for (const f of byTag('100', '110', '111', '700', '710', '711', '720')) add('creator', all(f));
  const typeAttributes: Record<string, string> = {};
  if (leader7 === 'c') typeAttributes.collection = 'yes';
  if ('dfpt'.includes(leader6) && leader6 !== '') typeAttributes.manuscript = 'yes';
  add('type', RESOURCE_TYPES[leader6], typeAttributes);
  for (const f of byTag('655')) add('type', all(f));
  for (const f of byTag('260')) add('publisher', select(f, 'ab'));
  for (const f of byTag('260')) for (const s of f.subfields) if (s.code === 'c') add('date', s.value);
  add('language', (controlValue(record, '008') ?? '').substring(35, 38));
  for (const f of byTag('856')) for (const s of f.subfields) if (s.code === 'q') add('format', s.value);
  for (const f of byTag('520')) add('description', first(f, 'a'));
  for (const f of byTag('521')) add('description', first(f, 'a'));
  for (const f of fields) {
    const tag = Number(f.tag);
    if (tag > 500 && tag <= 599 && ![506, 530, 540, 546].includes(tag)) add('description', first(f, 'a'));
  }
  for (const tag of ['600', '610', '611', '630', '650', '653']) for (const f of byTag(tag)) add('subject', select(f, 'abcdq'));
  for (const f of byTag('752')) add('coverage', select(f, 'abcd'));
  for (const f of byTag('530')) add('relation', select(f, 'abcdu'), { type: 'original' });
  for (const f of byTag(...RELATION_TAGS)) add('relation', select(f, 'ot'));
  for (const f of byTag('856')) add('identifier', first(f, 'u'));
  for (const f of byTag('506')) add('rights', first(f, 'a'));
  for (const f of byTag('540')) add('rights', first(f, 'a'));
  return out;
}

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
