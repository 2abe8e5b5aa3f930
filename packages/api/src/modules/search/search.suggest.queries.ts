import type { SearchRow } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { FIELD_WEIGHT } from './search.predicates.js';

// The catalogue's vocabulary (migration 0040: search_terms, search_headings, estante_sound),
// kept by triggers on titles, read for "did you mean" and suggestions as you type (issue 26).

/**
 * The vocabulary's count column for a row's field: `n` (all fields) for any field, `n_a`…`n_d`
 * for a field that is one weight of the vector (FIELD_WEIGHT); none for ISBN and call number.
 */
function fieldColumn(campo: SearchRow['campo']): string | null {
  const weight = FIELD_WEIGHT[campo];
  return weight ? `n_${weight.toLowerCase()}` : campo === 'livre' ? 'n' : null;
}

/** True when a row's words are in the vocabulary (words of a text field, not an ISBN or call number). */
export function hasVocabulary(campo: SearchRow['campo']): boolean {
  return fieldColumn(campo) !== null;
}

/** A count column chosen per row of a query: `q.c` names it (one of fieldColumn's). */
const COUNT_OF = sql.raw(`case q.c when 'n_a' then t.n_a when 'n_b' then t.n_b when 'n_c' then t.n_c when 'n_d' then t.n_d else t.n end`);

/** A PostgreSQL text array literal of the values, each quoted. */
function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

export interface KnownWord {
  /** The word folded as the search vectors hold it (no accents, lower case). */
  folded: string;
  /** Titles holding it in its row's field. */
  n: number;
  sound: string;
}

/** Each word folded, with how many titles hold it in its row's field, in the order given: one query for a search. */
export async function knownWords(db: Db, words: { word: string; campo: SearchRow['campo'] }[]): Promise<KnownWord[]> {
  if (words.length === 0) return [];
  return queryRows<KnownWord>(
    db,
    sql`select q.f as folded, coalesce(${COUNT_OF}, 0)::int as n, estante_sound(q.f) as sound
        from (select estante_fold(w) as f, c, i
              from unnest(${textArray(words.map((w) => w.word))}::text[], ${textArray(words.map((w) => fieldColumn(w.campo) ?? 'n'))}::text[])
                   with ordinality u(w, c, i)) q
             left join search_terms t on t.word = q.f
        order by q.i`,
  );
}

export interface NearWord {
  word: string;
  n: number;
  sound: string;
  /** Whether the word is mostly a name: at least half the titles holding it hold it in an author (weight B). */
  name: boolean;
}

/**
 * For each typed word (folded, its sound, its row's field), the words of that field spelt near
 * it: sharing enough trigrams (pg_trgm's `%`, its GIN index), sounding the same
 * (estante_sound) or made of the same letters (a swap), the most similar first. One query for
 * all the words of a search.
 */
export async function nearWords(db: Db, typed: { folded: string; sound: string; campo: SearchRow['campo'] }[], limit = 30): Promise<NearWord[][]> {
  if (typed.length === 0) return [];
  const rows = await queryRows<NearWord & { i: number }>(
    db,
    sql`select q.i::int as i, c.word, c.n, c.sound, c.name
        from unnest(${textArray(typed.map((w) => w.folded))}::text[], ${textArray(typed.map((w) => w.sound))}::text[],
                    ${textArray(typed.map((w) => fieldColumn(w.campo) ?? 'n'))}::text[]) with ordinality q(f, s, c, i)
             cross join lateral (
               select t.word, t.sound, ${COUNT_OF} as n, 2 * t.n_b >= t.n as name
               from search_terms t
               where (t.word % q.f or t.sound = q.s or t.letters = estante_letters(q.f)) and t.word <> q.f and ${COUNT_OF} > 0
               order by similarity(t.word, q.f) desc, 3 desc
               limit ${limit}
             ) c
        order by q.i`,
  );
  return typed.map((_, i) => rows.filter((r) => r.i === i + 1));
}

/** The text of the given titles' headings (title, authors, subjects), in the order given: where a word's spelling is found. */
export async function headingTexts(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number; text: string }>(
    db,
    sql`select cod_acervo as id, concat_ws(' ', title, author, array_to_string(added_authors, ' '), array_to_string(subjects, ' ')) as text
        from titles where cod_acervo in ${ids}`,
  );
  // In the order given (the suggestion's most relevant first).
  const byId = new Map(rows.map((r) => [r.id, r.text]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Heading kinds of search_headings by search field. */
export const HEADING_KIND = { titulo: 't', autor: 'a', assunto: 's' } as const;

/**
 * Headings of one kind whose folded key starts with `key` (itself folded, 3 characters or
 * more), the most titles first. The index on the key's first six (or three) characters hands
 * them over most frequent first (ties by key), so the look-up stops at its limit: a prefix
 * shared by 30,000 titles reads a few rows; a rare 4–5-character prefix reads its 3-character
 * bucket.
 */
export async function headingsStartingWith(db: Db, kind: 't' | 'a' | 's', key: string, limit: number) {
  const bucket = key.length >= 6 ? sql`left(key, 6) = ${key.slice(0, 6)}` : sql`left(key, 3) = ${key.slice(0, 3)}`;
  return queryRows<{ display: string; n: number }>(
    db,
    sql`select display, n from search_headings
        where kind = ${kind} and ${bucket} and n > 0 and key like ${`${key}%`}
        order by n desc, key limit ${limit}`,
  );
}

/**
 * The broad searches of the author and subject fields: words of authors' names and subject
 * headings found in at least `minTitles` titles of their field, the most titles first — what
 * the index counts the facets of ahead (SearchIndex.prewarm, issue 27).
 */
export async function frequentHeadingSearches(db: Db, minTitles: number, limit: number): Promise<{ campo: 'autor' | 'assunto'; termo: string }[]> {
  return queryRows<{ campo: 'autor' | 'assunto'; termo: string }>(
    db,
    sql`select campo, termo from (
          select 'autor' as campo, word as termo, n_b as n from search_terms where n_b >= ${minTitles} and word ~ '^[[:alpha:]]{3,}$'
          union all
          select 'assunto', display, n from search_headings where kind = ${HEADING_KIND.assunto} and n >= ${minTitles}
        ) t order by n desc, termo limit ${limit}`,
  );
}
