import type { CslItem } from './citation.js';
import { type Contributor, fullTitle, invertedName, isPerson, type WorkDetails, type WorkKind, withRole } from './citation.model.js';

/**
 * BibTeX entry types: BibTeX's own where it has one (book, incollection, article, phdthesis,
 * mastersthesis, unpublished, misc), biblatex's for what BibTeX lacks (periodical,
 * legislation, jurisdiction, standard, music, audio, video, online); BibTeX styles read these
 * as misc.
 */
function entryType(d: WorkDetails): string {
  if (d.kind === 'thesis') return d.thesis?.level === 'doctoral' ? 'phdthesis' : 'mastersthesis';
  return TYPES[d.kind];
}

const TYPES: Record<WorkKind, string> = {
  book: 'book',
  chapter: 'incollection',
  thesis: 'phdthesis',
  periodical: 'periodical',
  article: 'article',
  legislation: 'legislation',
  case: 'jurisdiction',
  standard: 'standard',
  map: 'misc',
  score: 'misc',
  music: 'music',
  sound: 'audio',
  video: 'video',
  graphic: 'misc',
  online: 'online',
  manuscript: 'unpublished',
  archive: 'unpublished',
  object: 'misc',
  mixed: 'misc',
};

/** babel/biblatex language names, so that BibTeX tools leave the titles' case as catalogued. */
const LANGID: Record<string, string> = { por: 'brazilian', spa: 'spanish', eng: 'english', fre: 'french', ger: 'german', ita: 'italian' };

/**
 * The references as BibTeX entries keyed by title number (estante1234). Persons are
 * "Surname, Forenames", bodies braced whole; every role has its field: author (the composer of
 * a score or recording, too), editor, translator, bookauthor and, for the roles neither BibTeX
 * nor biblatex has a field for (director, producer, advisor, a composer who is not the author),
 * biblatex's editor fields with their role (`editor` + `editortype = {director}`, then
 * `editora` + `editoratype`, `editorb`, `editorc`): biber prints the role (a type that is not
 * one of its localisation keys as it stands), Better BibTeX reads `editortype = {director}`
 * back as a film's director, and readers that know only `editor` (citation.js, Zotero's BibTeX
 * import) still get the names. Fields named after the role (`director = …`) were ignored by all
 * of them.
 */
export function toBibtex(items: CslItem[]): string {
  return items.map((item) => entry(item.id, item.estante)).join('\n\n') + '\n';
}

function entry(id: string, d: WorkDetails): string {
  const fields: [string, string][] = [];
  const add = (name: string, value: string | number | undefined, raw = false) => {
    const text = value === undefined ? '' : String(value).trim();
    if (text) fields.push([name, raw ? text : escape(text)]);
  };
  const names = (name: string, contributors: Contributor[]) => {
    if (contributors.length) fields.push([name, contributors.map((c) => bibName(c)).join(' and ')]);
  };
  const c = d.contributors;
  const recording = d.kind === 'score' || d.kind === 'music' || d.kind === 'sound';
  const authors = withRole(c, 'author');
  const composersAsAuthors = recording && authors.length === 0;
  names('author', composersAsAuthors ? withRole(c, 'composer') : authors);
  const editors = [...withRole(c, 'editor'), ...(d.kind === 'chapter' && d.host ? withRole(d.host.contributors, 'editor') : [])];
  const label = editors.find((e) => e.label)?.label;
  // One editor field per role, in biblatex's order: editor, editora, editorb, editorc.
  const roles: [string | undefined, Contributor[]][] = [
    [label === 'org.' ? 'organizer' : label === 'comp.' ? 'compiler' : undefined, editors],
    ['director', withRole(c, 'director')],
    ['producer', withRole(c, 'producer')],
    ['advisor', withRole(c, 'advisor')],
    ['composer', composersAsAuthors ? [] : withRole(c, 'composer')],
  ];
  const slots = ['editor', 'editora', 'editorb', 'editorc'];
  for (const [type, list] of roles.filter(([, list]) => list.length > 0)) {
    const slot = slots.shift();
    if (!slot) break;
    names(slot, list);
    if (type) fields.push([`${slot}type`, type]);
  }
  if (d.kind === 'chapter' && d.host) names('bookauthor', withRole(d.host.contributors, 'author'));
  names('translator', withRole(c, 'translator'));
  add('title', protect(escape(fullTitle(d))), true);
  const host = d.host;
  if (host) {
    const hostTitle = protect(escape([host.mainTitle, host.subtitle].filter(Boolean).join(': ')));
    if (d.kind === 'chapter') add('booktitle', hostTitle, true);
    else add('journal', hostTitle, true);
    add('volume', host.volume);
    add('number', host.issue);
    add('chapter', host.chapter);
    add('pages', host.pages?.replace('-', '--'));
  }
  add('edition', d.edition && (/^(\d+)/.exec(d.edition)?.[1] ?? d.edition));
  if (d.series && d.kind !== 'periodical') {
    add('series', d.series.title);
    if (!host) add('number', d.series.number);
  }
  const place = d.kind === 'chapter' ? (host?.place ?? d.place) : d.kind === 'article' ? host?.place : d.place;
  add('address', place);
  if (d.kind === 'thesis') {
    add('school', d.thesis?.institution ?? d.publishers[0]);
    add('type', d.thesis?.label);
  } else if (d.kind === 'chapter') add('publisher', host?.publisher ?? d.publishers[0]);
  else if (d.kind !== 'article') add('publisher', d.publishers.join(' and '));
  add('year', d.kind === 'periodical' ? d.run?.start : (d.year ?? host?.year));
  if (d.kind === 'book' || d.kind === 'thesis' || d.kind === 'standard') add('pagetotal', d.pageCount);
  if (d.kind === 'map' || d.kind === 'score' || d.kind === 'music' || d.kind === 'sound' || d.kind === 'video' || d.kind === 'graphic')
    add('howpublished', d.physical);
  add('note', [host?.section, host?.rest, d.scale, d.kind === 'score' ? d.instrument : undefined].filter(Boolean).join('. ') || undefined);
  add('isbn', d.isbn);
  add('issn', d.issn);
  add('doi', d.doi, true);
  add('url', d.url?.replace(/[{}]/g, encodeURIComponent), true);
  if (d.accessed) add('urldate', `${d.accessed.year}-${pad(d.accessed.month)}-${pad(d.accessed.day)}`);
  add('langid', d.language && LANGID[d.language]);
  return `@${entryType(d)}{estante${id},\n${fields.map(([name, value]) => `\t${name} = {${value}},`).join('\n')}\n}`;
}

/** "Freire, Paulo"; a body or a name as it stands braced, so that BibTeX does not split it into surname and forenames. */
function bibName(c: Contributor): string {
  return isPerson(c.agent) ? escape(invertedName(c.agent)) : `{${escape(invertedName(c.agent))}}`;
}

/** TeX's special characters. */
function escape(text: string): string {
  return text.replace(/[\\{}&%$#_~^]/g, (ch) =>
    ch === '\\' ? '\\textbackslash{}' : ch === '~' ? '\\textasciitilde{}' : ch === '^' ? '\\textasciicircum{}' : `\\${ch}`,
  );
}

/** Braces words with capitals after the first, so that styles that lower-case titles keep "Brasil" and "NBR". */
function protect(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i > 0 && /\p{Lu}/u.test(word) && !word.startsWith('\\') ? `{${word}}` : word))
    .join(' ');
}

const pad = (n: number) => String(n).padStart(2, '0');
