import { faker as fakerEn } from '@faker-js/faker/locale/en';
import { faker as fakerEs } from '@faker-js/faker/locale/es';
import { faker as fakerPt } from '@faker-js/faker/locale/pt_BR';
import type { ReadItem } from '../marc/iso2709.js';
import type { DataField, MarcField, MarcRecord } from '../marc/record.js';
import { EDITIONS, type GenLanguage, PATTERNS, SERIES, type Subject, SUBJECTS, THESIS } from './vocabulary.js';

/** Control numbers of generated titles: GEN + 9 digits, so they never meet real records'. */
export function generatedControlNumber(n: number): string {
  return `GEN${String(n).padStart(9, '0')}`;
}

const PLACES: Record<GenLanguage, { city: string; country: string }[]> = {
  por: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Porto Alegre', 'Curitiba', 'Florianópolis', 'Salvador', 'Recife', 'Brasília', 'Campinas'].map(
    (city) => ({ city, country: 'bl ' }),
  ),
  eng: [
    { city: 'New York', country: 'nyu' },
    { city: 'London', country: 'enk' },
    { city: 'Cambridge', country: 'enk' },
    { city: 'Oxford', country: 'enk' },
    { city: 'Boston', country: 'mau' },
    { city: 'Chicago', country: 'ilu' },
  ],
  spa: [
    { city: 'Madrid', country: 'sp ' },
    { city: 'Barcelona', country: 'sp ' },
    { city: 'Buenos Aires', country: 'ag ' },
    { city: 'Ciudad de México', country: 'mx ' },
    { city: 'Bogotá', country: 'ck ' },
    { city: 'Santiago de Chile', country: 'cl ' },
  ],
};

const UNIVERSITIES: Record<GenLanguage, string[]> = {
  por: ['Universidade Federal de Santa Catarina', 'Universidade de São Paulo', 'Universidade Estadual de Campinas', 'Universidade Federal do Paraná'],
  eng: ['University of Michigan', 'University of Toronto', 'University of Edinburgh'],
  spa: ['Universidad de Buenos Aires', 'Universidad Nacional Autónoma de México', 'Universidad de Chile'],
};

const FAKERS = { por: fakerPt, eng: fakerEn, spa: fakerEs };

/** A small fast seeded PRNG (mulberry32): the same seed gives the same catalogue. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'book' | 'thesis' | 'ebook' | 'serial' | 'video' | 'score' | 'map' | 'sound';

/**
 * Generates `count` realistic bibliographic records (numbers `from`..`from+count-1`) in
 * Portuguese, English and Spanish: books, theses, e-books, serials, videos, scores, maps and
 * sound recordings, with authors, subjects, publishers, years, ISBNs and call numbers.
 * Deterministic: record n is always the same record.
 */
export function* generateTitleRecords(count: number, from = 1): Generator<ReadItem> {
  for (let n = from; n < from + count; n++) {
    yield { kind: 'record', position: n, offset: n, record: generateRecord(n), warnings: [] };
  }
}

