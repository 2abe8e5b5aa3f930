import { type SearchRow, type SearchState, TYPEAHEAD_FIELDS, type Typeahead } from '@estante/contracts/search';
import type { SearchIndex, SearchOutcome } from './search.index.js';
import type { SearchAnswer, Searcher } from './search.remote.js';
import { searchWords } from './search.predicates.js';
import { headingKey } from './search.snapshot.js';
import { HEADING_KIND, hasVocabulary, headingsStartingWith, headingTexts, type KnownWord, knownWords } from './search.suggest.queries.js';

/** A search that finds at most this many titles is checked for a better spelling. */
export const FEW_RESULTS = 3;

/** A word in at most this many titles of its field may be a typo of a far more frequent one. */
const RARE_WORD = 2;

/** Spellings tried per word, and searches run to choose among their combinations. */
const SPELLINGS_PER_WORD = 3;
const COMBINATIONS_TRIED = 6;

/** At most this many words of a search are corrected, the rarest first (a pasted paragraph is not rewritten). */
const MAX_WORDS_CORRECTED = 4;

/** The search suggested, and what it finds (the index's own outcome, or as it reached an API worker). */
export interface Suggestion<A extends SearchAnswer = SearchAnswer> {
  linhas: SearchRow[];
  outcome: A;
  /**
   * Whether the suggestion may be shown in place of a search that found nothing, or only offered
   * ("Você quis dizer …?", issue 55): every word it changes is a slip of the fingers (see
   * `slipOnly`), never another name or a large change ("machado" must not silently become "macedo").
   */
  safe: boolean;
}

interface Spelling {
  /** The word as it will be searched (folded, or the patron's own). */
  word: string;
  /** Edit cost from what was typed (0: unchanged). */
  cost: number;
  /** Titles of the field holding it. */
  n: number;
  /** Whether it is mostly a name (an author's): another name is never put in silently. */
  name?: boolean;
}

interface Slot {
  row: number;
  word: number;
  /** What was typed, folded, and whether the catalogue holds it. */
  typed: { folded: string; known: boolean };
  spellings: Spelling[];
}

/**
 * "Did you mean" (issue 26): for a search that found nothing, or few titles where a near
 * spelling finds many, the same search with its misspelt words replaced by words of the
 * catalogue's vocabulary, and what it finds. Near words are spelt close (trigrams, edit
 * distance with swapped letters) or sound the same in Portuguese and Spanish (ç/c/s/z, ss/s,
 * x/ch, doubled letters…); frequent words are preferred, and among combinations the one whose
 * words occur together in the most titles. Null when no better search is found.
 */
export async function suggestSearch(index: SearchIndex, state: SearchState, found: number): Promise<Suggestion<SearchOutcome> | null> {
  // A search that found something is only questioned when one of its words is rare: known from
  // the word atoms the search has just read (cached in the index), without asking the database.
  if (found > 0 && !(await hasRareWord(index, state))) return null;
  return suggestFor(index, state, found);
}

/** Whether a text row holds a word found in at most RARE_WORD titles (of any field). */
async function hasRareWord(index: SearchIndex, state: SearchState): Promise<boolean> {
  for (const row of state.linhas) {
    if (!hasVocabulary(row.campo)) continue;
    for (const word of searchWords(row.termo)) {
      if (word.length < 3 || /^\d+$/.test(word)) continue;
      const key = await index.wordKey(word, row.similar);
      if (key !== null && (await index.wordTitles(key, word, row.similar)) <= RARE_WORD) return true;
    }
  }
  return false;
}

