import { type Agent, capitalize, type Contributor, directName, isPerson, type WorkDetails, withRole } from './citation.model.js';

/*
 * References by ABNT NBR 6023:2018, written here rather than by the CSL processor: every ABNT
 * reference sets only the title proper in bold (not the subtitle: section 6, 8.2) and writes only
 * the first element of a body in capitals ("BRASIL. Ministério da Educação", 8.1.2), and CSL can
 * do neither (CSL-JSON has one title variable; a name's text case applies to the whole name).
 * Periodicals (7.7), laws in a gazette (7.11), films (7.13) and recordings have forms the
 * UFRGS CSL style did not have either. Section numbers are NBR 6023:2018's.
 */

/** A run of text and how it is set: the bold of a title, the italics of "In" and "[S. l.]". */
interface Piece {
  text: string;
  bold?: boolean;
  italic?: boolean;
}
type Rich = Piece[];

const plain = (text: string): Rich => [{ text }];
const bold = (text: string): Rich => [{ text, bold: true }];
const italic = (text: string): Rich => [{ text, italic: true }];
const cat = (...parts: (Rich | string | undefined | false)[]): Rich => parts.flatMap((p) => (typeof p === 'string' ? plain(p) : p || []));
const textOf = (rich: Rich) => rich.map((p) => p.text).join('');

function htmlOf(rich: Rich): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const merged: Piece[] = [];
  for (const piece of rich) {
    const last = merged.at(-1);
    if (last && !!last.bold === !!piece.bold && !!last.italic === !!piece.italic) last.text += piece.text;
    else merged.push({ ...piece });
  }
  return merged
    .map((p) => {
      let out = escape(p.text);
      if (p.italic) out = `<i>${out}</i>`;
      if (p.bold) out = `<b>${out}</b>`;
      return out;
    })
    .join('');
}

