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
  /**
   * The additional-data facet values (spec §9) other than library, author, subject and
   * publisher, each as its letter, U+001F and the value: see ADDITIONAL_DATA (decision 0014).
   */
  dadosAdicionais: string[];
}

/**
 * Where the additional-data letters of spec §9 come from in a MARC 21 record (the spec names
 * the letters, not what they hold; decision 0014). B library, A author, S subject and E
 * publisher are columns of their own.
 */
export const ADDITIONAL_DATA = ['P', 'C', 'U', 'F', 'N', 'O', 'D', 'L', 'G', 'M', 'R'] as const;
export type AdditionalData = (typeof ADDITIONAL_DATA)[number];
/** Separates a dados_adicionais entry's letter from its value. */
export const ADDITIONAL_DATA_SEPARATOR = '\u001f';

/** Work type codes (table work_types, migration 0002). */
export const WORK_TYPE = {
  livro: 1,
  periodico: 2,
  artigo: 3,
  tese: 4,
  partitura: 5,
  mapa: 6,
  video: 7,
  somMusical: 8,
  somNaoMusical: 9,
  grafico: 10,
  eletronico: 11,
  manuscrito: 12,
  misto: 13,
  objeto: 14,
  capitulo: 15,
  arquivo: 16,
  atoNormativo: 17,
  jurisprudencia: 18,
  normaTecnica: 19,
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
  const type = workType(record);
  return {
    codTipoObra: type,
    title,
    responsibility: nullable(f245 ? clean(subfieldValues(f245, 'c').join(' ')) : ''),
    author: nullable(joinFirst(record, ['100', '110', '111'], 'abcdq')),
    // A field with $5 names the copy's institution (a custodial collection), no part in the work (decision 0050).
    addedAuthors: unique(
      dataFields(record, '700', '710', '711')
        .filter((f) => subfieldValues(f, '5').length === 0)
        .map((f) => clean(subfieldValues(f, 'abcdq').join(' '))),
    ),
    subjects: unique(dataFields(record, '600', '610', '611', '630', '648', '650', '651', '655').map(subjectHeading)),
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
    isbn: unique(
      dataFields(record, '020')
        .flatMap((f) => subfieldValues(f, 'a'))
        .map(normaliseIsbn),
    ),
    issn: unique(
      dataFields(record, '022')
        .flatMap((f) => subfieldValues(f, 'a'))
        .map((v) => v.trim().slice(0, 9)),
    ),
    linkCapa: coverLink(links),
    acessoRemoto: links.some((f) => (f.ind2 === '0' || f.ind2 === '1') && subfieldValues(f, 'u').length > 0),
    possuiAcessibilidade: dataFields(record, '341', '532').length > 0,
    codAreaConhecimento: knowledgeArea(record),
    dadosAdicionais: additionalData(record, type, publication, links),
  };
}

/** The dados_adicionais entries of a record (see ADDITIONAL_DATA). */
function additionalData(record: MarcRecord, type: number, publication: DataField | undefined, links: DataField[]): string[] {
  const values = (tags: string[], codes: string) => dataFields(record, ...tags).map((f) => clean(subfieldValues(f, codes).join(' ')));
  const host = values(['773'], 't');
  const thesis = dataFields(record, '502');
  const entries: [AdditionalData, string[]][] = [
    // P: the journal an article was published in; F: the fonds an archival document belongs to.
    ['P', type === WORK_TYPE.artigo ? host : []],
    ['F', type === WORK_TYPE.arquivo ? host : []],
    // C: the collection (series) without its numbering.
    ['C', values(['490', '830', '440'], 'a')],
    // U: the university (granting institution) and N: the degree of a thesis.
    ['U', thesis.flatMap((f) => subfieldValues(f, 'c')).map(clean)],
    ['N', thesis.flatMap((f) => subfieldValues(f, 'b')).map(clean)],
    // O: the corporate bodies responsible (issuing bodies of acts, courts of decisions …).
    ['O', values(['110', '710'], 'ab')],
    // D: geographic descriptors (subjects that are places); G: genre/form.
    ['D', values(['651'], 'a')],
    ['G', values(['655'], 'a')],
    // L: the place of publication.
    ['L', publication ? subfieldValues(publication, 'a').map((v) => clean(v.replace(/[[\]]/g, ''))) : []],
    // M: the carrier (RDA 338), R: the repository (host) of each online-access link.
    ['M', values(['338'], 'a')],
    [
      'R',
      links
        .filter((f) => f.ind2 === '0' || f.ind2 === '1')
        .flatMap((f) => subfieldValues(f, 'u'))
        .map(repositoryOf),
    ],
  ];
  return unique(entries.flatMap(([letter, list]) => unique(list).map((v) => `${letter}${ADDITIONAL_DATA_SEPARATOR}${v}`)).filter((e) => e.length > 2));
}

/** The repository an online link points into: its host name without "www.". */
function repositoryOf(url: string): string {
  try {
    return new URL(url.trim()).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/**
 * Dewey classes (first three digits) → CNPq major areas: 1 exact and earth sciences, 2
 * biological, 3 engineering, 4 health, 5 agrarian, 6 applied social, 7 humanities, 8
 * linguistics, letters and arts; home economics (640s) none. Ranges are checked in order; the
 * first that holds wins.
 */
const DEWEY_AREAS: [from: number, to: number, area: number | null][] = [
  [4, 6, 1],
  [20, 29, 6],
  [70, 79, 6],
  [100, 299, 7],
  [330, 369, 6],
  [380, 389, 6],
  [300, 399, 7],
  [400, 499, 8],
  [500, 559, 1],
  [560, 599, 2],
  [610, 619, 4],
  [630, 639, 5],
  [640, 649, null],
  [650, 659, 6],
  [620, 699, 3],
  [710, 729, 6],
  [700, 799, 8],
  [800, 899, 8],
  [900, 999, 7],
];

/** The knowledge area of the record's Dewey number (082, or a local 090/092 that is one). */
function knowledgeArea(record: MarcRecord): number | null {
  for (const tag of ['082', '090', '092']) {
    const value =
      dataFields(record, tag)
        .flatMap((f) => subfieldValues(f, 'a'))[0]
        ?.trim() ?? '';
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
  const text = clean(
    heading.subfields
      .filter((s) => /[a-z]/.test(s.code))
      .map((s) => s.value)
      .join(' '),
  );
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
  // Archival control (leader/08 a): documents of an archive.
  if (record.leader[8] === 'a') return WORK_TYPE.arquivo;
  if (type === 'a' && (level === 'm' || level === ' ')) {
    // Nature of contents (008/24-27): l legislation, v legal cases, w law reports, u standards.
    const nature = (controlValue(record, '008') ?? '').slice(24, 28);
    if (nature.includes('l')) return WORK_TYPE.atoNormativo;
    if (nature.includes('v') || nature.includes('w')) return WORK_TYPE.jurisprudencia;
    if (nature.includes('u')) return WORK_TYPE.normaTecnica;
  }
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
  for (const [tag, codes] of [
    ['090', 'ab'],
    ['050', 'ab'],
    ['082', 'a'],
    ['080', 'a'],
    ['084', 'a'],
  ] as const) {
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
