import type { AUTHORITY_TYPES } from '../db/schema/catalog.js';
import { controlValue, dataFields, type DataField, type MarcRecord, subfieldValues } from './record.js';

/** The title columns derived from a bibliographic record (everything but ids and timestamps). */
export interface DerivedTitle {
  codTipoObra: number;
  title: string;
  responsibility: string | null;
  author: string | null;
  addedAuthors: string[];
  subjects: string[];
  edition: string | null;
  place: string | null;
  publisher: string | null;
  anoPublicacao: number | null;
  idioma: string | null;
  physicalDescription: string | null;
  series: string | null;
  notes: string | null;
  callNumber: string | null;
  isbn: string[];
  issn: string[];
  linkCapa: string | null;
  acessoRemoto: boolean;
  possuiAcessibilidade: boolean;
  /** CNPq major knowledge area (table knowledge_areas, migration 0008), from the Dewey class. */
  codAreaConhecimento: number | null;
}

/** Work type codes (table work_types, migration 0002). */
export const WORK_TYPE = {
  livro: 1, periodico: 2, artigo: 3, tese: 4, partitura: 5, mapa: 6, video: 7, somMusical: 8,
  somNaoMusical: 9, grafico: 10, eletronico: 11, manuscrito: 12, misto: 13, objeto: 14, capitulo: 15,
} as const;

/**
 * Derives the title's columns from its MARC 21 bibliographic record.
 * Throws when the record cannot be a title (no 245 title).
 */
export function deriveTitle(record: MarcRecord): DerivedTitle {
  const f245 = dataFields(record, '245')[0];
  const title = f245 ? clean(subfieldValues(f245, 'abnp').join(' ')) : '';
  if (!title) throw new Error('record has no title (245 $a)');
  const f008 = controlValue(record, '008') ?? '';
  const publication = dataFields(record, '264', '260').sort((a, b) => pubRank(a) - pubRank(b))[0];
  const links = dataFields(record, '856');
  return {
    codTipoObra: workType(record),
    title,
    responsibility: nullable(f245 ? clean(subfieldValues(f245, 'c').join(' ')) : ''),
    author: nullable(joinFirst(record, ['100', '110', '111'], 'abcdq')),
    addedAuthors: unique(dataFields(record, '700', '710', '711').map((f) => clean(subfieldValues(f, 'abcdq').join(' ')))),
    subjects: unique(
      dataFields(record, '600', '610', '611', '630', '648', '650', '651', '655').map(subjectHeading),
    ),
    edition: nullable(joinFirst(record, ['250'], 'ab')),
    place: nullable(publication ? clean(subfieldValues(publication, 'a').join(' ')) : ''),
    publisher: nullable(publication ? clean(subfieldValues(publication, 'b').join(' ')) : ''),
    anoPublicacao: year(f008, publication),
    idioma: language(record, f008),
    physicalDescription: nullable(joinFirst(record, ['300'], 'abce')),
    series: nullable(joinFirst(record, ['490', '830', '440'], 'anpv')),
    notes: nullable(
      dataFields(record, '500', '502', '505', '520')
        .map((f) => clean(subfieldValues(f, 'abcdgrt').join(' ')))
        .filter(Boolean)
        .join(' '),
    ),
    callNumber: callNumber(record),
    isbn: unique(dataFields(record, '020').flatMap((f) => subfieldValues(f, 'a')).map(normaliseIsbn)),
    issn: unique(dataFields(record, '022').flatMap((f) => subfieldValues(f, 'a')).map((v) => v.trim().slice(0, 9))),
    linkCapa: coverLink(links),
    acessoRemoto: links.some((f) => (f.ind2 === '0' || f.ind2 === '1') && subfieldValues(f, 'u').length > 0),
    possuiAcessibilidade: dataFields(record, '341', '532').length > 0,
    codAreaConhecimento: knowledgeArea(record),
  };
}

/**
 * Dewey classes (first three digits) → CNPq major areas: 1 exact and earth sciences, 2
 * biological, 3 engineering, 4 health, 5 agrarian, 6 applied social, 7 humanities, 8
 * linguistics, letters and arts; home economics (640s) none. Ranges are checked in order; the
 * first that holds wins.
 */
const DEWEY_AREAS: [from: number, to: number, area: number | null][] = [
  [4, 6, 1], [20, 29, 6], [70, 79, 6], [100, 299, 7], [330, 369, 6], [380, 389, 6], [300, 399, 7],
  [400, 499, 8], [500, 559, 1], [560, 599, 2], [610, 619, 4], [630, 639, 5], [640, 649, null], [650, 659, 6],
  [620, 699, 3], [710, 729, 6], [700, 799, 8], [800, 899, 8], [900, 999, 7],
];

/** The knowledge area of the record's Dewey number (082, or a local 090/092 that is one). */
function knowledgeArea(record: MarcRecord): number | null {
  for (const tag of ['082', '090', '092']) {
    const value = dataFields(record, tag).flatMap((f) => subfieldValues(f, 'a'))[0]?.trim() ?? '';
    const dewey = /^(\d{3})(?!\d)/.exec(value);
    if (!dewey) continue;
    const n = Number(dewey[1]);
    return DEWEY_AREAS.find(([from, to]) => n >= from && n <= to)?.[2] ?? null;
  }
  return null;
}

/** Authority type and heading of a MARC 21 authority record, from its 1XX heading field. */
export function deriveAuthority(record: MarcRecord): { tipo: (typeof AUTHORITY_TYPES)[number]; heading: string } {
  const heading = record.fields.find((f): f is DataField => 'subfields' in f && /^1\d\d$/.test(f.tag));
  if (!heading) throw new Error('authority record has no 1XX heading');
  const tipo = AUTHORITY_TAG_TYPES[heading.tag];
  if (!tipo) throw new Error(`authority heading tag ${heading.tag} is not a known authority type`);
  const text = clean(heading.subfields.filter((s) => /[a-z]/.test(s.code)).map((s) => s.value).join(' '));
  if (!text) throw new Error(`authority heading ${heading.tag} is empty`);
  return { tipo, heading: text };
}