/** The generated record number `n`. */
export function generateRecord(n: number): MarcRecord {
  const rnd = random(n * 2654435761);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const r = rnd();
  const lang: GenLanguage = r < 0.7 ? 'por' : r < 0.88 ? 'eng' : 'spa';
  const faker = FAKERS[lang];
  faker.seed(n);
  const k = rnd();
  const kind: Kind =
    k < 0.68 ? 'book' : k < 0.76 ? 'thesis' : k < 0.83 ? 'ebook' : k < 0.88 ? 'serial' : k < 0.92 ? 'video' : k < 0.95 ? 'score' : k < 0.97 ? 'map' : 'sound';
  const subject = pick(SUBJECTS);
  const second = pick(SUBJECTS.filter((s) => s !== subject));
  const place = pick(PLACES[lang]);
  const year = kind === 'thesis' ? 2026 - Math.floor(20 * rnd()) : 2025 - Math.floor(75 * rnd() ** 1.6);
  const author = kind === 'serial' ? null : { last: faker.person.lastName(), first: faker.person.firstName() };
  const coAuthor = author && rnd() < 0.3 ? { last: faker.person.lastName(), first: faker.person.firstName() } : null;
  const publisher =
    kind === 'thesis'
      ? pick(UNIVERSITIES[lang])
      : lang === 'por'
        ? `Editora ${faker.person.lastName()}`
        : lang === 'eng'
          ? `${faker.person.lastName()} Press`
          : `Editorial ${faker.person.lastName()}`;

  const title = kind === 'serial' ? serialTitle(lang, subject) : titleFor(lang, pick(PATTERNS[lang]), subject, second, place.city);
  const fields: MarcField[] = [
    { tag: '001', value: generatedControlNumber(n) },
    { tag: '003', value: 'BR-EstDEMO' },
    { tag: '008', value: fixedField(n, kind === 'serial' ? 'c' : 's', year, place.country, lang) },
  ];
  if (kind === 'book' || kind === 'ebook') fields.push(df('020', ' ', ' ', [['a', isbn13(rnd)]]));
  if (kind === 'serial') fields.push(df('022', '0', ' ', [['a', issn(rnd)]]));
  fields.push(
    df('090', ' ', ' ', [
      ['a', subject.cdd],
      ['b', cutter(author?.last ?? title, title)],
    ]),
  );
  if (author) fields.push(df('100', '1', ' ', [['a', `${author.last}, ${author.first}`]]));
  const responsibility = author
    ? [author, coAuthor]
        .filter((a) => a)
        .map((a) => `${a!.first} ${a!.last}`)
        .join(lang === 'eng' ? ' and ' : ' e ')
    : null;
  const titleParts: [string, string][] = [['a', responsibility ? `${title} /` : title]];
  if (responsibility) titleParts.push(['c', responsibility]);
  fields.push(df('245', author ? '1' : '0', String(nonfiling(title, lang)), titleParts));
  if ((kind === 'book' || kind === 'ebook') && rnd() < 0.25) fields.push(df('250', ' ', ' ', [['a', pick(EDITIONS[lang])]]));
  fields.push(
    df('264', ' ', '1', [
      ['a', `${place.city} :`],
      ['b', `${publisher},`],
      ['c', `${year}.`],
    ]),
  );
  fields.push(df('300', ' ', ' ', physical(kind, rnd, lang)));
  fields.push(
    df('338', ' ', ' ', [
      ['a', CARRIERS[kind][lang === 'eng' ? 1 : 0]],
      ['2', 'rdacarrier'],
    ]),
  );
  if (kind === 'book' && rnd() < 0.2) fields.push(df('490', '0', ' ', [['a', pick(SERIES[lang])]]));
  if (kind === 'thesis') {
    const t = pick(THESIS[lang]);
    fields.push(
      df('502', ' ', ' ', [
        ['a', `${t.degree} - ${publisher}, ${t.note} em ${subject.term[lang]}, ${year}.`],
        ['b', t.degree],
        ['c', publisher],
        ['d', String(year)],
      ]),
    );
  }
  if (rnd() < 0.3) fields.push(df('520', ' ', ' ', [['a', summary(lang, subject, second)]]));
  if (kind === 'ebook' && rnd() < 0.4)
    fields.push(
      df('341', '0', ' ', [
        ['a', 'textual'],
        ['b', 'textual assistive'],
        ['2', 'sapdv'],
      ]),
    );
  fields.push(df('650', ' ', '4', [['a', subject.term[lang]]]));
  if (rnd() < 0.5) fields.push(df('650', ' ', '4', [['a', second.term[lang]]]));
  if (coAuthor) fields.push(df('700', '1', ' ', [['a', `${coAuthor.last}, ${coAuthor.first}`]]));
  if (kind === 'ebook') {
    // Every sixth e-book (restricted, below) is licensed from Pearson: it opens at Pearson's platform through the provider's hand-over.
    const host = n % 6 === 0 ? 'https://plataforma.bvirtual.com.br/Acervo/Publicacao' : 'https://acervo.example.org/ebooks';
    const link: [string, string][] = [
      ['u', `${host}/${generatedControlNumber(n)}`],
      ['y', lang === 'eng' ? 'Online access' : lang === 'spa' ? 'Acceso en línea' : 'Acesso online'],
    ];
    // Every third e-book is licensed for the institution's patrons only (a restricted link).
    if (n % 3 === 0) link.push(['z', 'Acesso restrito a usuários da instituição']);
    fields.push(df('856', '4', '0', link));
  }
  return { leader: leader(kind), fields };
}

/** RDA carrier types (338 $a) per kind: Portuguese (also for Spanish records) and English. */
const CARRIERS: Record<Kind, [string, string]> = {
  book: ['volume', 'volume'],
  thesis: ['volume', 'volume'],
  ebook: ['recurso online', 'online resource'],
  serial: ['volume', 'volume'],
  video: ['videodisco', 'videodisc'],
  score: ['volume', 'volume'],
  map: ['folha', 'sheet'],
  sound: ['disco de áudio', 'audio disc'],
};

function df(tag: string, ind1: string, ind2: string, subfields: [string, string][]): DataField {
  return { tag, ind1, ind2, subfields: subfields.map(([code, value]) => ({ code, value })) };
}

function leader(kind: Kind): string {
  const [type, level] = { book: 'am', thesis: 'am', ebook: 'am', serial: 'as', video: 'gm', score: 'cm', map: 'em', sound: 'jm' }[kind];
  return `00000n${type}${level} a2200000 i 4500`;
}

function fixedField(n: number, dateType: string, year: number, country: string, lang: GenLanguage): string {
  const entered = `${String(20 + (n % 6)).padStart(2, '0')}0${1 + (n % 9)}${String(10 + (n % 18)).padStart(2, '0')}`;
  return `${entered}${dateType}${year}${dateType === 'c' ? '9999' : '    '}${country}${' '.repeat(17)}${lang} d`;
}

