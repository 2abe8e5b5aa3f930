import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Cite, plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import type { ReferenceStyle } from '@estante/contracts/catalog';
import type { Language } from '@estante/contracts/kernel';
import { WORK_TYPE } from '../../marc/derive.js';
import { controlValue, type DataField, dataFields, type MarcRecord, subfieldValues } from '../../marc/record.js';
import { abntReferences } from './citation.abnt.js';
import { toBibtex } from './citation.bibtex.js';
import {
  type Agent,
  bodyName,
  capitalize,
  type Contributor,
  directName,
  fullTitle,
  type Host,
  isPerson,
  type Role,
  type Thesis,
  type WorkDetails,
  type WorkKind,
  withRole,
} from './citation.model.js';
import { toRis } from './citation.ris.js';

export { toBibtex, toRis };

const csl = (file: string) => readFileSync(fileURLToPath(new URL(`./csl/${file}`, import.meta.url)), 'utf8');

let registered = false;
/** Registers the pt-BR and es-ES CSL locales (csl/README.md) for APA and Vancouver, once. */
function register(): void {
  if (registered) return;
  const config = plugins.config.get('@csl') as { locales: { add(name: string, xml: string): void } };
  config.locales.add('pt-BR', csl('locales-pt-BR.xml'));
  config.locales.add('es-ES', csl('locales-es-ES.xml'));
  registered = true;
}

type CslName = { family: string; given?: string } | { literal: string };

/**
 * A reference: the CSL-JSON item the CSL processor formats APA and Vancouver from, and in
 * `estante` what CSL-JSON has no variable for (title proper apart from subtitle, the units of a
 * body, the roles it lacks, a periodical's run) and our own ABNT, RIS and BibTeX writers need.
 */
export interface CslItem {
  id: string;
  type: string;
  title: string;
  author?: CslName[];
  editor?: CslName[];
  translator?: CslName[];
  composer?: CslName[];
  director?: CslName[];
  producer?: CslName[];
  performer?: CslName[];
  'container-author'?: CslName[];
  'container-title'?: string;
  'container-title-short'?: string;
  'collection-title'?: string;
  'collection-number'?: string;
  edition?: string;
  publisher?: string;
  'publisher-place'?: string;
  issued?: { 'date-parts': number[][] };
  accessed?: { 'date-parts': number[][] };
  'number-of-pages'?: string;
  page?: string;
  volume?: string;
  issue?: string;
  section?: string;
  genre?: string;
  medium?: string;
  scale?: string;
  ISBN?: string;
  ISSN?: string;
  URL?: string;
  DOI?: string;
  /** The work's language: the CSL processor title-cases English titles only. */
  language?: string;
  estante: WorkDetails;
}

export interface CitableTitle {
  codAcervo: number;
  codTipoObra: number;
  anoPublicacao: number | null;
  acessoRemoto: boolean;
  marc: MarcRecord;
}

/**
 * The reference of a title, read from its MARC record: names from 100/110/111 and 700/710/711
 * (relator terms and codes decide author, editor, translator, composer, director, producer,
 * performer, thesis advisor), title 245 $a $b $n $p, uniform title 240 (laws), edition 250,
 * imprint 264/260, scale 255, extent 300, carrier 338, medium of performance 382, series
 * 490/830, ISBN/ISSN/DOI, the online link (856, not the cover) with today as the access date,
 * a thesis note 502, a periodical's run (008/06-14), the host 773 of chapters, articles and
 * laws in a gazette.
 */
export function cslItem(title: CitableTitle, today: Date): CslItem {
  const record = title.marc;
  const kind = KINDS[title.codTipoObra] ?? 'book';
  const details = detailsOf(record, kind, title.anoPublicacao, today);
  return { ...cslVariables(String(title.codAcervo), details), estante: details };
}

const KINDS: Record<number, WorkKind> = {
  [WORK_TYPE.livro]: 'book',
  [WORK_TYPE.periodico]: 'periodical',
  [WORK_TYPE.artigo]: 'article',
  [WORK_TYPE.tese]: 'thesis',
  [WORK_TYPE.partitura]: 'score',
  [WORK_TYPE.mapa]: 'map',
  [WORK_TYPE.video]: 'video',
  [WORK_TYPE.somMusical]: 'music',
  [WORK_TYPE.somNaoMusical]: 'sound',
  [WORK_TYPE.grafico]: 'graphic',
  [WORK_TYPE.eletronico]: 'online',
  [WORK_TYPE.manuscrito]: 'manuscript',
  [WORK_TYPE.misto]: 'mixed',
  [WORK_TYPE.objeto]: 'object',
  [WORK_TYPE.capitulo]: 'chapter',
  [WORK_TYPE.arquivo]: 'archive',
  [WORK_TYPE.atoNormativo]: 'legislation',
  [WORK_TYPE.jurisprudencia]: 'case',
  [WORK_TYPE.normaTecnica]: 'standard',
};

