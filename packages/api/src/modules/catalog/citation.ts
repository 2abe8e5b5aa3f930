import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Cite, plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-bibtex';
import type { Language, ReferenceStyle } from '@estante/contracts';
import { WORK_TYPE } from '../../marc/derive.js';
import { type DataField, dataFields, type MarcRecord, subfieldValues } from '../../marc/record.js';

const csl = (file: string) => readFileSync(fileURLToPath(new URL(`./csl/${file}`, import.meta.url)), 'utf8');

let registered = false;
/** Registers the ABNT NBR 6023:2018 style and the pt-BR / es-ES locales (csl/README.md), once. */
function register(): void {
  if (registered) return;
  const config = plugins.config.get('@csl') as { styles: { add(name: string, xml: string): void }; locales: { add(name: string, xml: string): void } };
  config.styles.add('abnt', csl('associacao-brasileira-de-normas-tecnicas-ufrgs.csl'));
  config.locales.add('pt-BR', csl('locales-pt-BR.xml'));
  config.locales.add('es-ES', csl('locales-es-ES.xml'));
  registered = true;
}

/** A CSL-JSON item (only the variables we fill). */
export interface CslItem {
  id: string;
  type: string;
  title: string;
  author?: CslName[];
  editor?: CslName[];
  translator?: CslName[];
  'container-author'?: CslName[];
  'container-title'?: string;
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
  genre?: string;
  ISBN?: string;
  ISSN?: string;
  URL?: string;
}
type CslName = { family: string; given?: string } | { literal: string };

export interface CitableTitle {
  codAcervo: number;
  codTipoObra: number;
  anoPublicacao: number | null;
  acessoRemoto: boolean;
  marc: MarcRecord;
}

/**
 * The CSL-JSON item for a title, read from its MARC record: names from 100/110/111 and 700/710
 * (relator terms decide author, editor or translator), title 245 $a $b $n $p, edition 250,
 * imprint 264/260, extent 300, series 490/830, ISBN/ISSN, the online link (856, not the cover)
 * with today as the access date, a thesis note 502, a host item 773 for chapters and articles.
 */
export function cslItem(title: CitableTitle, today: Date): CslItem {
  const record = title.marc;
  const item: CslItem = { id: String(title.codAcervo), type: cslType(title), title: titleOf(record) };
  const names = namesOf(record);
  if (names.author.length) item.author = names.author;
  if (names.editor.length) item.editor = names.editor;
  if (names.translator.length) item.translator = names.translator;
  const edition = firstSub(record, ['250'], 'a');
  if (edition) item.edition = /^(\d+)/.exec(edition)?.[1] ?? trimPunctuation(edition);
  const imprint = dataFields(record, '264', '260').sort((a, b) => imprintRank(a) - imprintRank(b))[0];
  const place = imprint && trimPunctuation(subfieldValues(imprint, 'a')[0] ?? '').replace(/^\[(.*)\]$/, '$1');
  const publisher = imprint && trimPunctuation(subfieldValues(imprint, 'b')[0] ?? '').replace(/^\[(.*)\]$/, '$1');
  if (place && !/^s\.\s?l\.?$/i.test(place)) item['publisher-place'] = place;
  if (publisher && !/^s\.\s?n\.?$/i.test(publisher)) item.publisher = publisher;
  if (title.anoPublicacao !== null) item.issued = { 'date-parts': [[title.anoPublicacao]] };
  const extent = firstSub(record, ['300'], 'a');
  const pages = extent && /(\d+)\s*(?:p\b|f\b|pages|páginas|folhas|h\b)/i.exec(extent);
  if (pages && item.type !== 'article-journal' && item.type !== 'chapter') item['number-of-pages'] = pages[1];
  const series = dataFields(record, '490', '830')[0];
  if (series) {
    const name = trimPunctuation(subfieldValues(series, 'a')[0] ?? '');
    if (name) item['collection-title'] = name;
    const number = trimPunctuation(subfieldValues(series, 'v')[0] ?? '');
    if (number) item['collection-number'] = number.replace(/^v\.\s*/i, '');
  }
  const isbn = firstSub(record, ['020'], 'a');
  if (isbn) item.ISBN = isbn.split(/\s/)[0]!;
  const issn = firstSub(record, ['022'], 'a');
  if (issn) item.ISSN = issn;
  const url = dataFields(record, '856').find((f) => f.ind2 !== '2' && !/capa|cover/i.test(subfieldValues(f, '3z').join(' ')));
  const href = url && subfieldValues(url, 'u')[0];
  if (href) {
    item.URL = href;
    item.accessed = { 'date-parts': [[today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()]] };
  }
  if (item.type === 'thesis') thesis(record, item);
  if (item.type === 'chapter' || item.type === 'article-journal') host(record, item);
  return item;
}

