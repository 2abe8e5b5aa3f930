import type { DataField, MarcRecord } from '../../marc/record.js';
import type { DcValue } from './network.oai-client.js';

/**
 * Simple Dublin Core (oai_dc) → a minimal MARC 21 record, so a partner that offers only oai_dc
 * is derived and searched like any other (decision 0026): title 245 (more titles 246), the first
 * creator 100 and the others with the contributors 700, subjects 650, description 520, publisher
 * and date 264 with the year in 008/07-10, languages in 008/35-37 and 041, type → leader/06-07
 * (a thesis also 502), identifiers: ISBN 020, ISSN 022, DOI 024, http(s) addresses 856.
 * Roughly the Library of Congress DC → MARC crosswalk, kept to what our derivation reads.
 */
export function dcToMarc(values: DcValue[], identifier: string, datestamp: string): MarcRecord {
  const all = (name: string) => values.filter((v) => v.name === name).map((v) => v.value.slice(0, 4000));
  const fields: MarcRecord['fields'] = [];
  const field = (tag: string, ind1: string, ind2: string, subfields: [string, string][]): DataField => ({
    tag,
    ind1,
    ind2,
    subfields: subfields.filter(([, value]) => value.trim() !== '').map(([code, value]) => ({ code, value: value.trim() })),
  });
  const push = (f: DataField) => {
    if (f.subfields.length > 0) fields.push(f);
  };

  const titles = all('title');
  const creators = all('creator');
  const languages = unique(
    all('language')
      .map(marcLanguage)
      .filter((c): c is string => c !== null),
  );
  const year = all('date')
    .map((d) => /(?<!\d)(\d{4})(?!\d)/.exec(d)?.[1])
    .find((y): y is string => y !== undefined);
  const type = resourceType(all('type'));
  const entered = /^\d{2}(\d{2})-(\d{2})-(\d{2})/.exec(datestamp);

  fields.push({ tag: '001', value: identifier.slice(0, 200) });
  fields.push({
    tag: '008',
    value: `${entered ? entered.slice(1).join('') : '000000'}${year ? `s${year}` : 'n    '}    xx ${' '.repeat(17)}${languages[0] ?? '   '} d`,
  });
  const identifiers = all('identifier');
  for (const isbn of identifiers.flatMap(isbnOf)) push(field('020', ' ', ' ', [['a', isbn]]));
  for (const issn of identifiers.flatMap(issnOf)) push(field('022', ' ', ' ', [['a', issn]]));
  for (const doi of identifiers.flatMap(doiOf))
    push(
      field('024', '7', ' ', [
        ['a', doi],
        ['2', 'doi'],
      ]),
    );
  if (languages.length > 1)
    push(
      field(
        '041',
        '0',
        ' ',
        languages.map((code) => ['a', code]),
      ),
    );
  if (creators[0]) push(field('100', '1', ' ', [['a', creators[0]]]));
  push(field('245', creators[0] ? '1' : '0', '0', [['a', titles[0] ?? '']]));
  for (const other of titles.slice(1)) push(field('246', '3', ' ', [['a', other]]));
  const publisher = all('publisher')[0] ?? '';
  const date = all('date')[0] ?? '';
  if (publisher || date)
    push(
      field('264', ' ', '1', [
        ['b', publisher],
        ['c', date],
      ]),
    );
  if (type.thesis) push(field('502', ' ', ' ', [['a', type.thesis]]));
  for (const description of all('description')) push(field('520', ' ', ' ', [['a', description]]));
  for (const rights of all('rights')) push(field('540', ' ', ' ', [['a', rights]]));
  for (const subject of unique(all('subject'))) push(field('650', ' ', '4', [['a', subject]]));
  for (const person of [...creators.slice(1), ...all('contributor')]) push(field('700', '1', ' ', [['a', person]]));
  for (const url of identifiers.filter(isHttp)) push(field('856', '4', ' ', [['u', url]]));

  return { leader: `00000n${type.leader6}${type.leader7} a22000003u 4500`, fields };
}

/** An http(s) address (the partner's page of the record, or its full text). */
export function isHttp(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value.trim());
}

