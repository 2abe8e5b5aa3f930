import type { Ficha } from './requests.js';

/** A catalogue sheet's content, line by line, before it is laid out (also what the tests read back). */
export interface SheetText {
  /** The author mark (Cutter), beside the heading; null until the library assigns it. */
  cutter: string | null;
  heading: string;
  /** Paragraphs of the description, each indented under the heading. */
  body: string[];
  /** The classification (CDD / CDU) at the bottom right; null until the library assigns it. */
  classificacao: string | null;
}

const DEGREE_NOTE = {
  especializacao: ['Monografia', 'Especialização'],
  mestrado: ['Dissertação', 'Mestrado'],
  doutorado: ['Tese', 'Doutorado'],
} as const;

/** Surname particles that stay with the surname in an inverted heading (Pereira Filho, João). */
const SUFFIXES = new Set(['filho', 'filha', 'neto', 'neta', 'júnior', 'junior', 'jr.', 'sobrinho', 'segundo']);
/** Prepositions that go with the forenames (Silva, José da). */
const PARTICLES = new Set(['da', 'das', 'de', 'do', 'dos', 'e']);

/**
 * A name in direct order as an added-entry heading: "João Pereira Filho" → "Pereira Filho,
 * João" (AACR2 22.5 with the Brazilian practice for Filho, Neto, Júnior); a name already
 * inverted ("Pereira, João") is kept.
 */
export function invertName(name: string): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.includes(',')) return clean;
  const words = clean.split(' ');
  if (words.length < 2) return clean;
  let cut = words.length - 1;
  if (SUFFIXES.has(words[cut]!.toLowerCase()) && cut > 1) cut--;
  const surname = words.slice(cut).join(' ');
  const forenames = words.slice(0, cut);
  while (forenames.length > 1 && PARTICLES.has(forenames.at(-1)!.toLowerCase())) forenames.pop();
  const particle = words.slice(forenames.length, cut).join(' ');
  return `${surname}, ${forenames.join(' ')}${particle ? ` ${particle}` : ''}`;
}

const ROMAN: [number, string][] = [
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];
/** Lower-case Roman numerals (preliminary leaves: "xii, 150 f."). */
export function roman(n: number): string {
  let out = '';
  for (const [value, letters] of ROMAN)
    while (n >= value) {
      out += letters;
      n -= value;
    }
  return out;
}
const ROMAN_UPPER = (n: number) => roman(n).toUpperCase();

/** A sentence ends with one full stop (a title or name ending in "." or "?" gets none more). */
const period = (text: string) => (/[.?!]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * The sheet in the standard layout of Brazilian theses (ABNT NBR 14724 with AACR2 / the
 * institutions' cataloguing practice): author heading; title and subtitle, statement of
 * responsibility, place and year; leaves and illustrations; advisor and co-advisor; the thesis
 * note; where the bibliography is; numbered subjects and Roman-numbered added entries
 * (advisor, co-advisor, institution, title); the classification at the foot.
 */
export function sheetText(ficha: Ficha, review: { classificacao: string | null; cutter: string | null }): SheetText {
  const author = `${ficha.autor_nome} ${ficha.autor_sobrenome}`;
  const title = ficha.subtitulo ? `${ficha.titulo} : ${ficha.subtitulo}` : ficha.titulo;
  const [kind, level] = DEGREE_NOTE[ficha.grau];
  const leaves = `${ficha.folhas_preliminares ? `${roman(ficha.folhas_preliminares)}, ` : ''}${ficha.total_paginas} f.${ficha.ilustracoes ? ' : il.' : ''}`;
  const added = [invertName(ficha.orientador), ...(ficha.coorientador ? [invertName(ficha.coorientador)] : []), ficha.instituicao, 'Título'];
  const tracing = [...ficha.palavras_chave.map((k, i) => `${i + 1}. ${period(k)}`), ...added.map((entry, i) => `${ROMAN_UPPER(i + 1)}. ${period(entry)}`)].join(
    ' ',
  );
  return {
    cutter: review.cutter,
    heading: period(`${ficha.autor_sobrenome}, ${ficha.autor_nome}`),
    body: [
      `${title} / ${author}. — ${ficha.local}, ${ficha.ano}.`,
      leaves,
      [
        `Orientador: ${period(ficha.orientador)}`,
        ...(ficha.coorientador ? [`Coorientador: ${period(ficha.coorientador)}`] : []),
        `${kind} (${level} em ${ficha.programa}) — ${ficha.instituicao}, ${ficha.ano}.`,
        `Bibliografia: f. ${ficha.bibliografia_inicio}-${ficha.bibliografia_fim}.`,
      ].join('\n'),
      tracing,
    ],
    classificacao: review.classificacao,
  };
}