function detailsOf(record: MarcRecord, kind: WorkKind, year: number | null, today: Date): WorkDetails {
  const f245 = dataFields(record, '245')[0];
  const title = f245 ? titleOf(subfieldValues(f245, 'a').join(' '), subfieldValues(f245, 'b').join(' ')) : { mainTitle: '' };
  const details: WorkDetails = {
    kind,
    contributors: contributorsOf(record, kind),
    ...title,
    parts: f245 ? subfieldValues(f245, 'np').map(trimPunctuation).filter(Boolean) : [],
    publishers: [],
  };
  const uniform = firstSub(record, ['240'], 'a');
  if (uniform && (kind === 'legislation' || kind === 'case')) details.uniformTitle = trimPunctuation(uniform).replace(/^\[(.*)\]$/, '$1');
  const edition = firstSub(record, ['250'], 'a');
  if (edition) details.edition = trimPunctuation(edition);
  imprintOf(record, details);
  if (year !== null) details.year = year;
  const fixed = controlValue(record, '008') ?? '';
  const [, month, day] = fixed[6] === 'e' ? (/^(\d{2})(\d{2})$/.exec(fixed.slice(11, 15)) ?? []) : [];
  if (month && Number(month) >= 1 && Number(month) <= 12) {
    details.month = Number(month);
    if (day && Number(day) >= 1 && Number(day) <= 31) details.day = Number(day);
  }
  physicalOf(record, details);
  const scale = firstSub(record, ['255'], 'a');
  if (scale) details.scale = trimPunctuation(scale);
  const carrier = firstSub(record, ['338'], 'a');
  if (carrier) details.carrier = trimPunctuation(carrier);
  const instrument = firstSub(record, ['382'], 'a');
  if (instrument) details.instrument = capitalize(trimPunctuation(instrument));
  const series = dataFields(record, '490', '830')[0];
  const seriesTitle = series && trimPunctuation(subfieldValues(series, 'a')[0] ?? '');
  if (series && seriesTitle) {
    const number = trimPunctuation(subfieldValues(series, 'v')[0] ?? '').replace(/^v\.\s*/i, '');
    details.series = number ? { title: seriesTitle, number } : { title: seriesTitle };
  }
  identifiersOf(record, details);
  const language = (controlValue(record, '008') ?? '').slice(35, 38);
  if (/^[a-z]{3}$/.test(language)) details.language = language;
  const link = dataFields(record, '856').find((f) => f.ind2 !== '2' && !/capa|cover/i.test(subfieldValues(f, '3z').join(' ')));
  const url = link && subfieldValues(link, 'u')[0];
  if (url) {
    details.url = url;
    details.accessed = { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() };
  }
  if (kind === 'periodical') details.run = runOf(record, year);
  if (kind === 'thesis') details.thesis = thesisOf(record, details);
  const host = dataFields(record, '773')[0];
  if (host) {
    details.host = hostOf(host);
    if (!details.issn && subfieldValues(host, 'x')[0]) details.issn = subfieldValues(host, 'x')[0]!.trim();
  }
  return details;
}

/** Place, publishers and the date as catalogued, from the first imprint (264 ind2 1, 260, other 264); "[S.l.]" and "[s.n.]" are no place and no publisher. */
function imprintOf(record: MarcRecord, details: WorkDetails): void {
  const imprint = dataFields(record, '264', '260').sort((a, b) => imprintRank(a) - imprintRank(b))[0];
  if (!imprint) return;
  const a = trimPunctuation(subfieldValues(imprint, 'a')[0] ?? '');
  // A date catalogued in $a ("260 $a [1974]") is no place.
  const misplacedDate = abntDate(a) ?? (/^\d{4}$/.test(a) ? a : undefined);
  const place = misplacedDate ? '' : unbracket(a);
  // A place the cataloguer supplied stays in brackets, as NBR 6023 gives it ("[São Paulo]", 8.4); "[S.l.]" is no place.
  if (place && !/^s\.\s?l\.?$/i.test(place)) details.place = a.startsWith('[') && !/\].+/.test(a) ? `[${place}]` : place;
  details.publishers = subfieldValues(imprint, 'b')
    .map((b) => unbracket(trimPunctuation(b)))
    .filter((b) => b && !/^s\.\s?n\.?$/i.test(b));
  const c = subfieldValues(imprint, 'c')[0];
  const date = c === undefined ? misplacedDate && abntDate(misplacedDate) : abntDate(trimPunctuation(c));
  const range = date ?? rangeOf(controlValue(record, '008') ?? '');
  if (range) details.date = range;
}

/**
 * A date as NBR 6023 writes it when it says more than a year (8.6.1): "c1998", "[1983]",
 * "[1969?]", "[ca. 1960]", "[1971 ou 1972]", "[entre 1906 e 1912]", "[197-]", "[18--?]",
 * read from the imprint as catalogued in any of our languages ("between 1973 and 1991",
 * "[ca. 1940]", "1886?]" whose bracket opened in $a); undefined for a plain year or what is not
 * a date.
 */
export function abntDate(value: string): string | undefined {
  let text = value.trim().replace(/^©\s*/, 'c');
  const opened = (text.match(/\[/g) ?? []).length;
  const closed = (text.match(/\]/g) ?? []).length;
  if (closed > opened) text = `[${text}`;
  else if (opened > closed) text = `${text}]`;
  const bracketed = /^\[.*\]$/.test(text);
  const inner = bracketed ? text.slice(1, -1).trim() : text;
  const wrap = (date: string) => `[${date}]`;
  let m: RegExpExecArray | null;
  if (/^\d{4}$/.test(inner)) return bracketed ? wrap(inner) : undefined;
  if ((m = /^c\s?(\d{4})$/i.exec(inner))) return bracketed ? wrap(`c${m[1]}`) : `c${m[1]}`;
  if ((m = /^(\d{4})\s?\?$/.exec(inner))) return wrap(`${m[1]}?`);
  if ((m = /^(?:ca?\.|circa|cerca de|aprox\.)\s*(\d{4})\??$/i.exec(inner))) return wrap(`ca. ${m[1]}`);
  if ((m = /^(?:between|entre|zwischen)\s+(\d{4})\??\s+(?:and|e|y|und)\s+(\d{4})\??$/i.exec(inner))) return wrap(`entre ${m[1]} e ${m[2]}`);
  if ((m = /^(\d{4})\s+(?:or|ou|o|oder)\s+(\d{4})\??$/i.exec(inner))) return wrap(`${m[1]} ou ${m[2]}`);
  if ((m = /^(\d{3})-\s?(\??)$/.exec(inner))) return wrap(`${m[1]}-${m[2]}`);
  if ((m = /^(\d{2})--\s?(\??)$/.exec(inner))) return wrap(`${m[1]}--${m[2]}`);
  return undefined;
}

