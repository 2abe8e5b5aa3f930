import { PROXIMITY_WORDS, type SearchRow } from '@estante/contracts/search';
import { type SQL, sql } from 'drizzle-orm';

/*
 * What a search's rows become in PostgreSQL: tsqueries and predicates on titles `t`, built here
 * and run by search.queries.ts (and by the catalogue's authority pages, which count a heading's
 * titles with the same predicate).
 */

/**
 * The words of a term as the search sees them: runs of letters and digits. Everything else
 * (tsquery operators & | ! ( ) : * ', quotes, SQL) is a separator, never syntax.
 */
export function searchWords(term: string): string[] {
  return (term.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32).map((w) => w.slice(0, 64));
}

/** Field → tsvector weight it lives under (see the titles_search_vector trigger). */
export const FIELD_WEIGHT: Partial<Record<SearchRow['campo'], 'A' | 'B' | 'C' | 'D'>> = { titulo: 'A', autor: 'B', assunto: 'C', serie: 'D', editora: 'D' };

/** tsquery text for a row: quoted words, weight-restricted by field, AND-ed or in sequence. */
function tsqueryText(row: SearchRow, words: string[], joinWith?: string, weightOverride?: string): string {
  const weight = weightOverride ?? FIELD_WEIGHT[row.campo] ?? '';
  const joiner = joinWith ?? (row.tipo === 'palavras' ? ' & ' : ' <-> ');
  return words.map((w) => `'${w}'${weight ? `:${weight}` : ''}`).join(joiner);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The tsquery of a row: accent-insensitive words, or their stems in pt, es and en. */
function rowTsquery(row: SearchRow, words: string[], joinWith?: string, weight?: string): { vector: SQL; query: SQL } {
  return textTsquery(tsqueryText(row, words, joinWith, weight), row.similar);
}

/** tsquery text (quoted words only) against the plain vector, or stemmed in pt, es and en. */
function textTsquery(text: string, similar: boolean): { vector: SQL; query: SQL } {
  if (!similar) return { vector: sql.raw('t.search_vector'), query: sql`to_tsquery('estante', ${text})` };
  return {
    vector: sql.raw('t.search_stem'),
    query: sql`(to_tsquery('estante_pt', estante_pt_normalize(${text})) || to_tsquery('estante_es', ${text}) || to_tsquery('estante_en', ${text}))`,
  };
}

/**
 * The proximity operators (spec §9): the previous row's words, in order, then this row's
 * within PROXIMITY_WORDS words (ANTES), the other way round (DEPOIS), or either (PROXIMO).
 * Each row keeps its field; "similar words" on either row searches both by their stems.
 */
export function proximityPredicate(previous: SearchRow, row: SearchRow, operator: 'ANTES' | 'DEPOIS' | 'PROXIMO'): SQL | null {
  const a = searchWords(previous.termo);
  const b = searchWords(row.termo);
  if (a.length === 0 || b.length === 0) return null;
  const left = `(${tsqueryText(previous, a, ' <-> ')})`;
  const right = `(${tsqueryText(row, b, ' <-> ')})`;
  const within = (x: string, y: string) => Array.from({ length: PROXIMITY_WORDS }, (_, i) => `${x} <${i + 1}> ${y}`);
  const alternatives =
    operator === 'ANTES' ? within(left, right) : operator === 'DEPOIS' ? within(right, left) : [...within(left, right), ...within(right, left)];
  const { vector, query } = textTsquery(alternatives.join(' | '), previous.similar || row.similar);
  return sql`${vector} @@ ${query}`;
}

/** A row's predicate on titles `t`; null when the term has nothing to search for. */
export function rowPredicate(row: SearchRow): SQL | null {
  const words = searchWords(row.termo);
  if (words.length === 0) return null;
  const phrase = words.join(' ');
  if (row.campo === 'isbn') {
    const code = row.termo.replace(/[^0-9Xx]/g, '').toUpperCase();
    return code ? sql`(t.isbn @> array[${code}]::text[] or t.issn @> array[${formatIssn(code)}]::text[])` : null;
  }
  if (row.campo === 'chamada') {
    return sql`estante_fold(t.call_number) like estante_fold(${escapeLike(row.termo.trim())}) || '%'`;
  }
  const { vector, query } = rowTsquery(row, words);
  const match = sql`${vector} @@ ${query}`;
  if (row.tipo !== 'inicio') return match;
  // Keys are folded with punctuation as single spaces (estante_key); `phrase` is words and
  // spaces only, so it can hold no LIKE wildcard. title_fold is estante_key(title), stored.
  const starts = sql`estante_key(${phrase}) || '%'`;
  const column: Record<string, SQL> = {
    livre: sql`t.title_fold like ${starts}`,
    titulo: sql`t.title_fold like ${starts}`,
    autor: sql`estante_key(t.author) like ${starts}`,
    serie: sql`estante_key(t.series) like ${starts}`,
    editora: sql`estante_key(t.publisher) like ${starts}`,
    assunto: sql`exists (select 1 from unnest(t.subjects) s where estante_key(s) like ${starts})`,
  };
  return sql`(${match} and ${column[row.campo] ?? column.livre!})`;
}

function formatIssn(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** Weight letter → the bit a word atom's mask gives it (title A 8, author B 4, subject C 2, other D 1). */
export const WEIGHT_BITS = { A: 8, B: 4, C: 2, D: 1 } as const;

/** The tsquery of one word, optionally restricted to a weight, plain or stemmed. */
export function wordQuery(word: string, similar: boolean, weight?: keyof typeof WEIGHT_BITS) {
  return rowTsquery({ campo: 'livre', termo: word, tipo: 'palavras', operador: 'E', similar }, [word], undefined, weight);
}