const AUTHORITY_TAG_TYPES: Record<string, (typeof AUTHORITY_TYPES)[number]> = {
  '100': 'autor_pessoa',
  '110': 'autor_entidade',
  '111': 'autor_evento',
  '130': 'titulo_uniforme',
  '148': 'termo_cronologico',
  '150': 'assunto',
  '151': 'assunto_geografico',
  '155': 'genero_forma',
  '180': 'subdivisao_geral',
  '181': 'subdivisao_geografica',
  '182': 'subdivisao_cronologica',
  '185': 'subdivisao_genero_forma',
};

/** True for MARC 21 authority records (leader/06 = z). */
export function isAuthorityRecord(record: MarcRecord): boolean {
  return record.leader[6] === 'z';
}

function workType(record: MarcRecord): number {
  const type = record.leader[6];
  const level = record.leader[7];
  if (dataFields(record, '502').length > 0) return WORK_TYPE.tese;
  switch (type) {
    case 'a':
      if (level === 's' || level === 'i') return WORK_TYPE.periodico;
      if (level === 'b') return WORK_TYPE.artigo;
      if (level === 'a') return record.fields.some((f) => f.tag === '773') ? WORK_TYPE.capitulo : WORK_TYPE.artigo;
      return WORK_TYPE.livro;
    case 't':
    case 'd':
    case 'f':
      return type === 't' ? WORK_TYPE.manuscrito : type === 'd' ? WORK_TYPE.partitura : WORK_TYPE.mapa;
    case 'c':
      return WORK_TYPE.partitura;
    case 'e':
      return WORK_TYPE.mapa;
    case 'g':
      return WORK_TYPE.video;
    case 'i':
      return WORK_TYPE.somNaoMusical;
    case 'j':
      return WORK_TYPE.somMusical;
    case 'k':
      return WORK_TYPE.grafico;
    case 'm':
      return WORK_TYPE.eletronico;
    case 'o':
    case 'p':
      return WORK_TYPE.misto;
    case 'r':
      return WORK_TYPE.objeto;
    default:
      return WORK_TYPE.livro;
  }
}

/** Prefer 264 with second indicator 1 (publication), then 260, then any other 264. */
function pubRank(field: DataField): number {
  if (field.tag === '264') return field.ind2 === '1' ? 0 : 2;
  return 1;
}

function year(f008: string, publication: DataField | undefined): number | null {
  const fixed = f008.slice(7, 11);
  if (/^\d{4}$/.test(fixed) && plausibleYear(Number(fixed))) return Number(fixed);
  const text = publication ? subfieldValues(publication, 'c').join(' ') : '';
  const match = /(\d{4})/.exec(text);
  return match && plausibleYear(Number(match[1])) ? Number(match[1]) : null;
}

/** Years a catalogue can hold: from the first printed books' forerunners to a little ahead. */
function plausibleYear(year: number): boolean {
  return year >= 1000 && year <= new Date().getFullYear() + 5;
}

function language(record: MarcRecord, f008: string): string | null {
  const fixed = f008.slice(35, 38).toLowerCase();
  if (/^[a-z]{3}$/.test(fixed)) return fixed;
  const f041 = dataFields(record, '041')[0];
  const code = f041 ? subfieldValues(f041, 'a')[0]?.trim().toLowerCase().slice(0, 3) : undefined;
  return code && /^[a-z]{3}$/.test(code) ? code : null;
}

function callNumber(record: MarcRecord): string | null {
  for (const [tag, codes] of [['090', 'ab'], ['050', 'ab'], ['082', 'a'], ['080', 'a'], ['084', 'a']] as const) {
    const field = dataFields(record, tag)[0];
    if (field) {
      const value = clean(subfieldValues(field, codes).join(' '));
      if (value) return value;
    }
  }
  return null;
}

function coverLink(links: DataField[]): string | null {
  for (const field of links) {
    const label = subfieldValues(field, '3yz').join(' ').toLowerCase();
    const url = subfieldValues(field, 'u')[0];
    if (url && (/\b(capa|cover|cubierta|portada)\b/.test(label) || /\.(jpe?g|png|webp|gif)(\?.*)?$/i.test(url))) {
      return url.trim();
    }
  }
  return null;
}

/** A subject heading as cataloguers write it: "Ibsen, Henrik, 1828-1906 -- Peer Gynt". */
function subjectHeading(field: DataField): string {
  const main = clean(subfieldValues(field, 'abcdgqt').join(' '));
  const subdivisions = subfieldValues(field, 'vxyz').map(clean);
  return [main, ...subdivisions].filter(Boolean).join(' -- ');
}

function joinFirst(record: MarcRecord, tags: string[], codes: string): string {
  for (const tag of tags) {
    const field = dataFields(record, tag)[0];
    if (field) return clean(subfieldValues(field, codes).join(' '));
  }
  return '';
}

/** Strips ISBD punctuation that ends a subfield (" /", " :", " ;", ",", a final "."). */
export function clean(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*[/:;,=]$/, '')
    .replace(/(?<![A-Z]|\.\.)\.$/, '')
    .trim();
}

function normaliseIsbn(value: string): string {
  const match = /[0-9Xx-]{10,17}/.exec(value);
  return match ? match[0].replace(/-/g, '').toUpperCase() : value.trim();
}

function nullable(value: string): string | null {
  return value ? value : null;
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}