/**
 * A questionable date in 008 (06 q: "q19701991", somewhere between the two years) as NBR 6023
 * writes an uncertain one: "[entre 1970 e 1979]" for less than 20 years (8.6.1), the century
 * "[19--]" for a longer span within it.
 */
function rangeOf(f008: string): string | undefined {
  if (f008[6] !== 'q') return undefined;
  const [first, last] = [f008.slice(7, 11), f008.slice(11, 15)];
  if (!/^\d{4}$/.test(first) || !/^\d{4}$/.test(last) || first === last) return undefined;
  if (Number(last) - Number(first) < 20) return `[entre ${first} e ${last}]`;
  return first.slice(0, 2) === last.slice(0, 2) ? `[${first.slice(0, 2)}--]` : undefined;
}

/** ISBN 020, ISSN 022 and DOI (024 with $2 doi). */
function identifiersOf(record: MarcRecord, details: WorkDetails): void {
  const isbn = firstSub(record, ['020'], 'a');
  if (isbn) details.isbn = isbn.split(/\s/)[0]!;
  const issn = firstSub(record, ['022'], 'a');
  if (issn) details.issn = issn.trim();
  const doi = dataFields(record, '024').find((f) => subfieldValues(f, '2').some((v) => v.trim().toLowerCase() === 'doi'));
  const value =
    doi &&
    subfieldValues(doi, 'a')[0]
      ?.trim()
      .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '');
  if (value) details.doi = value;
}

/** Title proper and subtitle; a parallel title ("=") stays with the title proper, as NBR 6023 transcribes it. */
function titleOf(a: string, b: string): { mainTitle: string; subtitle?: string } {
  const main = isbdColons(trimPunctuation(a));
  const rest = isbdColons(trimPunctuation(b));
  if (/=\s*$/.test(a.trim())) return { mainTitle: rest ? `${main} = ${rest}` : main };
  return rest ? { mainTitle: main, subtitle: rest } : { mainTitle: main };
}

/** ISBD separates title parts with " : "; a reference writes "Title: subtitle". */
function isbdColons(text: string): string {
  return text.replace(/\s+:\s+/g, ': ');
}

/** 300 $a alone is the extent (pages, leaves); with $b and $c it is the physical description of non-book material. */
function physicalOf(record: MarcRecord, details: WorkDetails): void {
  const f300 = dataFields(record, '300')[0];
  if (!f300) return;
  const extent = trimPunctuation(subfieldValues(f300, 'a').join(' '));
  if (!extent) return;
  details.extent = extent;
  details.physical = [extent, ...subfieldValues(f300, 'bc').map(trimPunctuation)].filter(Boolean).join(', ');
  // The largest count: "4 p. l., 125 p." has 4 preliminary leaves and 125 pages.
  const counts = [...extent.matchAll(/(\d+)\s*(?:p|f|pages|páginas|paginas|folhas|leaves)(?=[\s.,;)]|$)/gi)].map((m) => Number(m[1]));
  if (counts.length) details.pageCount = String(Math.max(...counts));
}

// Relator terms (MARC $e, in the languages we catalogue in) and codes ($4).
const RELATORS: [RegExp, Role][] = [
  [/^(trl|trad|tradu[çc][ãa]o|tradutor|tradutora|translator|traductor|traductora)$/, 'translator'],
  [/^(ths|orientador|orientadora|advisor|thesis advisor|supervisor|supervisora|director de tesis|coorientador|coorientadora)$/, 'advisor'],
  [
    /^(edt|orm|com|org|orgs|organizador|organizadora|organizer|ed|eds|editor|editora|editores|coord|coordenador|coordenadora|comp|compilador|compiladora|compiler|hrsg|herausgeber|toim|toimittaja)$/,
    'editor',
  ],
  [/^(cmp|compositor|compositora|composer)$/, 'composer'],
  [/^(drt|fmd|dir|diretor|diretora|dire[çc][ãa]o|director|directora|direcci[óo]n)$/, 'director'],
  [/^(pro|fmp|prod|produtor|produtora|produ[çc][ãa]o|producer|productor|productora)$/, 'producer'],
  [/^(prf|act|voc|itr|cnd|sng|int[ée]rprete|performer|actor|atriz|ator|cantor|cantora|singer|regente|conductor)$/, 'performer'],
  [/^(jud|relator|relatora|judge|juiz|ju[íi]za|ministro relator|ministra relatora|ponente)$/, 'judge'],
  [/^(aut|cre|ctg|autor|autora|author|cart[óo]grafo|cartographer)$/, 'author'],
];
const EDITOR_LABEL: [RegExp, string][] = [
  [/^(org|orgs|orm|organiz)/, 'org.'],
  [/^coord/, 'coord.'],
  [/^(comp|com$)/, 'comp.'],
];

/** The role a relator term or code ($e, $4) names; undefined for a term we do not know; null when the field names none. */
function roleOf(field: DataField): { role: Role; label?: string } | undefined | null {
  const terms = subfieldValues(field, 'e4').map((t) =>
    t
      .trim()
      .toLowerCase()
      .replace(/[.,;:]+$/, ''),
  );
  for (const term of terms) {
    const role = RELATORS.find(([re]) => re.test(term))?.[1];
    if (role === 'editor') return { role, label: EDITOR_LABEL.find(([re]) => re.test(term))?.[1] ?? 'ed.' };
    // A court decision's rapporteur, as the record words it ("Relatora").
    if (role === 'judge') return { role, label: /^relatora?$/.test(term) ? capitalize(term) : 'Relator' };
    if (role) return { role };
  }
  return terms.length ? undefined : null;
}