function titleFor(lang: GenLanguage, pattern: string, s: Subject, second: Subject, city: string): string {
  let text = pattern;
  if (lang === 'por') {
    text = text
      .replace('à {s}', s.fem ? 'à {s}' : 'ao {s}')
      .replace('da {s}', s.fem ? 'da {s}' : 'do {s}')
      .replace('A {s}', s.fem ? 'A {s}' : 'O {s}');
  } else if (lang === 'spa') {
    text = text.replace('a la {s}', s.fem ? 'a la {s}' : 'al {s}').replace('de la {s}', s.fem ? 'de la {s}' : 'del {s}');
  }
  const atStart = text.startsWith('{s}');
  const term = atStart ? s.term[lang] : lowerFirst(s.term[lang]);
  return text.replace('{s}', term).replace('{S}', lowerFirst(second.term[lang])).replace('{p}', city);
}

/** Lower-cases the first letter of a subject inside a title ("Introdução à educação"). */
function lowerFirst(term: string): string {
  return term.charAt(0).toLowerCase() + term.slice(1);
}

function serialTitle(lang: GenLanguage, s: Subject): string {
  const term = s.term[lang];
  if (lang === 'eng') return `Journal of ${term.toLowerCase()}`;
  if (lang === 'spa') return `Revista latinoamericana de ${term.toLowerCase()}`;
  return `Revista brasileira de ${term.toLowerCase()}`;
}

function summary(lang: GenLanguage, s: Subject, second: Subject): string {
  if (lang === 'eng')
    return `Presents the main concepts of ${s.term.eng.toLowerCase()} and their relation to ${second.term.eng.toLowerCase()}, with examples and exercises.`;
  if (lang === 'spa')
    return `Presenta los principales conceptos de ${s.term.spa.toLowerCase()} y su relación con ${second.term.spa.toLowerCase()}, con ejemplos y ejercicios.`;
  return `Apresenta os principais conceitos de ${s.term.por.toLowerCase()} e sua relação com ${second.term.por.toLowerCase()}, com exemplos e exercícios.`;
}

function physical(kind: Kind, rnd: () => number, lang: GenLanguage): [string, string][] {
  const pages = 80 + Math.floor(rnd() * 620);
  switch (kind) {
    case 'video':
      return [
        ['a', '1 DVD (' + (60 + Math.floor(rnd() * 90)) + ' min)'],
        ['b', 'son., color.'],
      ];
    case 'sound':
      return [['a', '1 CD (' + (40 + Math.floor(rnd() * 40)) + ' min)']];
    case 'map':
      return [
        ['a', '1 mapa'],
        ['b', 'color.'],
        ['c', '60 x 90 cm'],
      ];
    case 'score':
      return [
        ['a', `1 partitura (${10 + Math.floor(rnd() * 60)} p.)`],
        ['c', '31 cm'],
      ];
    case 'ebook':
      return [['a', lang === 'eng' ? '1 online resource' : '1 recurso online']];
    case 'serial':
      return [
        ['a', lang === 'eng' ? 'v.' : 'v.'],
        ['b', 'il.'],
        ['c', '28 cm'],
      ];
    default:
      return [
        ['a', `${pages} p. :`],
        ['b', 'il. ;'],
        ['c', `${21 + Math.floor(rnd() * 8)} cm`],
      ];
  }
}

/** A valid ISBN-13 in the 978-85 (Brazil) group. */
function isbn13(rnd: () => number): string {
  const body = `97885${String(Math.floor(rnd() * 1e7)).padStart(7, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + ((10 - (sum % 10)) % 10);
}

/** A valid ISSN (with its check digit). */
function issn(rnd: () => number): string {
  const body = String(Math.floor(rnd() * 1e7)).padStart(7, '0');
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (8 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${body.slice(0, 4)}-${body.slice(4)}${check === 10 ? 'X' : check}`;
}

/** A Cutter-Sanborn-like mark: first letter, a number from the name, and the title's initial. */
function cutter(name: string, title: string): string {
  const letters = name.normalize('NFD').replace(/[^A-Za-z]/g, '');
  const code = [...letters.slice(1, 4).toLowerCase()].reduce((acc, c) => acc * 26 + (c.charCodeAt(0) - 96), 0) % 999;
  const initial = title
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .charAt(0)
    .toLowerCase();
  return `${letters.charAt(0).toUpperCase()}${code}${initial}`;
}

/** Initial articles a title sorts without, by language (MARC 21 245 second indicator: the characters skipped, space included). */
const ARTICLES: Record<GenLanguage, string[]> = { por: ['A', 'O', 'As', 'Os'], eng: ['The', 'An', 'A'], spa: ['El', 'La', 'Los', 'Las'] };

/** How many characters of `title` a sort skips: its initial article and the space after it (issue 55: "A educação…" under E). */
export function nonfiling(title: string, lang: GenLanguage): number {
  const article = ARTICLES[lang].find((a) => title.startsWith(`${a} `));
  return article ? article.length + 1 : 0;
}
