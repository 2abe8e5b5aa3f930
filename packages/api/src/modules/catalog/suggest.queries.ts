import type { SearchRow } from '@estante/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

// The catalogue's vocabulary (migration 0040: search_terms, search_headings, estante_sound),
// kept by triggers on titles, read for "did you mean" and suggestions as you type (issue 26).

/** The vocabulary's count column for a row's field: all fields, or one weight of the vector. */
const FIELD_COLUMN: Partial<Record<SearchRow['campo'], string>> = {
  livre: 'n',
  titulo: 'n_a',
  autor: 'n_b',
  assunto: 'n_c',
  serie: 'n_d',
  editora: 'n_d',
};

/** True when a row's words are in the vocabulary (words of a text field, not an ISBN or call number). */
export function hasVocabulary(campo: SearchRow['campo']): boolean {
  return FIELD_COLUMN[campo] !== undefined;
}

export interface KnownWord {
  /** The word folded as the search vectors hold it (no accents, lower case). */
  folded: string;
  /** Titles holding it in the field. */
  n: number;
  sound: string;
}

/** Each word folded, with how many titles hold it in the field, in the order given. */
export async function knownWords(db: Db, words: string[], campo: SearchRow['campo']): Promise<KnownWord[]> {
  const column = sql.raw(`t.${FIELD_COLUMN[campo] ?? 'n'}`);
  return queryRows<KnownWord>(
    db,
    sql`select q.f as folded, coalesce(${column}, 0)::int as n, estante_sound(q.f) as sound
        from (select estante_fold(w) as f, i from unnest(${`{${words.map(arrayItem).join(',')}}`}::text[]) with ordinality u(w, i)) q
             left join search_terms t on t.word = q.f
        order by q.i`,
  );
}

export interface NearWord {
  word: string;
  n: number;
  sound: string;
}

/**
 * For each typed word (folded, its sound, its row's field), the words of that field spelt near
 * it: sharing enough trigrams (pg_trgm's `%`, its GIN index), sounding the same
 * (estante_sound) or made of the same letters (a swap), the most similar first. One query for
 * all the words of a search.
 */
export async function nearWords(db: Db, typed: { folded: string; sound: string; campo: SearchRow['campo'] }[], limit = 30): Promise<NearWord[][]> {
  if (typed.length === 0) return [];
  const list = (values: string[]) => `{${values.map(arrayItem).join(',')}}`;
  const rows = await queryRows<NearWord & { i: number }>(
    db,
    sql`select q.i::int as i, c.word, c.n, c.sound
        from unnest(${list(typed.map((w) => w.folded))}::text[], ${list(typed.map((w) => w.sound))}::text[],
                    ${list(typed.map((w) => FIELD_COLUMN[w.campo] ?? 'n'))}::text[]) with ordinality q(f, s, c, i)
             cross join lateral (
               select t.word, t.sound,
                      case q.c when 'n_a' then t.n_a when 'n_b' then t.n_b when 'n_c' then t.n_c when 'n_d' then t.n_d else t.n end as n
               from search_terms t
               where (t.word % q.f or t.sound = q.s or t.letters = estante_letters(q.f)) and t.word <> q.f
                     and case q.c when 'n_a' then t.n_a when 'n_b' then t.n_b when 'n_c' then t.n_c when 'n_d' then t.n_d else t.n end > 0
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

/** A phrase folded as headings' keys are (estante_key: no accents, case or punctuation). */
export async function headingKey(db: Db, text: string): Promise<string> {
  const [row] = await queryRows<{ k: string | null }>(db, sql`select estante_key(${text}) as k`);
  return row?.k ?? '';
}

/** A PostgreSQL array literal's item, quoted. */
function arrayItem(word: string): string {
  return `"${word.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