async function suggestFor(index: SearchIndex, state: SearchState, found: number): Promise<Suggestion<SearchOutcome> | null> {
  const db = index.database;
  // The words worth correcting, those in no title of their field first.
  const words = state.linhas.flatMap((row, r) =>
    hasVocabulary(row.campo) ? searchWords(row.termo).map((spelling, w) => ({ row: r, word: w, campo: row.campo, spelling })) : [],
  );
  const known = await knownWords(
    db,
    words.map(({ spelling, campo }) => ({ word: spelling, campo })),
  );
  const typos = words.map((w, i) => ({ ...w, typed: known[i]! })).filter((t) => correctable(t.spelling, t.typed, found));
  typos.sort((a, b) => a.typed.n - b.typed.n);
  // Words the catalogue holds are questioned only when the words together find nothing: not
  // when the filters, the period or the plan are what left nothing ("silva" in 1890 stays "silva").
  const narrowed = state.filtros.length > 0 || state.novas !== null || state.plano !== null;
  const wordsAloneFind =
    found === 0 && narrowed && typos.some((t) => t.typed.n > 0)
      ? ((await index.count({ ...state, filtros: [], novas: null, plano: null, exato: true })) ?? 0) > 0
      : false;
  const chosen = typos.filter((t) => !wordsAloneFind || t.typed.n === 0).slice(0, MAX_WORDS_CORRECTED);
  const near = await index.nearWords(chosen.map(({ typed, campo }) => ({ folded: typed.folded, sound: typed.sound, campo })));
  const slots: Slot[] = [];
  for (const [i, { row, word, typed, spelling }] of chosen.entries()) {
    // A word the field holds is only ever changed by one edit ("marques" → "marquez").
    const allowed = typed.n > 0 ? 1 : maxCost(typed.folded.length);
    const spellings: Spelling[] = near[i]!.map((c) => ({ word: c.word, n: c.n, cost: spellingCost(typed, c), name: c.name }))
      .filter((c) => c.cost <= allowed && (found === 0 || c.n >= 10 * typed.n))
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, SPELLINGS_PER_WORD);
    if (spellings.length === 0) continue;
    // A known word may be right: keeping it is a spelling too (when the search found nothing,
    // a known word may still be the wrong one: "marques" for "Márquez").
    if (typed.n > 0) spellings.unshift({ word: spelling, n: typed.n, cost: 0 });
    slots.push({ row, word, typed: { folded: typed.folded, known: typed.n > 0 }, spellings });
  }
  if (slots.length === 0 || slots.every((s) => s.spellings.every((x) => x.cost === 0))) return null;

  // Each combination is counted (no page ordered); the best one is run for its page and facets.
  let best: { linhas: SearchRow[]; total: number; score: number; safe: boolean } | null = null;
  for (const combination of combinations(slots).slice(0, COMBINATIONS_TRIED)) {
    const linhas = rewrite(state.linhas, slots, combination);
    const total = (await index.count({ ...state, linhas, exato: true })) ?? 0;
    if (total === 0 || total <= found) continue;
    const score = combination.reduce((sum, s) => sum + rank(s), 0) - 0.5 * Math.log10(1 + total);
    if (!best || score < best.score) best = { linhas, total, score, safe: combination.every((s, i) => slipOnly(slots[i]!.typed, s)) };
  }
  if (!best) return null;
  // "Few where a near spelling finds many": worth offering only when it finds clearly more.
  if (found > 0 && best.total < Math.max(5, 5 * found)) return null;
  const outcome = await index.run({ ...state, linhas: best.linhas, exato: true });
  if (!outcome) return null;
  return { linhas: await withAccents(index, best.linhas, state.linhas, outcome.page), outcome, safe: best.safe };
}

/**
 * Whether a spelling may replace what was typed without asking (issue 55): unchanged; or the same
 * sound, a neighbouring key or a dropped accent (half an edit); or two letters swapped; or, for a
 * word the catalogue does not hold, one letter added, dropped or changed — into a word that is not
 * a name. A larger change, another name ("machado" → "macedo") or a known word turned into another
 * is only offered.
 */
export function slipOnly(typed: { folded: string; known: boolean }, spelling: Pick<Spelling, 'word' | 'cost' | 'name'>): boolean {
  if (spelling.cost === 0) return true;
  if (spelling.cost > 1) return false;
  if (spelling.cost <= 0.5 || sameLetters(typed.folded, spelling.word)) return true;
  return !typed.known && !spelling.name;
}

/** The same letters in another order ("knuht", "knuth"). */
function sameLetters(a: string, b: string): boolean {
  return a.length === b.length && [...a].sort().join('') === [...b].sort().join('');
}

/** Whether a typed word is worth correcting: unknown in its field, or rare while the search found few. */
function correctable(word: string, typed: KnownWord, found: number): boolean {
  if (typed.folded.length < 3 || /^\d+$/.test(word)) return false;
  if (found === 0) return true;
  return typed.n <= RARE_WORD;
}

/** Edits allowed from what was typed: more for longer words. */
function maxCost(length: number): number {
  return length <= 4 ? 1 : length <= 7 ? 2 : 3;
}

/** Lower is better: the edits, less a little for a frequent word. */
function rank(s: Spelling): number {
  return s.cost - 0.3 * Math.log10(1 + s.n);
}

/**
 * The cost from a typed word to a vocabulary word: the edits between their spellings
 * (substitution — half for a neighbouring key —, insertion, deletion, two letters swapped), or half an edit plus the edits
 * between their sounds, whichever is less ("knuht" → "knuth": one swap; "garsia" → "garcia":
 * the same sound).
 */