function cslType(title: CitableTitle): string {
  switch (title.codTipoObra) {
    case WORK_TYPE.tese:
      return 'thesis';
    case WORK_TYPE.artigo:
      return 'article-journal';
    case WORK_TYPE.capitulo:
      return 'chapter';
    case WORK_TYPE.periodico:
      return 'periodical';
    case WORK_TYPE.video:
      return 'motion_picture';
    case WORK_TYPE.somMusical:
    case WORK_TYPE.somNaoMusical:
      return 'song';
    case WORK_TYPE.partitura:
      return 'musical_score';
    case WORK_TYPE.mapa:
      return 'map';
    case WORK_TYPE.grafico:
      return 'graphic';
    case WORK_TYPE.manuscrito:
      return 'manuscript';
    case WORK_TYPE.eletronico:
      return 'webpage';
    default:
      return 'book';
  }
}

function titleOf(record: MarcRecord): string {
  const f245 = dataFields(record, '245')[0];
  if (!f245) return '';
  const main = trimPunctuation(subfieldValues(f245, 'a').join(' '));
  const rest = trimPunctuation(subfieldValues(f245, 'b').join(' '));
  const parts = subfieldValues(f245, 'np').map(trimPunctuation).filter(Boolean);
  return isbdColons([rest ? `${main}: ${rest}` : main, ...parts].join('. '));
}

/** ISBD separates title parts with " : "; a reference writes "Title: subtitle". */
function isbdColons(text: string): string {
  return text.replace(/\s+:\s+/g, ': ');
}

const EDITOR = /\b(org|orgs|organizador|organizadora|organizer|ed|eds|editor|editora|editores|coord|coordenador|coordenadora|comp|compilador|compiler)\b/i;
const TRANSLATOR = /\b(trad|tradutor|tradutora|translator|trl|traductor)\b/i;

function namesOf(record: MarcRecord): { author: CslName[]; editor: CslName[]; translator: CslName[] } {
  const out = { author: [] as CslName[], editor: [] as CslName[], translator: [] as CslName[] };
  const others: CslName[] = [];
  for (const field of dataFields(record, '100', '110', '111', '700', '710', '711')) {
    if (field.tag.startsWith('7') && subfieldValues(field, 't').length > 0) continue; // name-title added entry: another work
    const relator = subfieldValues(field, 'e4').join(' ');
    const name = nameOf(field);
    if (!name) continue;
    if (TRANSLATOR.test(relator)) out.translator.push(name);
    else if (EDITOR.test(relator)) out.editor.push(name);
    else if (field.tag.startsWith('1') || !relator || /\b(aut|autor|autora|author)\b/i.test(relator)) out.author.push(name);
    else others.push(name);
  }
  // No author, editor or translator: the work is entered under its other creators (performers
  // of a recording, composers, directors), as a reference would name them.
  if (out.author.length + out.editor.length + out.translator.length === 0) out.author.push(...others);
  return out;
}

function nameOf(field: DataField): CslName | undefined {
  if (field.tag.endsWith('00')) {
    const a = trimPunctuation(subfieldValues(field, 'a')[0] ?? '');
    if (!a) return undefined;
    const comma = a.indexOf(',');
    if (field.ind1 === '1' && comma > 0) return { family: a.slice(0, comma).trim(), given: a.slice(comma + 1).trim() };
    return { literal: a };
  }
  const literal = subfieldValues(field, field.tag.endsWith('11') ? 'aqe' : 'ab')
    .map(trimPunctuation)
    .filter(Boolean)
    .join('. ');
  return literal ? { literal } : undefined;
}

function thesis(record: MarcRecord, item: CslItem): void {
  const note = dataFields(record, '502')[0];
  if (!note) return;
  const degree = trimPunctuation(subfieldValues(note, 'b').join(' '));
  const institution = trimPunctuation(subfieldValues(note, 'c').join(' '));
  if (degree || institution) {
    if (degree)
      item.genre = /^(tese|dissertação|dissertacao|trabalho|monografia|thesis|tesis)/i.test(degree)
        ? degree
        : `${/mestrado|master|maestr/i.test(degree) ? 'Dissertação' : 'Tese'} (${degree})`;
    if (institution) item.publisher = institution;
    return;
  }
  // Free text, e.g. "Tese (Doutorado em Educação) - Universidade Federal de Santa Catarina, 2019".
  const text = trimPunctuation(subfieldValues(note, 'a').join(' '));
  const [genre, rest] = text.split(/\s+[-–—]{1,2}\s+/, 2);
  if (genre) item.genre = genre;
  if (rest) item.publisher = trimPunctuation(rest.replace(/,?\s*\d{4}\s*$/, ''));
}