/**
 * A copy-specific added entry: the field applies to one institution's copy ($5, "Berger
 * Collection (Library of Congress) $5 DLC"), or it names the collection a copy came from ("…
 * Collection (Library of Congress)", LC's custodial headings before $5 was used). It tells
 * where a copy is kept, not who made the work.
 */
function custodial(field: DataField): boolean {
  if (subfieldValues(field, '5').some((v) => v.trim())) return true;
  return field.tag === '710' && /\bcollection\s*(?:\([^)]*\))?\s*\.?$/i.test(subfieldValues(field, 'a').join(' ').trim());
}

/**
 * The names of 100/110/111 and 700/710/711 with their roles. A name without a relator is an
 * author when the work has an author as its main entry (co-authors of a 100). In a work entered
 * under its title (no 1XX, 245 ind1 0) such a name takes the part the statement of
 * responsibility gives it (245 $c: "edited by …", "coordenação editorial, …", "tradução de …";
 * named with no part, an author; not named there, a contributor whose part we do not know:
 * the authors of the texts in a catalogue, the museum that organised it). Under a performer or
 * another role it is such a contributor too. Name-title and copy-specific added entries are
 * left out.
 */
function contributorsOf(record: MarcRecord, kind: WorkKind): Contributor[] {
  const out: Contributor[] = [];
  const mainField = dataFields(record, '100', '110', '111')[0];
  const mainRole = mainField && roleOf(mainField);
  const f245 = dataFields(record, '245')[0];
  const titleEntered = !mainField && f245?.ind1 === '0';
  const authorMain = mainField ? !mainRole || mainRole.role === 'author' : !titleEntered;
  const statement = f245 ? subfieldValues(f245, 'c').join(' ') : '';
  for (const field of dataFields(record, '100', '110', '111', '700', '710', '711')) {
    if (field.tag.startsWith('7') && subfieldValues(field, 't').length > 0) continue; // name-title added entry: another work
    if (field.tag.startsWith('7') && custodial(field)) continue;
    const agent = agentOf(field);
    if (!agent) continue;
    const main = field.tag.startsWith('1');
    const given = roleOf(field);
    let role: { role: Role; label?: string };
    if (given) role = given;
    // A main entry whose relator term we do not know ("ilustrador") is still the work's author.
    else if (main) role = { role: 'author' };
    else if (given === undefined) role = { role: 'other' };
    else if (authorMain) role = { role: 'author' };
    else role = (titleEntered && roleInStatement(statement, agent, kind)) || { role: 'other' };
    // The same name twice in one role (a 700 with $e and again with $c) is one contributor.
    if (out.some((c) => c.role === role.role && directName(c.agent) === directName(agent))) continue;
    out.push({ ...role, agent, ...(main ? { main: true } : {}) });
  }
  return out;
}

/** Lower case without accents, one character for one, so that positions stay those of the text. */
const fold = (text: string) =>
  text
    .split('')
    .map((ch) => (ch.normalize('NFD')[0] ?? ch).toLowerCase())
    .join('');

/**
 * The part a person has by the statement of responsibility (245 $c), from the words of its
 * clause before the name ("edited by Myra Marx Ferree and Aili Mari Tripp", "coordenação
 * editorial, Maria Alice Milliet", "toimittanut Salme Saure"); a name with no such words is an
 * author ("Jean-Pierre Vincent, Peter Szondi …"), one after other words ("pesquisa, Aida
 * Cordeiro", "with piano arrangements by …") a contributor; undefined when the name is not there.
 */