export function spellingCost(typed: { folded: string; sound: string }, word: { word: string; sound: string }): number {
  return Math.min(editDistance(typed.folded, word.word), editDistance(typed.sound, word.sound) + 0.5);
}

/** Rows of the QWERTY keyboard (Brazilian ABNT2 and Spanish layouts put the letters alike). */
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Each letter's neighbours on the keyboard: beside it, and the two touching it above and below. */
const NEIGHBOURS = new Map<string, string>(
  KEY_ROWS.flatMap((row, r) =>
    [...row].map((key, i) => [
      key,
      [row[i - 1], row[i + 1], KEY_ROWS[r - 1]?.[i], KEY_ROWS[r - 1]?.[i + 1], KEY_ROWS[r + 1]?.[i - 1], KEY_ROWS[r + 1]?.[i]].filter(Boolean).join(''),
    ]),
  ),
);

/** What putting one letter for another costs: half an edit for a neighbouring key ("pedagpgia"). */
function substitution(x: string, y: string): number {
  if (x === y) return 0;
  return NEIGHBOURS.get(x)?.includes(y) ? 0.5 : 1;
}

/**
 * Optimal string alignment distance: Levenshtein's edits (a neighbouring key's letter for
 * another costs half) and the swap of two adjacent letters.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    for (let j = 1; j <= n; j++) {
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + substitution(a[i - 1]!, b[j - 1]!));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[n]!;
}

/** Every choice of one spelling per slot, best first by the sum of their ranks. */
function combinations(slots: Slot[]): Spelling[][] {
  let all: Spelling[][] = [[]];
  for (const slot of slots) all = all.flatMap((chosen) => slot.spellings.map((s) => [...chosen, s]));
  return all.filter((c) => c.some((s) => s.cost > 0)).sort((a, b) => a.reduce((x, s) => x + rank(s), 0) - b.reduce((x, s) => x + rank(s), 0));
}

/** The rows with each slot's word replaced by the spelling chosen for it. */
function rewrite(linhas: SearchRow[], slots: Slot[], chosen: Spelling[]): SearchRow[] {
  return linhas.map((row, r) => {
    const mine = slots.map((slot, i) => ({ slot, spelling: chosen[i]! })).filter(({ slot }) => slot.row === r);
    if (mine.length === 0) return row;
    const words = searchWords(row.termo);
    for (const { slot, spelling } of mine) words[slot.word] = spelling.word;
    return { ...row, termo: words.join(' ') };
  });
}

/**
 * The corrected words as the catalogue spells them ("sertao" → "sertão"): as the most relevant
 * of the titles the suggestion finds first spells them (so "pedagogia" stays Portuguese when a
 * Portuguese title comes first); the patron's own words are left as typed.
 */
async function withAccents(index: SearchIndex, linhas: SearchRow[], typed: SearchRow[], page: number[]): Promise<SearchRow[]> {
  const spelt = new Map<string, string>();
  for (const text of await headingTexts(index.database, page.slice(0, 5)))
    for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) {
      // A word folded as the vectors fold it (no accents, lower case), as headings' keys are.
      const folded = headingKey(word);
      if (!spelt.has(folded)) spelt.set(folded, word.toLowerCase());
    }
  return linhas.map((row, r) => {
    if (row.termo === typed[r]!.termo) return row;
    const before = new Set(searchWords(typed[r]!.termo));
    return {
      ...row,
      termo: searchWords(row.termo)
        .map((w) => (before.has(w) ? w : (spelt.get(w) ?? w)))
        .join(' '),
    };
  });
}

/** Suggestions a kind of heading may fill: all of one field's, or a share of the three. */
const TYPEAHEAD_LIMIT = 8;

/**
 * `GET /consulta/sugestoes`: title, author and subject headings that start with the words
 * typed, the most titles first (all three kinds for any field: a few of each).
 */
export async function typeahead(index: Searcher, termo: string, campo: 'livre' | (typeof TYPEAHEAD_FIELDS)[number] = 'livre'): Promise<Typeahead> {
  const key = await index.titleKey(termo);
  if (key.length < 3) return { sugestoes: [] };
  const fields = campo === 'livre' ? TYPEAHEAD_FIELDS : [campo];
  const share = campo === 'livre' ? 3 : TYPEAHEAD_LIMIT;
  const lists = await Promise.all(fields.map((f) => headingsStartingWith(index.database, HEADING_KIND[f], key, share)));
  return { sugestoes: lists.flatMap((rows, i) => rows.map((r) => ({ texto: r.display, campo: fields[i]!, total: r.n }))) };
}