function host(record: MarcRecord, item: CslItem): void {
  const f773 = dataFields(record, '773')[0];
  if (!f773) return;
  const container = isbdColons(trimPunctuation(subfieldValues(f773, 't').join(' ')));
  if (container) item['container-title'] = container;
  const hostAuthor = trimPunctuation(subfieldValues(f773, 'a')[0] ?? '');
  if (hostAuthor && item.type === 'chapter') {
    const comma = hostAuthor.indexOf(',');
    item['container-author'] = [comma > 0 ? { family: hostAuthor.slice(0, comma).trim(), given: hostAuthor.slice(comma + 1).trim() } : { literal: hostAuthor }];
  }
  const imprint = trimPunctuation(subfieldValues(f773, 'd').join(' '));
  const match = /^(.*?)\s*:\s*(.*?)(?:,\s*(?:c|©)?\s*\d{4})?$/.exec(imprint);
  if (match?.[1]) item['publisher-place'] = match[1];
  if (match?.[2] && item.type === 'chapter') item.publisher = match[2];
  const related = subfieldValues(f773, 'g').join(' ');
  const volume = /\bv\.\s*(\w+)/i.exec(related)?.[1];
  const issue = /\b(?:n|no|nº)\.?\s*(\w+)/i.exec(related)?.[1];
  const page = /\bp\.\s*(\d+(?:\s*[-–]\s*\d+)?)/i.exec(related)?.[1];
  if (volume) item.volume = volume;
  if (issue) item.issue = issue;
  if (page) item.page = page.replace(/\s*[-–]\s*/, '-');
  const issn = subfieldValues(f773, 'x')[0];
  if (issn && !item.ISSN) item.ISSN = issn;
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

/** Drops the ISBD punctuation that closes a MARC subfield (" /", " :", " ;", ",", "=", "."). */
export function trimPunctuation(value: string): string {
  let out = value.trim().replace(/[\s/:;,=]+$/, '');
  // A final full stop goes, but not the one of an abbreviation of one or two letters ("ed.", "Jr.").
  if (out.endsWith('.') && !/(?:^|[\s.])\p{L}{1,2}\.$/u.test(out)) out = out.slice(0, -1);
  return out.trim();
}

const STYLE_LOCALE: Record<ReferenceStyle, Record<Language, string>> = {
  abnt: { pt: 'pt-BR', en: 'pt-BR', es: 'pt-BR' },
  apa: { pt: 'pt-BR', en: 'en-US', es: 'es-ES' },
  vancouver: { pt: 'pt-BR', en: 'en-US', es: 'es-ES' },
};

/**
 * A reference in a style, as plain text and as HTML (the title in bold, as ABNT wants), by the
 * CSL processor. ABNT is always in Portuguese (the standard's own terms); APA and Vancouver
 * follow the interface language.
 */
export function formatReference(items: CslItem[], style: ReferenceStyle, language: Language): { texto: string; html: string } {
  register();
  const cite = new Cite(items);
  const options = { template: style, lang: STYLE_LOCALE[style][language] };
  // One reference a line, without the blanks the processor leaves at the end of each.
  const texto = (cite.format('bibliography', { ...options, format: 'text' }) as string)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
  const html = (cite.format('bibliography', { ...options, format: 'html' }) as string).trim();
  return { texto, html };
}

/**
 * The items as RIS (reference managers: Zotero, Mendeley, EndNote), one record per item, CRLF
 * lines. citation.js maps the fields; we write the lines ourselves because its writer breaks
 * values every 70 characters, mid-word, and readers join the pieces with a space.
 */
export function toRis(items: CslItem[]): string {
  const entries = new Cite(items).format('ris', { format: 'object' }) as unknown as Record<string, unknown>[];
  return entries
    .map((entry) => {
      const lines = [`TY  - ${String(entry.TY)}`];
      for (const [tag, value] of Object.entries(entry)) {
        if (tag === 'TY') continue;
        for (const v of ([] as unknown[]).concat(value)) lines.push(`${tag}  - ${String(v).replace(/[\r\n]+/g, ' ')}`);
      }
      lines.push('ER  - ');
      return lines.join('\r\n');
    })
    .join('\r\n')
    .concat('\r\n');
}

/** The items as BibTeX entries, keyed by their title numbers (estante1234). */
export function toBibtex(items: CslItem[]): string {
  return new Cite(items.map((item) => ({ ...item, 'citation-key': `estante${item.id}` }))).format('bibtex') as string;
}
