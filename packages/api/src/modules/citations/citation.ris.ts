import type { CslItem } from './citation.js';
import { fullTitle, invertedName, type Role, type WorkDetails, type WorkKind, withRole } from './citation.model.js';

/** RIS reference types (the RIS specification's TY list) for each kind of work. */
const TYPES: Record<WorkKind, string> = {
  book: 'BOOK',
  chapter: 'CHAP',
  thesis: 'THES',
  periodical: 'JFULL',
  article: 'JOUR',
  legislation: 'STAT',
  case: 'CASE',
  standard: 'STAND',
  map: 'MAP',
  score: 'MUSIC',
  music: 'SOUND',
  sound: 'SOUND',
  video: 'VIDEO',
  graphic: 'ART',
  online: 'ELEC',
  manuscript: 'MANSCPT',
  archive: 'MANSCPT',
  object: 'GEN',
  mixed: 'GEN',
};

/**
 * Which tag holds each role, by the RIS specification's per-type tables (as Zotero and
 * citation.js read them): AU the creator — the composer of a score or recording, the director
 * of a film (or, naming none, its author) —, A2 the editor of a book a chapter is in and the performers of a recording, A3 the
 * editor of a book, a thesis's advisor and a film's producer, A4 the translator.
 */
function creatorTags(type: string): [string, Role[]][] {
  switch (type) {
    case 'MUSIC':
      return [
        ['AU', ['composer', 'author']],
        ['A2', ['editor']],
        ['A4', ['translator']],
      ];
    case 'SOUND':
      return [
        ['AU', ['composer', 'author']],
        ['A2', ['performer']],
        ['A4', ['translator']],
      ];
    case 'VIDEO':
      return [
        ['AU', ['director', 'author']],
        ['A3', ['producer']],
        ['A4', ['translator']],
      ];
    case 'THES':
      return [
        ['AU', ['author']],
        ['A3', ['advisor']],
        ['A4', ['translator']],
      ];
    case 'BOOK':
      return [
        ['AU', ['author']],
        ['A3', ['editor']],
        ['A4', ['translator']],
      ];
    default:
      return [
        ['AU', ['author']],
        ['A2', ['editor']],
        ['A4', ['translator']],
      ];
  }
}

/**
 * The references as RIS (reference managers: Zotero, Mendeley, EndNote), one record per item,
 * CRLF lines, each value on one line (readers join wrapped lines with a space).
 */
export function toRis(items: CslItem[]): string {
  return items.map((item) => record(item.estante).join('\r\n')).join('\r\n') + '\r\n';
}

function record(d: WorkDetails): string[] {
  const type = TYPES[d.kind];
  const lines = [`TY  - ${type}`];
  const add = (tag: string, value: string | number | undefined) => {
    const text =
      value === undefined
        ? ''
        : String(value)
            .replace(/[\r\n]+/g, ' ')
            .trim();
    if (text) lines.push(`${tag}  - ${text}`);
  };
  for (const [tag, roles] of creatorTags(type)) for (const c of withRole(d.contributors, ...roles)) add(tag, invertedName(c.agent));
  // The editors of the book a chapter is in are the chapter's A2, like the book's own.
  if (type === 'CHAP' && d.host) for (const c of withRole(d.host.contributors, 'editor')) add('A2', invertedName(c.agent));
  if (type === 'CHAP' && d.host) for (const c of withRole(d.host.contributors, 'author')) add('C2', invertedName(c.agent));
  add('TI', fullTitle(d));
  if (d.host) add('T2', [d.host.mainTitle, d.host.subtitle].filter(Boolean).join(': '));
  if (d.series) {
    add(type === 'BOOK' ? 'T2' : 'T3', d.series.title);
    if (type === 'BOOK') add('M1', d.series.number);
  }
  add('PY', d.kind === 'periodical' ? d.run?.start : (d.year ?? d.host?.year));
  add('CY', d.host && (type === 'CHAP' || type === 'JOUR') ? d.host.place : d.place);
  add('PB', type === 'THES' ? (d.thesis?.institution ?? d.publishers[0]) : type === 'CHAP' ? (d.host?.publisher ?? d.publishers[0]) : d.publishers.join('; '));
  add('ET', d.edition && (/^(\d+)/.exec(d.edition)?.[1] ?? d.edition));
  add('M3', d.thesis?.label);
  add('VL', d.host?.volume);
  add('IS', d.host?.issue);
  pages(d, type, add);
  add('C1', type === 'MAP' ? d.scale : undefined);
  add('SN', d.isbn ?? d.issn);
  add('LA', d.language);
  add('DO', d.doi);
  add('UR', d.url);
  if (d.accessed) add('Y2', `${d.accessed.year}/${pad(d.accessed.month)}/${pad(d.accessed.day)}`);
  lines.push('ER  - ');
  return lines;
}

/** SP and EP: first and last page of a part; for a whole book or thesis, SP is its number of pages (the specification's "Number of Pages"). */
function pages(d: WorkDetails, type: string, add: (tag: string, value: string | undefined) => void): void {
  if (type === 'BOOK' || type === 'THES') {
    add('SP', d.pageCount);
    return;
  }
  const range = d.host?.pages;
  if (!range) return;
  const [first, last] = range.split('-');
  add('SP', first);
  add('EP', last);
}

const pad = (n: number) => String(n).padStart(2, '0');