/** dc:type (DCMI Type Vocabulary, the info:eu-repo and COAR types, common words) → leader/06-07 and a thesis note. */
function resourceType(types: string[]): { leader6: string; leader7: string; thesis: string | null } {
  for (const raw of types) {
    const t = raw
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/^info:eu-repo\/semantics\//, '');
    if (/thesis|dissertation|tese|dissertacao|tesis|monografia|trabalho de conclusao/.test(t)) return { leader6: 'a', leader7: 'm', thesis: raw };
    if (/\barticle|artigo|articulo|review|resenha/.test(t)) return { leader6: 'a', leader7: 'b', thesis: null };
    if (/periodical|journal|periodico|revista|serial/.test(t)) return { leader6: 'a', leader7: 's', thesis: null };
    if (/moving ?image|video|film|filme/.test(t)) return { leader6: 'g', leader7: 'm', thesis: null };
    if (/cartographic|\bmap|mapa/.test(t)) return { leader6: 'e', leader7: 'm', thesis: null };
    if (/still ?image|^image|imagem|imagen|photograph|fotografia|graphic/.test(t)) return { leader6: 'k', leader7: 'm', thesis: null };
    if (/notated music|score|partitura/.test(t)) return { leader6: 'c', leader7: 'm', thesis: null };
    if (/sound|audio|som\b|sonido|music/.test(t)) return { leader6: 'i', leader7: 'm', thesis: null };
    if (/software|dataset|data set|interactive|multimedia/.test(t)) return { leader6: 'm', leader7: 'm', thesis: null };
    if (/physical ?object|three dimensional|objeto/.test(t)) return { leader6: 'r', leader7: 'm', thesis: null };
    if (/collection|mixed|colecao|coleccion/.test(t)) return { leader6: 'p', leader7: 'c', thesis: null };
    if (/book|livro|libro|text|texto|chapter|capitulo|report|relatorio/.test(t)) return { leader6: 'a', leader7: 'm', thesis: null };
  }
  return { leader6: 'a', leader7: 'm', thesis: null };
}

/** MARC language codes with the ISO 639-1 / 639-2/T codes and the names (pt, en, es) that stand for them. */
const LANGUAGE_ALIASES = [
  'por pt portugues portuguese',
  'eng en ingles english',
  'spa es espanhol spanish espanol castellano',
  'fre fr fra frances french',
  'ger de deu alemao german aleman',
  'ita it italiano italian',
  'lat la latim latin',
  'dut nl nld holandes dutch',
  'rus ru russo russian ruso',
  'chi zh zho chines chinese chino',
  'jpn ja japones japanese',
  'ara ar arabe arabic',
  'grn gn guarani',
  'cat ca catalao catalan',
  'glg gl galego galician gallego',
  'gre el ell grego greek griego',
  'heb he hebraico hebrew',
  'kor ko coreano korean',
  'pol pl polones polish',
  'cze cs ces tcheco czech',
  'swe sv sueco swedish',
  'dan da dinamarques danish',
  'nor no nb noruegues norwegian',
  'fin fi finlandes finnish',
  'tur tr turco turkish',
  'hun hu hungaro hungarian',
  'rum ro ron romeno romanian',
  'epo eo esperanto',
  'per fa fas persa persian',
  'alb sq sqi',
  'arm hy hye',
  'baq eu eus basco basque',
  'geo ka kat',
  'ice is isl',
  'mac mk mkd',
  'may ms msa',
  'bur my mya',
  'slo sk slk',
  'wel cy cym',
  'tib bo bod',
  'mao mi mri',
];
const LANGUAGES = new Map(
  LANGUAGE_ALIASES.flatMap((line) => {
    const [code, ...aliases] = line.split(' ') as [string, ...string[]];
    return aliases.map((alias) => [alias, code] as const);
  }),
);

/** A dc:language value ("pt-BR", "por", "Português", "en_US") → a MARC language code, or null. */
export function marcLanguage(value: string): string | null {
  const plain = value
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  const key = /^[a-z]{2,3}(?=[-_]|$)/.exec(plain)?.[0] ?? plain;
  const known = LANGUAGES.get(key) ?? LANGUAGES.get(plain);
  if (known) return known;
  return /^[a-z]{3}$/.test(key) ? key : null;
}

const ISBN = /(?<![\dX])(97[89][- ]?)?\d{1,5}[- ]?\d{1,7}[- ]?\d{1,7}[- ]?[\dX](?![\dX])/i;

/** The ISBN in an identifier such as "ISBN 978-85-359-0277-8" or "urn:isbn:8535902775". */
function isbnOf(value: string): string[] {
  if (!/isbn/i.test(value) && !/^[\d\s-]{10,17}[\dX]?$/i.test(value.trim())) return [];
  const match = ISBN.exec(value.replace(/^.*isbn[:\s]*/i, ''));
  if (!match) return [];
  const digits = match[0].replace(/[- ]/g, '').toUpperCase();
  return digits.length === 10 || digits.length === 13 ? [digits] : [];
}

function issnOf(value: string): string[] {
  if (!/issn/i.test(value) && !/^\s*\d{4}-\d{3}[\dX]\s*$/i.test(value)) return [];
  const match = /\d{4}-\d{3}[\dX]/i.exec(value);
  return match ? [match[0].toUpperCase()] : [];
}

function doiOf(value: string): string[] {
  const match = /^(?:doi:|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/\S+)$/i.exec(value.trim());
  return match ? [match[1]!] : [];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
