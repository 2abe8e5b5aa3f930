import type { ReadItem } from '../src/marc/iso2709.js';
import type { MarcRecord } from '../src/marc/record.js';

/** What a test title needs; everything optional but the control number and title. */
export interface TitleSpec {
  id: string;
  title: string;
  author?: string;
  subjects?: string[];
  notes?: string;
  year?: number;
  language?: string;
  /** Leader type and level, e.g. 'am' book, 'as' serial, 'gm' video. */
  kind?: string;
  isbn?: string;
  /** A serial's ISSN (022 $a). */
  issn?: string;
  online?: boolean;
  cover?: string;
  accessible?: boolean;
  /** Dewey class (082 $a). */
  dewey?: string;
}

/** A MARC 21 record for a test title, built the way a cataloguer would. */
export function marcRecord(spec: TitleSpec): MarcRecord {
  const df = (tag: string, ind1: string, ind2: string, subfields: [string, string][]) => ({
    tag,
    ind1,
    ind2,
    subfields: subfields.map(([code, value]) => ({ code, value })),
  });
  const year = spec.year === undefined ? '    ' : String(spec.year);
  const fields: MarcRecord['fields'] = [
    { tag: '001', value: spec.id },
    { tag: '008', value: `200101s${year}    bl            000 0 ${spec.language ?? 'por'} d` },
  ];
  if (spec.isbn) fields.push(df('020', ' ', ' ', [['a', spec.isbn]]));
  if (spec.issn) fields.push(df('022', '0', ' ', [['a', spec.issn]]));
  if (spec.dewey) fields.push(df('082', '0', '4', [['a', spec.dewey]]));
  if (spec.author) fields.push(df('100', '1', ' ', [['a', spec.author]]));
  fields.push(df('245', spec.author ? '1' : '0', '0', [['a', spec.title]]));
  if (spec.notes) fields.push(df('500', ' ', ' ', [['a', spec.notes]]));
  if (spec.accessible) fields.push(df('341', '0', ' ', [['a', 'textual']]));
  for (const subject of spec.subjects ?? []) fields.push(df('650', ' ', '4', [['a', subject]]));
  if (spec.online) fields.push(df('856', '4', '0', [['u', `https://example.org/${spec.id}`]]));
  if (spec.cover)
    fields.push(
      df('856', '4', '2', [
        ['u', spec.cover],
        ['3', 'Capa'],
      ]),
    );
  return { leader: `00000n${spec.kind ?? 'am'} a2200000 a 4500`, fields };
}

/** Test titles as importer input. */
export function asItems(specs: TitleSpec[]): ReadItem[] {
  return specs.map((spec, i) => ({ kind: 'record', position: i + 1, offset: i, record: marcRecord(spec), warnings: [] }));
}
