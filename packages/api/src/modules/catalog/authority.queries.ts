import type { AuthorityType } from '@estante/contracts/catalog';
import type { SearchField } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { MarcRecord } from '../../marc/record.js';
import { rowPredicate } from '../search/search.predicates.js';

export async function authorityById(db: Db, id: number) {
  const [row] = await queryRows<{ cod_autoridade: number; tipo: AuthorityType; heading: string; marc: MarcRecord }>(
    db,
    sql`select cod_autoridade, tipo, heading, marc from authorities where cod_autoridade = ${id}`,
  );
  return row;
}

export async function authoritiesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<{ cod_autoridade: number; tipo: AuthorityType; heading: string }>(
    db,
    sql`select cod_autoridade, tipo, heading from authorities where cod_autoridade in ${ids} order by heading`,
  );
}

/**
 * Titles filed under a heading: a word search on the heading's field narrows by the text index,
 * then the heading must equal (folded) the title's author or an added author, or a subject or
 * the subject a subdivided one ("Educação -- Filosofia") starts with.
 */
export async function titlesUnderHeading(db: Db, heading: string, field: SearchField, limit: number) {
  // The heading's words (dates left out: "1921-1997" is not split alike everywhere) narrow the
  // search by the text index before the exact comparison.
  const words = heading.replace(/[\p{N}]+/gu, ' ');
  const prefilter = rowPredicate({ campo: field, termo: words.trim() ? words : heading, tipo: 'palavras', operador: 'E', similar: false });
  if (!prefilter) return { total: 0, titles: [] };
  const key = sql`estante_key(${heading})`;
  const matches =
    field === 'autor'
      ? sql`(estante_key(t.author) = ${key} or exists (select 1 from unnest(t.added_authors) a where estante_key(a) = ${key}))`
      : field === 'titulo'
        ? sql`(t.title_fold = ${key} or exists (select 1 from unnest(t.subjects) s where estante_key(s) = ${key}))`
        : sql`exists (select 1 from unnest(t.subjects) s where estante_key(split_part(s, ' -- ', 1)) = ${key})`;
  const rows = await queryRows<{ cod_acervo: number; titulo: string; autor: string | null; ano_publicacao: number | null; total: number }>(
    db,
    sql`select t.cod_acervo, t.title as titulo, t.author as autor, t.ano_publicacao, count(*) over ()::int as total
        from titles t where ${prefilter} and ${matches}
        order by t.title_fold, t.cod_acervo limit ${limit}`,
  );
  return { total: rows[0]?.total ?? 0, titles: rows.map(({ total: _total, ...title }) => title) };
}