function roleInStatement(statement: string, agent: Agent, kind: WorkKind): { role: Role; label?: string } | undefined {
  if (!isPerson(agent) || !statement) return undefined;
  const text = fold(statement);
  const family = fold(agent.family);
  const at = new RegExp(`(?:^|[^\\p{L}])${family.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').exec(text);
  if (!at) return undefined;
  let start = at.index + (at[0].length - family.length);
  // The name begins at its first forename when that stands just before the surname.
  const first = fold(agent.given?.split(/\s+/)[0] ?? '');
  const before = first ? text.lastIndexOf(first, start) : -1;
  if (before >= 0 && start - before <= 40 && !/[;=]/.test(text.slice(before, start))) start = before;
  // The clause: from the last " ; ", " = " or sentence end ("Armitage. Text by") before the name.
  const clauses = [...statement.slice(0, start).matchAll(/\s[;=]\s|\p{L}{3,}\.\s+/gu)];
  const last = clauses.at(-1);
  const prefix = statement.slice(last ? last.index + last[0].length : 0, start);
  // The clause goes on after the names to the next " ; " ("Bueres, Aída Kemelmajer de Carlucci, directores").
  const suffix = statement.slice(start).split(/\s[;=]\s|\p{L}{3,}\.\s+/u)[0] ?? '';
  const words = fold(`${prefix} ${suffix.replace(/^[^,]*/, '')}`);
  if (kind === 'video' && /direc|direç|\bdir\b|regie/.test(words)) return { role: 'director' };
  if (/organi[sz]|\borg\b|coord|compil|\bcomp\b|edit|\beds?\b|toim|hrsg|herausg|redig|direc|\bdir\b/.test(words))
    return {
      role: 'editor',
      label: /organi[sz]|\borg\b/.test(words) ? 'org.' : /coord/.test(words) ? 'coord.' : /compil|\bcomp\b/.test(words) ? 'comp.' : 'ed.',
    };
  if (/tradu|transl|ubers|traduit|suomen|kaant|oversatt/.test(words)) return { role: 'translator' };
  // Only names, "and" and "by" before it: one of the authors.
  const rest = prefix
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b\p{Lu}[\p{L}'’.-]*/gu, '')
    .replace(/\b(?:by|de|por|von|par|av|of|and|e|y|und|et|da|do|dos|das|van|der|text|texts|texto|textos|written|escrito)\b/giu, '')
    .replace(/[\s,.:;&]+/g, '');
  return rest ? { role: 'other' } : { role: 'author' };
}

/** A person (X00 with a surname) or a name as it stands (bodies, meetings, forename entries). */
function agentOf(field: DataField): Agent | undefined {
  if (field.tag.endsWith('00')) {
    const a = personName(subfieldValues(field, 'a')[0] ?? '');
    if (!a) return undefined;
    const comma = a.indexOf(',');
    if (field.ind1 !== '0' && comma > 0) {
      const given = a.slice(comma + 1).trim();
      return given ? { family: a.slice(0, comma).trim(), given } : { family: a.slice(0, comma).trim() };
    }
    return { units: [a] };
  }
  if (field.tag.endsWith('11')) {
    const name = personName(subfieldValues(field, 'a')[0] ?? '');
    // Number, date and place as NBR 6023 writes them after the name: "10., 1979, Curitiba".
    const meeting = subfieldValues(field, 'ndc')
      .map((v) =>
        v
          .replace(/[()]/g, '')
          .replace(/[\s:;,]+$/, '')
          .trim(),
      )
      .filter(Boolean)
      .join(', ');
    return name ? { units: [name], ...(meeting ? { meeting } : {}) } : undefined;
  }
  const units = subfieldValues(field, 'ab').map(personName).filter(Boolean);
  return units.length ? { units } : undefined;
}

/**
 * A name without the ISBD punctuation that closes its subfield; a final full stop stays only
 * after an initial ("Gomes, L. G. F. F.") or an abbreviation ("Jr."), not after a particle
 * ("Silva, Ana Maria da.").
 */
function personName(value: string): string {
  const out = value.trim().replace(/[\s/:;,=]+$/, '');
  if (!out.endsWith('.') || /(?:^|[\s.])\p{Lu}\.$/u.test(out) || /\b(?:Jr|Sr|Fº|Ltda|S\.A|Cia|Inc|Ltd|Co)\.$/u.test(out)) return out;
  return out.slice(0, -1).trim();
}

function thesisOf(record: MarcRecord, details: WorkDetails): Thesis | undefined {
  const note = dataFields(record, '502')[0];
  if (!note) return undefined;
  const degree = trimPunctuation(subfieldValues(note, 'b').join(' '));
  const institution = trimPunctuation(subfieldValues(note, 'c').join(' '));
  if (degree || institution) {
    const label = !degree
      ? 'Tese'
      : /^(tese|disserta[çc][ãa]o|trabalho|monografia|thesis|tesis)/i.test(degree)
        ? degree
        : `${MASTERS.test(degree) ? 'Dissertação' : 'Tese'} (${degree})`;
    const year = /\d{4}/.exec(subfieldValues(note, 'd').join(' '))?.[0];
    return { level: levelOf(label), label, ...(institution ? { institution } : {}), ...(year ? { year: Number(year) } : {}) };
  }
  // Free text: "Tese (Doutorado em Educação) - Universidade Federal de Santa Catarina, 2019".
  const text = trimPunctuation(subfieldValues(note, 'a').join(' '));
  const [label = text, rest] = text.split(/\s*--\s*|\s+[-–—]\s+/, 2);
  const year = /(\d{4})\]?\s*$/.exec(rest ?? '')?.[1];
  let place = rest?.replace(/,?\s*\[?\d{4}\]?\s*$/, '');
  // A place after the institution ("…, Programa de Pós-Graduação em Educação, Florianópolis") is the imprint's.
  if (place && details.place && place.endsWith(`, ${details.place}`)) place = place.slice(0, -details.place.length - 2);
  return { level: levelOf(label), label, ...(place ? { institution: trimPunctuation(place) } : {}), ...(year ? { year: Number(year) } : {}) };
}

// Master's: Portuguese "dissertação" (a doctorate is a "tese"), English M.A./M.S./M.Sc., German Magister, French maîtrise.
const MASTERS = /mestrado|master|maestr[ií]a|disserta[çc][ãa]o|mestre|\bm\.\s?(?:a|s|sc|phil|ed)\.|\bmsc\b|magister|ma[îi]trise|pro gradu/i;
// Doctoral: "Tese (Doutorado …)", Ph.D., the German "Diss." and "Inaug.-Diss." (Inauguraldissertation), "Dr. phil.",
// "Doktorarbeit", "Habilitationsschrift", the English (US) and Scandinavian "dissertation"/"avhandling", "thèse de doctorat",
// "tesi di dottorato", Finnish "väitöskirja", Dutch "proefschrift".
const DOCTORAL =
  /doutorado|doctor|doktor|dottorato|ph\.?\s?d|d\.\s?phil|\bdr\.|\bdiss\b|dissertation|inaug|habilitation|livre-doc[êe]ncia|v[äa]it[öo]skirja|proefschrift|avhandling|^tese\b|^thesis\b|^th[èe]se\b|^tesis\b/i;
function levelOf(label: string): Thesis['level'] {
  if (MASTERS.test(label)) return 'masters';
  if (DOCTORAL.test(label) && !/conclus[ãa]o|especializa|gradua[çc][ãa]o|bacharel|licenciatura/i.test(label)) return 'doctoral';
  return 'other';
}

/** A periodical's first and last years from 008/06-14 (c and d: current and ceased), or the imprint's "1939-". */
function runOf(record: MarcRecord, year: number | null): WorkDetails['run'] {
  const f008 = controlValue(record, '008') ?? '';
  const status = f008[6];
  const start = f008.slice(7, 11);
  const end = f008.slice(11, 15);
  if ((status === 'c' || status === 'd' || status === 'u') && /^\d{4}$/.test(start)) {
    return /^\d{4}$/.test(end) && end !== '9999' ? { start: Number(start), end: Number(end) } : { start: Number(start) };
  }
  const imprint = dataFields(record, '264', '260')[0];
  const dates = /(\d{4})\s*-\s*(\d{4})?/.exec(imprint ? subfieldValues(imprint, 'c').join(' ') : '');
  if (dates) return dates[2] ? { start: Number(dates[1]), end: Number(dates[2]) } : { start: Number(dates[1]) };
  return year === null ? {} : { start: year };
}

/** The host (773): its heading $a (with "(org.)" for editors), title $t, imprint $d, and related parts $g. */
function hostOf(field: DataField): Host {
  const title = isbdColons(trimPunctuation(subfieldValues(field, 't').join(' ')));
  const colon = title.indexOf(': ');
  const host: Host = { mainTitle: colon > 0 ? title.slice(0, colon) : title, contributors: hostContributors(subfieldValues(field, 'a').join('; ')) };
  if (colon > 0) host.subtitle = title.slice(colon + 2);
  const abbreviation = trimPunctuation(subfieldValues(field, 'p').join(' '));
  if (abbreviation) host.abbreviation = abbreviation;
  const edition = trimPunctuation(subfieldValues(field, 'b').join(' '));
  if (edition) host.edition = edition;
  const imprint = trimPunctuation(subfieldValues(field, 'd').join(' '));
  const match = /^(.*?)\s*(?::\s*(.*?))?(?:,\s*(c|©)?\s*\[?(\d{4})\]?)?$/.exec(imprint);
  if (match?.[1]) host.place = match[1];
  if (match?.[2]) host.publisher = match[2];
  if (match?.[4]) host.year = Number(match[4]);
  relatedParts(subfieldValues(field, 'g').join(', '), host);
  return host;
}

function hostContributors(heading: string): Contributor[] {
  // "Levi, G.; Schmidt, J. (org.)": the label at the end is every name's.
  const labelled = /\s*\((org|ed|coord|comp)s?\.?\)\s*\.?$/i.exec(heading.trim());
  const label = labelled?.[1]?.toLowerCase();
  return (labelled ? heading.trim().slice(0, labelled.index) : heading)
    .split(/\s*;\s*/)
    .map(personName)
    .filter(Boolean)
    .map((name): Contributor => {
      const comma = name.indexOf(',');
      const agent: Agent = comma > 0 ? { family: name.slice(0, comma).trim(), given: name.slice(comma + 1).trim() } : { units: [name] };
      return label ? { role: 'editor', agent, label: `${label}.` } : { role: 'author', agent };
    });
}

/** 773 $g, e.g. "v. 25, n. 2, p. 1-20, 2020", "cap. 3, p. 15-24", "seção 1, ano 139, n. 8, p. 1-74, 11 jan. 2002". */
function relatedParts(text: string, host: Host): void {
  const tokens = text
    .split(/\s*,\s*/)
    .map((t) => trimPunctuation(t).replace(/^\((.*)\)$/, '$1'))
    .filter(Boolean);
  const section = tokens.findIndex((t) => /^se[çc][ãa]o\s+\S+/i.test(t));
  if (section >= 0) {
    host.section = tokens[section]!;
    const rest = tokens.slice(section + 1).join(', ');
    if (rest) host.rest = rest;
    return;
  }
  const date: string[] = [];
  for (const token of tokens) {
    const [, key, value = ''] = /^(v|vol|n|no|nº|n\.º|num|p|pp|cap)(?:\.\s*|\s+)(.*)$/i.exec(token) ?? [];
    switch (key?.toLowerCase()) {
      case 'v':
      case 'vol':
        host.volume = value;
        break;
      case 'n':
      case 'no':
      case 'nº':
      case 'n.º':
      case 'num':
        host.issue = value;
        break;
      case 'p':
      case 'pp':
        host.pages = value.replace(/\s*[-–]\s*/, '-');
        break;
      case 'cap':
        host.chapter = value;
        break;
      default:
        date.push(token);
    }
  }
  if (date.length) host.date = date.join(', ');
  const year = /(\d{4})(?!.*\d{4})/.exec(host.date ?? '')?.[1];
  if (year && !host.year) host.year = Number(year);
}

function firstSub(record: MarcRecord, tags: string[], code: string): string | undefined {
  for (const field of dataFields(record, ...tags)) {
    const value = subfieldValues(field, code)[0];
    if (value?.trim()) return value.trim();
  }
  return undefined;
}

/** RDA 264 ind2 1 (publication) before 260 before other 264 functions. */
function imprintRank(field: DataField): number {
  if (field.tag === '264') return field.ind2 === '1' ? 0 : 2;
  return 1;
}

/** Without the brackets of a supplied element ("[S.l.]", "[S.l. :", "s.n.]"). */
const unbracket = (value: string) =>
  value
    .replace(/^\[/, '')
    .replace(/\]\.?$/, '')
    .trim();

/** Abbreviations whose full stop stays at the end of a subfield ("il.", "color.", "ed."). */
const ABBREVIATIONS = new Set(
  'il color son p f v n t cap op ed eds rev atual ampl aum enl fasc aprox col pol fot grav est org coord comp trad jr sr ltda cia inc co corp bros dept univ assoc soc dr prof ca pb ms'.split(
    ' ',
  ),
);

/** Drops the ISBD punctuation that closes a MARC subfield (" /", " :", " ;", ",", "=", "."), but not an abbreviation's or an initial's stop. */
export function trimPunctuation(value: string): string {
  const whole = value.trim();
  let out = whole.replace(/[\s/:;,=+]+$/, '');
  // Before ISBD's " :", " ;", " /" and "," a full stop is the data's own ("Reading, Mass. :", AACR2 1.0C).
  if (out.endsWith('.') && out.length === whole.length) {
    const word = /([\p{L}º]+)\.$/u.exec(out)?.[1] ?? '';
    const keep = ABBREVIATIONS.has(word.toLowerCase()) || /(?:^|[\s.])\p{Lu}\.$/u.test(out) || /\p{L}\.\p{L}+\.$/u.test(out);
    if (!keep) out = out.slice(0, -1);
  }
  return out.trim();
}

/** The CSL-JSON variables of a reference (APA and Vancouver; the genre of a thesis is set per style). */
function cslVariables(id: string, d: WorkDetails): Omit<CslItem, 'estante'> {
  const names = (roles: Role[], contributors = d.contributors) => withRole(contributors, ...roles).map((c) => cslName(c.agent));
  const item: Omit<CslItem, 'estante'> = { id, type: CSL_TYPES[d.kind], title: fullTitle(d) };
  const set = <K extends keyof Omit<CslItem, 'estante'>>(key: K, value: Omit<CslItem, 'estante'>[K] | undefined) => {
    if (value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)) item[key] = value;
  };
  set('author', names(['author']));
  set('editor', names(['editor']));
  set('translator', names(['translator']));
  set('composer', names(['composer']));
  set('director', names(['director']));
  set('producer', names(['producer']));
  set('performer', names(['performer']));
  if (d.kind === 'score' && !item.author && item.composer) item.author = item.composer;
  // A film is cited under its director (APA 10.12); names without a relator are its cast or crew.
  if (d.kind === 'video' && item.director) delete item.author;
  // A recording without author: APA and Vancouver enter it under its composer or, failing that, its performers.
  if ((d.kind === 'music' || d.kind === 'sound') && !item.author) set('author', item.composer ?? item.performer);
  set('edition', d.edition && (/^(\d+)/.exec(d.edition)?.[1] ?? d.edition));
  set('publisher', d.publishers.join('; ') || undefined);
  // Citing Medicine's CSL style brackets a thesis's place itself.
  set('publisher-place', d.kind === 'thesis' ? d.place?.replace(/^\[(.*)\]$/, '$1') : d.place);
  if (d.year !== undefined) item.issued = { 'date-parts': [[d.year, ...(d.month ? [d.month, ...(d.day ? [d.day] : [])] : [])]] };
  if (d.accessed) item.accessed = { 'date-parts': [[d.accessed.year, d.accessed.month, d.accessed.day]] };
  set('URL', d.url);
  set('DOI', d.doi);
  set('ISBN', d.isbn);
  set('ISSN', d.issn);
  set('scale', d.scale);
  set('language', d.language && CSL_LANGUAGES[d.language]);
  if (d.kind === 'book' || d.kind === 'thesis' || d.kind === 'standard') set('number-of-pages', d.pageCount);
  if (d.series && d.kind !== 'periodical') {
    set('collection-title', d.series.title);
    set('collection-number', d.series.number);
  }
  if (d.kind === 'thesis' && d.thesis?.institution) item.publisher = d.thesis.institution;
  if (d.host) {
    const host = d.host;
    set('container-title', [host.mainTitle, host.subtitle].filter(Boolean).join(': '));
    set('container-title-short', host.abbreviation);
    set('editor', item.editor ?? names(['editor'], host.contributors));
    set('container-author', names(['author'], host.contributors));
    set('volume', host.volume);
    set('issue', host.issue);
    set('page', host.pages);
    set('section', host.section);
    const year = d.year ?? host.year;
    const month = monthOf(host.date);
    if (year !== undefined) item.issued = { 'date-parts': [month ? [year, month] : [year]] };
    if (d.kind === 'chapter') {
      set('publisher', host.publisher ?? item.publisher);
      set('publisher-place', host.place ?? item['publisher-place']);
    } else if (d.kind === 'article') {
      delete item.publisher;
      set('publisher-place', host.place);
    }
  }
  return item;
}

const MONTH_NAMES = [
  /^(jan|ene)/,
  /^(fev|feb)/,
  /^mar/,
  /^(abr|apr)/,
  /^(maio|may|mayo)/,
  /^jun/,
  /^jul/,
  /^(ago|aug)/,
  /^(set|sep)/,
  /^(out|oct)/,
  /^nov/,
  /^(dez|dec|dic)/,
];

/** The month of an issue's date as printed ("set. 1997", "Jan 2005"), when it names a single month. */
function monthOf(date: string | undefined): number | undefined {
  const word = /^(\p{L}+)\.?\s+\d{4}$/u.exec(date?.trim() ?? '')?.[1]?.toLowerCase();
  const index = word ? MONTH_NAMES.findIndex((re) => re.test(word)) : -1;
  return index >= 0 ? index + 1 : undefined;
}

/** MARC language codes as CSL (BCP 47) languages. */
const CSL_LANGUAGES: Record<string, string> = { por: 'pt-BR', spa: 'es', eng: 'en', fre: 'fr', ger: 'de', ita: 'it' };

const CSL_TYPES: Record<WorkKind, string> = {
  book: 'book',
  chapter: 'chapter',
  thesis: 'thesis',
  periodical: 'periodical',
  article: 'article-journal',
  legislation: 'legislation',
  case: 'legal_case',
  standard: 'standard',
  map: 'map',
  score: 'musical_score',
  music: 'song',
  sound: 'song',
  video: 'motion_picture',
  graphic: 'graphic',
  online: 'webpage',
  manuscript: 'manuscript',
  archive: 'manuscript',
  object: 'document',
  mixed: 'document',
};

function cslName(agent: Agent): CslName {
  if (!isPerson(agent)) return { literal: bodyName(agent) };
  return agent.given ? { family: agent.family, given: agent.given } : { family: agent.family };
}

const STYLE_LOCALE: Record<ReferenceStyle, Record<Language, string>> = {
  abnt: { pt: 'pt-BR', en: 'pt-BR', es: 'pt-BR' },
  apa: { pt: 'pt-BR', en: 'en-US', es: 'es-ES' },
  vancouver: { pt: 'pt-BR', en: 'en-US', es: 'es-ES' },
};

/** How APA (in brackets after the title) and Vancouver (Citing Medicine, "[dissertation]") name a thesis, in the interface language. */
const THESIS_GENRE: Record<'apa' | 'vancouver', Record<Language, Record<Thesis['level'], string | undefined>>> = {
  apa: {
    en: { doctoral: 'Doctoral dissertation', masters: "Master's thesis", other: undefined },
    pt: { doctoral: 'Tese de doutorado', masters: 'Dissertação de mestrado', other: undefined },
    es: { doctoral: 'Tesis doctoral', masters: 'Tesis de maestría', other: undefined },
  },
  vancouver: {
    en: { doctoral: 'dissertation', masters: "master's thesis", other: undefined },
    pt: { doctoral: 'tese', masters: 'dissertação', other: undefined },
    es: { doctoral: 'tesis doctoral', masters: 'tesis de maestría', other: undefined },
  },
};

/** What APA writes in brackets after the title of non-book material ("[Film]", "[Map]", "[Musical score]"). */
const MEDIUM: Partial<Record<WorkKind, Record<Language, string>>> = {
  video: { en: 'Film', pt: 'Filme', es: 'Película' },
  map: { en: 'Map', pt: 'Mapa', es: 'Mapa' },
  score: { en: 'Musical score', pt: 'Partitura', es: 'Partitura' },
  music: { en: 'Album', pt: 'Álbum', es: 'Álbum' },
};

/**
 * The CSL-JSON item the processor gets: our own details left out, the thesis genre and medium
 * in the style's words, and what APA asks that CSL styles cannot know: the first word of a
 * subtitle capitalized (APA 6.17) and no publisher when it is the author (APA 9.29).
 */
function forStyle(item: CslItem, style: 'apa' | 'vancouver', language: Language): Omit<CslItem, 'estante'> {
  const { estante, ...csl } = item;
  const out: Omit<CslItem, 'estante'> = { ...csl };
  if (estante.thesis) {
    const genre = THESIS_GENRE[style][language][estante.thesis.level];
    out.genre = genre === undefined ? estante.thesis.label : style === 'apa' && !estante.url ? capitalize(UNPUBLISHED[language](genre)) : genre;
  }
  if (style === 'apa') {
    const medium = MEDIUM[estante.kind]?.[language];
    if (medium) out.genre = medium;
    out.title = subtitleCapitalized(out.title);
    if (estante.kind === 'chapter' && out['container-title']) out['container-title'] = subtitleCapitalized(out['container-title']);
    const authors = (out.author ?? []).map((name) => ('literal' in name ? name.literal : undefined));
    if (out.publisher && authors.includes(out.publisher)) delete out.publisher;
  } else if (estante.kind === 'video' && estante.carrier) out.genre = estante.carrier;
  return out;
}

/** APA's "[Unpublished doctoral dissertation]" for a thesis not in a database or repository (APA 10.6). */
const UNPUBLISHED: Record<Language, (genre: string) => string> = {
  en: (genre) => `unpublished ${genre.charAt(0).toLowerCase()}${genre.slice(1)}`,
  pt: (genre) => `${genre} não publicada`,
  es: (genre) => `${genre} no publicada`,
};

const subtitleCapitalized = (title: string) => title.replace(/:\s+(\p{Ll})/u, (_, letter: string) => `: ${letter.toLocaleUpperCase()}`);

/**
 * References in a style, as plain text and as HTML, one a line. ABNT NBR 6023:2018 is written
 * by our own formatter (citation.abnt.ts: the CSL processor can set neither the title proper
 * apart from its subtitle in bold nor the subordinate units of a body in lower case, the two
 * rules every ABNT reference follows) and is always in Portuguese; APA 7 and Vancouver are
 * formatted by the CSL processor in the interface language.
 */
export function formatReference(items: CslItem[], style: ReferenceStyle, language: Language): { texto: string; html: string } {
  if (style === 'abnt') return abntReferences(items.map((item) => item.estante));
  register();
  const cite = new Cite(items.map((item) => forStyle(item, style, language)));
  const options = { template: style, lang: STYLE_LOCALE[style][language] };
  // One reference a line, without the blanks the processor leaves at the end of each.
  const texto = (cite.format('bibliography', { ...options, format: 'text' }) as string)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
  const html = (cite.format('bibliography', { ...options, format: 'html' }) as string).trim();
  // Citing Medicine writes page ranges with a hyphen ("112-6"); the CSL locales give an en dash.
  if (style === 'vancouver') return { texto: texto.replace(/(\d)–(\d)/g, '$1-$2'), html: html.replace(/(\d)–(\d)/g, '$1-$2') };
  return { texto, html };
}