/** Elements of a reference, each closed by a full stop (section 6) unless it already ends in one ("17. ed.", "12 pol."). */
function elements(...parts: (Rich | undefined | false | '')[]): Rich {
  const out: Rich = [];
  for (const part of parts) {
    if (!part || !textOf(part).trim()) continue;
    if (out.length) out.push({ text: ' ' });
    out.push(...part);
    if (!textOf(part).endsWith('.')) out.push({ text: '.' });
  }
  return out;
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * The references as NBR 6023:2018 writes them, as plain text and HTML (title proper in bold),
 * one a line, in a single alphabetical order (9.1: the alphabetical system).
 */
export function abntReferences(works: WorkDetails[]): { texto: string; html: string } {
  const references = works
    .map((d) => ({ heading: textOf(headingOf(d)), rich: reference(d) }))
    .sort((a, b) => compareHeadings(a.heading, b.heading) || collator.compare(textOf(a.rich), textOf(b.rich)))
    .map((r) => r.rich);
  return {
    texto: references.map(textOf).join('\n'),
    html: `<div class="csl-bib-body">\n${references.map((r) => `  <div class="csl-entry">${htmlOf(r)}</div>`).join('\n')}\n</div>`,
  };
}

/** What a reference is filed under: its entry (authors, body) or, entered under its title, the title. */
function headingOf(d: WorkDetails): Rich {
  if (d.kind === 'video') return titleEntry(d);
  if (d.kind === 'periodical') return plain(d.mainTitle.toLocaleUpperCase('pt-BR'));
  return entryOf(d) ?? titleEntry(d);
}

/**
 * Headings filed word by word, nothing before something (NBR 6033, alphabetical order): the
 * surname before the forenames, a body before its units, so "SILVA, Zeca" comes before "SILVA
 * JUNIOR, Ana" and "BRASIL. Ministério da Justiça" before "BRASIL e parte da América do Sul".
 */
function compareHeadings(a: string, b: string): number {
  const fields = (heading: string) => heading.split(/[.,;:](?:\s+|$)/).filter(Boolean);
  const words = (field: string) => field.split(/[\s\p{P}]+/u).filter(Boolean);
  const [fa, fb] = [fields(a), fields(b)];
  for (let i = 0; i < Math.min(fa.length, fb.length); i++) {
    const [wa, wb] = [words(fa[i]!), words(fb[i]!)];
    for (let j = 0; j < Math.min(wa.length, wb.length); j++) {
      const order = collator.compare(wa[j]!, wb[j]!);
      if (order) return order;
    }
    if (wa.length !== wb.length) return wa.length - wb.length;
  }
  return fa.length - fb.length;
}

function reference(d: WorkDetails): Rich {
  switch (d.kind) {
    case 'chapter':
      return chapter(d);
    case 'article':
      return article(d);
    case 'thesis':
      return thesis(d);
    case 'periodical':
      return periodical(d);
    case 'legislation':
    case 'case':
      return legal(d);
    case 'video':
      return video(d);
    case 'book':
    case 'standard':
      return book(d);
    default:
      return other(d);
  }
}

/** 7.1 and 7.2: author, title, edition, imprint; online, "E-book" and 7.2's "Disponível em" and "Acesso em". */
function book(d: WorkDetails): Rich {
  const entry = entryOf(d);
  return elements(
    entry ?? titleEntry(d),
    entry && title(d),
    translators(d),
    d.edition && plain(d.edition),
    imprint(d),
    d.kind === 'book' && d.url !== undefined && italic('E-book'),
    ...access(d),
  );
}

/** 7.1 (trabalho acadêmico): author, title, year of deposit, leaves, kind and degree (course) - institution, place, year. */
function thesis(d: WorkDetails): Rich {
  const entry = entryOf(d);
  const year = d.date ?? (d.year === undefined ? undefined : String(d.year));
  const defence = [d.thesis?.institution, d.place, d.thesis?.year ?? year].filter(Boolean).join(', ');
  return elements(
    entry ?? titleEntry(d),
    entry && title(d),
    year !== undefined && plain(year),
    d.extent && plain(d.extent),
    plain([d.thesis?.label ?? 'Tese', defence].filter(Boolean).join(' - ')),
    ...access(d),
  );
}

/** 7.3: the part's author and title, "In:", the whole's author and title, edition, imprint, chapter and pages. */
function chapter(d: WorkDetails): Rich {
  const entry = entryOf(d);
  const host = d.host;
  const hostEntry = host && names(host.contributors);
  const locators = [host?.chapter && `cap. ${host.chapter}`, host?.pages && `p. ${host.pages}`].filter(Boolean).join(', ');
  const place = host?.place ?? d.place;
  const publishers = host?.publisher ? [host.publisher] : d.publishers;
  const year = host?.year ?? d.year;
  return elements(
    entry ?? titleEntry(d),
    entry && plain(titleText(d)),
    host && cat(italic('In'), ': ', hostEntry ?? titleEntry({ ...host, parts: [] })),
    host && hostEntry && cat(bold(host.mainTitle), host.subtitle && `: ${host.subtitle}`),
    (host?.edition ?? d.edition) && plain((host?.edition ?? d.edition)!),
    imprint({ ...d, ...(place ? { place } : {}), publishers, ...(year !== undefined ? { year } : {}), date: undefined }),
    locators && plain(locators),
    ...access(d),
  );
}

/** 7.7.5 and 7.7.6: author, title, journal (bold), place, volume, number, pages, date. */
function article(d: WorkDetails): Rich {
  const entry = entryOf(d);
  const host = d.host;
  const date = host?.date ?? (d.year === undefined ? undefined : String(d.year));
  const journal =
    host &&
    cat(
      bold(host.mainTitle),
      host.subtitle && `: ${host.subtitle}`,
      ', ',
      host.place ? plain(host.place) : unknownPlace(),
      ...[volume(host.volume), host.issue && `n. ${host.issue}`, host.pages && `p. ${host.pages}`, date].filter(Boolean).map((part) => `, ${part}`),
    );
  return elements(entry ?? titleEntry(d), entry && plain(titleText(d)), journal, ...access(d));
}

/** "v. 25", but a newspaper's "ano 26" as it stands. */
const volume = (value: string | undefined) => value && (/^ano\b/i.test(value) ? value : `v. ${value}`);

/** 7.7.1 and 7.7.2: TITLE, place, publisher, first and last years ("1939- ." while published), ISSN. */
function periodical(d: WorkDetails): Rich {
  const run = d.run?.start === undefined ? (d.date ?? (d.year === undefined ? '' : String(d.year))) : `${d.run.start}-${d.run.end ?? ' '}`;
  return elements(
    cat(d.mainTitle.toLocaleUpperCase('pt-BR'), d.subtitle && `: ${d.subtitle}`),
    cat(placeAndPublisher(d, []), run && `, ${run}`),
    d.issn && plain(`ISSN ${d.issn}`),
    ...access(d),
  );
}

/**
 * 7.11: jurisdiction or body (capitals), the uniform title in brackets ("[Constituição (1988)]"),
 * epigraph and ementa, then the gazette or collection it was published in ("Diário Oficial da
 * União: seção 1, Brasília, DF, ano 139, …") or, published on its own, the imprint.
 */
function legal(d: WorkDetails): Rich {
  const entry = entryOf(d);
  const host = d.host;
  const ementa = d.subtitle && plain(capitalize(d.subtitle));
  const epigraph = [d.mainTitle, ...d.parts].join('. ');
  const published =
    host &&
    cat(
      bold(host.mainTitle),
      host.subtitle && `: ${host.subtitle}`,
      host.section && `: ${host.section}`,
      ', ',
      host.place ? plain(host.place) : unknownPlace(),
      ...(host.section
        ? [host.rest && `, ${host.rest}`]
        : [volume(host.volume), host.issue && `n. ${host.issue}`, host.pages && `p. ${host.pages}`, host.date].filter(Boolean).map((part) => `, ${part}`)),
    );
  // An act catalogued with the official gazette as its publisher was published in it.
  const gazette = !host && d.kind === 'legislation' && d.publishers.length === 1 && /^di[áa]rio oficial/i.test(d.publishers[0]!) ? d.publishers[0] : undefined;
  const date = d.date ?? (d.year === undefined ? undefined : String(d.year));
  const inGazette = gazette && cat(bold(gazette), ', ', d.place ? plain(d.place) : unknownPlace(), date && `, ${date}`);
  return elements(
    entry ?? titleEntry({ ...d, subtitle: undefined }),
    d.uniformTitle && plain(`[${d.uniformTitle}]`),
    entry && (host || gazette ? plain(epigraph) : bold(epigraph)),
    ementa,
    d.kind === 'case' && rapporteur(d),
    published ?? inGazette ?? imprint(d),
    ...access(d),
  );
}

/** 7.11.3: a court decision's rapporteur after its number and ementa, name in direct order ("Relatora: Ellen Gracie"). */
function rapporteur(d: WorkDetails): Rich | undefined {
  const judges = withRole(d.contributors, 'judge');
  if (!judges.length) return undefined;
  return plain(`${judges[0]!.label ?? 'Relator'}: ${andList(judges.map((c) => directName(c.agent)))}`);
}

/**
 * 7.13.1: TITLE (films are entered under their title), director and producer, imprint, physical
 * description. A video whose record names no director but has a person or body as its main
 * entry (or co-authors) credits them as its direction: the one chiefly responsible for a film.
 */
function video(d: WorkDetails): Rich {
  const credits = (label: string, contributors: Contributor[]) =>
    contributors.length > 0 && plain(`${label}: ${andList(contributors.map((c) => directName(c.agent)))}`);
  const directors = withRole(d.contributors, 'director');
  return elements(
    titleEntry(d),
    credits('Direção', directors.length ? directors : withRole(d.contributors, 'author')),
    credits('Produção', withRole(d.contributors, 'producer')),
    imprint(d, false),
    d.physical && plain(d.physical),
    ...access(d),
  );
}

/**
 * Maps (7.16), scores (7.14), sound recordings (7.13) and everything else: author or title,
 * imprint, physical description, a map's scale ("Escala 1:600.000") and what a score is for.
 */
function other(d: WorkDetails): Rich {
  const entry = entryOf(d);
  const scale = d.scale && (/^(escala|scale)/i.test(d.scale) ? capitalize(d.scale) : `Escala ${d.scale}`);
  const described = d.kind === 'map' || d.kind === 'score' || d.kind === 'music' || d.kind === 'sound' || d.kind === 'graphic' || d.kind === 'object';
  return elements(
    entry ?? titleEntry(d),
    entry && title(d),
    translators(d),
    (d.kind === 'music' || d.kind === 'sound') && performers(d),
    d.edition && plain(d.edition),
    imprint(d),
    described && d.physical ? plain(d.physical) : undefined,
    scale && plain(scale),
    d.kind === 'score' && d.instrument ? plain(d.instrument) : undefined,
    ...access(d),
  );
}

/**
 * The entry: authors (8.1.1: SURNAME, Forenames; "; " between them) or, failing them, the
 * composers of a score or recording, its main entry, or the editors with their label once
 * ("LEVI, G.; SCHMIDT, J. (org.)", 8.1.1.4); undefined when the work is entered under its title.
 */
function entryOf(d: WorkDetails): Rich | undefined {
  return names(entryNames(d));
}

function entryNames(d: WorkDetails): Contributor[] {
  const c = d.contributors;
  const authors = withRole(c, 'author');
  if (authors.length) return authors;
  const composers = withRole(c, 'composer');
  if (composers.length && (d.kind === 'score' || d.kind === 'music' || d.kind === 'sound')) return composers;
  const main = c.filter((x) => x.main && x.role !== 'translator' && x.role !== 'advisor' && x.role !== 'editor');
  return main.length ? main : withRole(c, 'editor');
}

function names(contributors: Contributor[]): Rich | undefined {
  if (!contributors.length) return undefined;
  const label = contributors.find((c) => c.label)?.label;
  return plain(contributors.map((c) => heading(c.agent)).join('; ') + (label ? ` (${label})` : ''));
}

/**
 * A name as a reference heads with it: a person's surname in capitals; a body's first element
 * in capitals, its qualifier and its subordinate units as written ("SÃO PAULO (Estado).
 * Secretaria do Meio Ambiente", 8.1.2).
 */
function heading(agent: Agent): string {
  if (isPerson(agent)) return `${upper(agent.family)}${agent.given ? `, ${agent.given}` : ''}`;
  const [first = '', ...rest] = agent.units;
  const qualifier = /^(.*?)(\s*\(.*\))$/.exec(first);
  const head = qualifier ? `${upper(qualifier[1]!)}${qualifier[2]}` : upper(first);
  return [head, ...rest].join('. ') + (agent.meeting ? `, ${agent.meeting}` : '');
}

const upper = (text: string) => text.toLocaleUpperCase('pt-BR');

/** The title proper in bold (section 6), then the subtitle and parts, not (8.2). */
function title(d: Pick<WorkDetails, 'mainTitle' | 'subtitle' | 'parts'>): Rich {
  return cat(bold(d.mainTitle), d.subtitle && `: ${d.subtitle}`, ...d.parts.map((part) => `. ${part}`));
}

const titleText = (d: Pick<WorkDetails, 'mainTitle' | 'subtitle' | 'parts'>) => textOf(title(d));

// Articles and monosyllables that NBR 6023 capitalizes together with the word after them (8.1.4).
const LEADING_WORDS = new Set(
  'o a os as um uma uns umas el la lo los las un unos unas the an em no na nos nas de do da dos das ao aos à às por com sem se que e ou en y del al of in on to at'.split(
    ' ',
  ),
);

/**
 * The entry under the title, for works without authorship (8.1.4): the first word in
 * capitals, with the article or monosyllable that opens it ("OS PERIGOS do uso de tóxicos"),
 * and no bold, since the capitals already mark it (section 6).
 */
function titleEntry(d: Pick<WorkDetails, 'mainTitle' | 'subtitle' | 'parts'>): Rich {
  const words = d.mainTitle.split(' ');
  const count = words.length > 1 && LEADING_WORDS.has(words[0]!.toLocaleLowerCase('pt-BR')) ? 2 : 1;
  const main = [...words.slice(0, count).map(upper), ...words.slice(count)].join(' ');
  return cat(main, d.subtitle && `: ${d.subtitle}`, ...d.parts.map((part) => `. ${part}`));
}

/** 8.1.1.8: other responsibilities after the title, names in direct order ("Tradução: Hernâni Donato"). */
function translators(d: WorkDetails): Rich | undefined {
  const list = withRole(d.contributors, 'translator');
  return list.length ? plain(`Tradução: ${andList(list.map((c) => directName(c.agent)))}`) : undefined;
}

/** A recording's performers, not already its entry (7.13.1: "Intérprete: Toquinho e Vinicius"). */
function performers(d: WorkDetails): Rich | undefined {
  const entered = new Set(entryNames(d));
  const list = withRole(d.contributors, 'performer').filter((c) => !entered.has(c));
  return list.length ? plain(`Intérprete: ${andList(list.map((c) => directName(c.agent)))}`) : undefined;
}

function andList(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} e ${items.at(-1)}` : (items[0] ?? '');
}

/** "Place: Publisher, date" (8.4 to 8.6), "[S. l.]" and "[s. n.]" for the unknown. */
function imprint(d: WorkDetails, entered = true): Rich {
  const date = d.date ?? (d.year === undefined ? undefined : String(d.year));
  return cat(placeAndPublisher(d, entered ? entryNames(d) : []), date && `, ${date}`);
}

/**
 * The publisher is left out when it is the body entered as author (8.5: "Viçosa, MG, 1994"),
 * named as such or, with the place given, not named at all; "[s. n.]" is for a publisher that
 * is not known, and with the place unknown too "[S. l.: s. n.]" — unless the record named the
 * publisher and it is the author ("[S. l.]").
 */
function placeAndPublisher(d: WorkDetails, entry: Contributor[]): Rich {
  const bodies = entry.filter((c) => !isPerson(c.agent)).map((c) => directName(c.agent).toLocaleLowerCase('pt-BR'));
  const publishers = d.publishers.filter((p) => !bodies.includes(p.toLocaleLowerCase('pt-BR')));
  const byAuthor = publishers.length === 0 && bodies.length > 0 && bodies.length === entry.length;
  if (!d.place && !publishers.length) return byAuthor && d.publishers.length > 0 ? unknownPlace() : cat('[', italic('S. l.: s. n.'), ']');
  const place = d.place ? plain(d.place) : unknownPlace();
  if (byAuthor) return place;
  return cat(place, ': ', publishers.length ? publishers.join('; ') : cat('[', italic('s. n.'), ']'));
}

const unknownPlace = () => cat('[', italic('S. l.'), ']');

const MONTHS = ['jan.', 'fev.', 'mar.', 'abr.', 'maio', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'];

/** Online documents: "Disponível em: URL." and "Acesso em: 22 nov. 2026." (7.2, 7.4 and the other "em meio eletrônico" sections). */
function access(d: WorkDetails): Rich[] {
  if (!d.url) return [];
  const out = [plain(`Disponível em: ${d.url}`)];
  if (d.accessed) out.push(plain(`Acesso em: ${d.accessed.day} ${MONTHS[d.accessed.month - 1]} ${d.accessed.year}`));
  return out;
}
