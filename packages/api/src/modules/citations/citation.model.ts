/**
 * What a reference is made of, read once from the MARC record (citation.ts) and written by each
 * format: ABNT (citation.abnt.ts), APA and Vancouver (CSL, citation.ts), RIS (citation.ris.ts)
 * and BibTeX (citation.bibtex.ts).
 */

/** What kind of work a reference describes; decides its form in every style and format. */
export type WorkKind =
  | 'book'
  | 'chapter'
  | 'thesis'
  | 'periodical'
  | 'article'
  | 'legislation'
  | 'case'
  | 'standard'
  | 'map'
  | 'score'
  | 'music'
  | 'sound'
  | 'video'
  | 'graphic'
  | 'online'
  | 'manuscript'
  | 'archive'
  | 'object'
  | 'mixed';

/**
 * A name as catalogued: a person by surname and forenames, or a name written as it stands — a
 * body with its subordinate units ("Brasil", "Ministério da Educação"), a jurisdiction, a
 * meeting (with its number, date and place: "10., 1979, Curitiba"), or a person entered under a
 * forename ("Dante Alighieri").
 */
export type Agent = { family: string; given?: string } | { units: string[]; meeting?: string };

/** The part a person or body had in the work (MARC relator terms and codes, citation.ts). */
export type Role =
  | 'author'
  | 'editor'
  | 'translator'
  | 'composer'
  | 'director'
  | 'producer'
  | 'performer'
  | 'advisor'
  /** The rapporteur of a court decision (relator code jud, term "relator"). */
  | 'judge'
  | 'other';

export interface Contributor {
  role: Role;
  agent: Agent;
  /** From the main entry (1XX): the name a reference is entered under. */
  main?: boolean;
  /** How ABNT labels an editor ("org.", "ed.", "coord.", "comp.") or a court decision's rapporteur ("Relator", "Relatora"). */
  label?: string;
}

/** The work a chapter or an article is part of (MARC 773), or where a law was published. */
export interface Host {
  mainTitle: string;
  subtitle?: string;
  contributors: Contributor[];
  /** 773 $p: the journal's abbreviated title ("Arch Neurol"), as Vancouver cites it. */
  abbreviation?: string;
  /** 773 $b: the edition of the book a chapter is in. */
  edition?: string;
  place?: string;
  publisher?: string;
  /** Of a journal issue: volume, number, pages, and the date as printed ("set. 1997"). */
  volume?: string;
  issue?: string;
  pages?: string;
  /** A chapter's number ("3" in "cap. 3"). */
  chapter?: string;
  /** The section of an official gazette ("seção 1"). */
  section?: string;
  /** What the host's related-parts note says after the section, when it is not a journal's volume and number (a gazette's "ano 139, n. 8, p. 1-74, 11 jan. 2002"). */
  rest?: string;
  date?: string;
  year?: number;
}

export interface Thesis {
  /** Doctoral (tese, doutorado), master's (dissertação, mestrado) or another academic work (TCC, especialização). */
  level: 'doctoral' | 'masters' | 'other';
  /** As NBR 6023 writes it: "Tese (Doutorado em Educação)". */
  label: string;
  institution?: string;
  /** 502 $d: the year of the defence, when it is not the year of deposit. */
  year?: number;
}

/** The parts of a reference that CSL-JSON has no variable for, or loses (see CslItem). */
export interface WorkDetails {
  kind: WorkKind;
  contributors: Contributor[];
  /** 245 $a: the title proper, the part NBR 6023 sets in bold. */
  mainTitle: string;
  /** 245 $b. */
  subtitle?: string;
  /** 245 $n $p: number and name of a part ("Op. 19"). */
  parts: string[];
  /** 240: the uniform title of a law ("Constituição (1988)"), written in brackets after the jurisdiction. */
  uniformTitle?: string;
  /** 250 as catalogued ("17. ed.", "4. ed. rev. e atual."). */
  edition?: string;
  place?: string;
  /** Every publisher of the first imprint (264/260 $b). */
  publishers: string[];
  /** The imprint's date as catalogued when it says more than a year ("[1983]", "c1998"). */
  date?: string;
  year?: number;
  /** Month and day of a detailed date (008/06 e: 008/11-14 MMDD), for web pages and other dated documents. */
  month?: number;
  day?: number;
  /** 300 $a: the extent ("150 f.", "1 DVD (106 min)"). */
  extent?: string;
  /** 300 $a $b $c as one phrase: the physical description NBR 6023 gives for maps, scores, recordings and videos. */
  physical?: string;
  /** The number of pages or leaves, for RIS and BibTeX. */
  pageCount?: string;
  /** 255 $a: a map's scale. */
  scale?: string;
  /** 338 $a: the carrier ("videocassette", "DVD"), as Vancouver names it in brackets. */
  carrier?: string;
  /** 382 $a: what a score is for ("Piano"). */
  instrument?: string;
  /** A periodical's first and last years (no last year: still published). */
  run?: { start?: number; end?: number };
  host?: Host;
  thesis?: Thesis;
  series?: { title: string; number?: string };
  url?: string;
  accessed?: { year: number; month: number; day: number };
  isbn?: string;
  issn?: string;
  /** 024 with $2 doi. */
  doi?: string;
  /** MARC 008/35-37. */
  language?: string;
}

/** True for a person given by surname and forenames. */
export function isPerson(agent: Agent): agent is { family: string; given?: string } {
  return 'family' in agent;
}

/** A name in direct order, as "Direção: Walter Salles Júnior" and RIS/BibTeX corporate names write it. */
export function directName(agent: Agent): string {
  if (!isPerson(agent)) return bodyName(agent);
  return agent.given ? `${agent.given} ${agent.family}` : agent.family;
}

/** A name inverted ("Freire, Paulo"), as RIS and BibTeX want persons; bodies as they stand. */
export function invertedName(agent: Agent): string {
  if (!isPerson(agent)) return bodyName(agent);
  return agent.given ? `${agent.family}, ${agent.given}` : agent.family;
}

/** A body's units, then a meeting's number, date and place. */
export function bodyName(agent: { units: string[]; meeting?: string }): string {
  return agent.units.join('. ') + (agent.meeting ? `, ${agent.meeting}` : '');
}

/** The contributors with one of these roles. */
export function withRole(contributors: Contributor[], ...roles: Role[]): Contributor[] {
  return contributors.filter((c) => roles.includes(c.role));
}

/** Title proper, subtitle and parts as one string ("Title: subtitle. Part"). */
export function fullTitle(d: Pick<WorkDetails, 'mainTitle' | 'subtitle' | 'parts'>): string {
  return [d.subtitle ? `${d.mainTitle}: ${d.subtitle}` : d.mainTitle, ...d.parts].join('. ');
}

/** The first letter in upper case ("piano" → "Piano"). */
export function capitalize(value: string): string {
  return value.charAt(0).toLocaleUpperCase('pt-BR') + value.slice(1);
}
