import { type IndexType, NO_YEAR, type SearchFilter, type SearchRow, type SearchState, type Sort } from '@estante/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/**
 * The words of a term as the search sees them: runs of letters and digits. Everything else
 * (tsquery operators & | ! ( ) : * ', quotes, SQL) is a separator, never syntax.
 */
export function searchWords(term: string): string[] {
  return (term.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32).map((w) => w.slice(0, 64));
}

/** Field → tsvector weight it lives under (see the titles_search_vector trigger). */
const FIELD_WEIGHT: Partial<Record<SearchRow['campo'], string>> = { titulo: 'A', autor: 'B', assunto: 'C', serie: 'D', editora: 'D' };

/** tsquery text for a row: quoted words, weight-restricted by field, AND-ed or in sequence. */
function tsqueryText(row: SearchRow, words: string[], joinWith?: string): string {
  const weight = FIELD_WEIGHT[row.campo] ?? '';
  const joiner = joinWith ?? (row.tipo === 'palavras' ? ' & ' : ' <-> ');
  return words.map((w) => `'${w}'${weight ? `:${weight}` : ''}`).join(joiner);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The tsquery of a row: accent-insensitive words, or their stems in pt, es and en. */
function rowTsquery(row: SearchRow, words: string[], joinWith?: string): { vector: SQL; query: SQL } {
  const text = tsqueryText(row, words, joinWith);
  if (!row.similar) return { vector: sql.raw('t.search_vector'), query: sql`to_tsquery('estante', ${text})` };
  return {
    vector: sql.raw('t.search_stem'),
    query: sql`(to_tsquery('estante_pt', estante_pt_normalize(${text})) || to_tsquery('estante_es', ${text}) || to_tsquery('estante_en', ${text}))`,
  };
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

/**
 * Step 1, what to match: the rows' text, and for new acquisitions the period. Null when there
 * is nothing to search for (no words and no period).
 */
export function searchMatch(state: SearchState): SQL | null {
  const text = textMatch(state.linhas);
  const period = state.novas ? sql`t.created_at >= now() - make_interval(days => ${state.novas})` : null;
  if (text && period) return sql`(${text} and ${period})`;
  return text ?? period;
}

/** The rows joined left to right by their operators (E, OU, NAO); null when none has words. */
export function textMatch(rows: SearchRow[]): SQL | null {
  let expression: SQL | null = null;
  for (const row of rows) {
    const predicate = rowPredicate(row);
    if (!predicate) continue;
    if (!expression) expression = predicate;
    else if (row.operador === 'OU') expression = sql`(${expression} or ${predicate})`;
    else if (row.operador === 'NAO') expression = sql`(${expression} and not ${predicate})`;
    else expression = sql`(${expression} and ${predicate})`;
  }
  return expression;
}

/**
 * Step 2, filters: AND across facet types, OR within one (spec §9). `except` leaves one type
 * out, which is how a facet counts what choosing another of its values would give.
 */
export function filterPredicate(filters: SearchFilter[], except?: SearchFilter['tipo']): SQL {
  const byType = new Map<SearchFilter['tipo'], string[]>();
  for (const f of filters) if (f.tipo !== except) byType.set(f.tipo, [...(byType.get(f.tipo) ?? []), f.codigo]);
  const parts: SQL[] = [];
  for (const [tipo, codes] of byType) {
    // Drizzle writes a JS array as a parameter list: `x in (p1, p2, …)`.
    if (tipo === 'T') parts.push(sql`cod_tipo_obra in ${codes.map(Number)}`);
    if (tipo === 'I') parts.push(sql`idioma in ${codes}`);
    if (tipo === 'Y') {
      const years = codes.filter((c) => c !== NO_YEAR).map(Number);
      const inYears = years.length ? sql`ano_publicacao in ${years}` : sql`false`;
      parts.push(codes.includes(NO_YEAR) ? sql`(${inYears} or ano_publicacao is null)` : inYears);
    }
    if (tipo === 'X') {
      const options = codes.map((c) => (c === 'C' ? sql`link_capa is not null` : c === 'O' ? sql`acesso_remoto` : sql`possui_acessibilidade`));
      parts.push(sql`(${sql.join(options, sql` or `)})`);
    }
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** Step 3, sort. Relevance: exact title first, then weighted rank (title > author > subject > notes). */
function orderBy(sort: Sort, rank: SQL | null, firstTerm: string): SQL {
  switch (sort) {
    case 'T':
      return sql`t.title_fold, t.cod_acervo`;
    case 'A':
      return sql`estante_fold(t.author) nulls last, t.title_fold, t.cod_acervo`;
    case 'N':
      return sql`t.ano_publicacao desc nulls last, t.cod_acervo desc`;
    case 'O':
      return sql`t.ano_publicacao asc nulls last, t.cod_acervo`;
    default:
      // Nothing to rank (a new-acquisitions list, an ISBN): the newest acquisitions first.
      if (!rank) return sql`t.created_at desc, t.cod_acervo desc`;
      // estante_key turns % and _ into spaces, so the term cannot inject a LIKE wildcard.
      return sql`(t.title_fold = estante_key(${firstTerm}))::int desc,
                 (t.title_fold like estante_key(${firstTerm}) || '%')::int desc,
                 ${rank} desc,
                 t.cod_acervo`;
  }
}

/**
 * The rank of a title: any word of the first row, on the vector that row searches (its stems
 * for "similar words"), weighted title 1.0 > author 0.4 > subject 0.2 > notes 0.1.
 */
function rankExpression(rows: SearchRow[]): SQL | null {
  const first = rows.find((r) => searchWords(r.termo).length > 0 && r.campo !== 'isbn' && r.campo !== 'chamada');
  if (!first) return null;
  const { vector, query } = rowTsquery({ ...first, campo: 'livre', tipo: 'palavras' }, searchWords(first.termo), ' | ');
  return sql`ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', ${vector}, ${query}, 1)`;
}

export interface TitleRow {
  cod_acervo: number;
  title: string;
  author: string | null;
  ano_publicacao: number | null;
  cod_tipo_obra: number;
  desc_tipo_obra: string;
  idioma: string | null;
  link_capa: string | null;
  acesso_remoto: boolean;
  possui_acessibilidade: boolean;
}

/** Step 4, page: the titles of one page, in order. */
export async function findPage(db: Db, state: SearchState, match: SQL): Promise<TitleRow[]> {
  const firstTerm = state.linhas[0]?.termo ?? '';
  return queryRows<TitleRow>(
    db,
    sql`select t.cod_acervo, t.title, t.author, t.ano_publicacao, t.cod_tipo_obra,
               (select w.desc_tipo_obra from work_types w where w.cod_tipo_obra = t.cod_tipo_obra) as desc_tipo_obra,
               t.idioma, t.link_capa, t.acesso_remoto, t.possui_acessibilidade
        from titles t
        where ${match} and ${filterPredicate(state.filtros)}
        order by ${orderBy(state.ordenacao, rankExpression(state.linhas), firstTerm)}
        limit ${state.quantPag} offset ${(state.pagina - 1) * state.quantPag}`,
  );
}

export interface FacetCount {
  faceta: string;
  codigo: string;
  total: number;
  sem_filtro: number;
}

/**
 * Facet counts over the matched set in one statement: per value, how many titles the other
 * facets' filters leave (total) and how many the text alone matches (totalSemFiltro). The
 * row with faceta '*' is the search's total (every filter applied), so no other scan is needed.
 */
export async function countFacets(db: Db, state: SearchState, match: SQL): Promise<FacetCount[]> {
  const f = state.filtros;
  return queryRows<FacetCount>(
    db,
    sql`with m as materialized (
          select cod_tipo_obra, ano_publicacao, idioma, link_capa, acesso_remoto, possui_acessibilidade
          from titles t where ${match})
        select '*' as faceta, '' as codigo, count(*) filter (where ${filterPredicate(f)})::int as total, count(*)::int as sem_filtro
          from m
        union all
        select 'T', cod_tipo_obra::text, count(*) filter (where ${filterPredicate(f, 'T')})::int as total, count(*)::int as sem_filtro
          from m group by cod_tipo_obra
        union all
        select 'Y', coalesce(ano_publicacao::text, ${NO_YEAR}), count(*) filter (where ${filterPredicate(f, 'Y')})::int, count(*)::int
          from m group by ano_publicacao
        union all
        select 'I', idioma, count(*) filter (where ${filterPredicate(f, 'I')})::int, count(*)::int
          from m where idioma is not null group by idioma
        union all
        select 'X', x.codigo, count(*) filter (where x.hit and ${filterPredicate(f, 'X')})::int, count(*) filter (where x.hit)::int
          from m cross join lateral (values ('C', link_capa is not null), ('O', acesso_remoto), ('A', possui_acessibilidade)) as x(codigo, hit)
          group by x.codigo`,
  );
}

/** Copies per library of the given titles: how many, and how many are on the shelf. */
export async function availability(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<{ cod_acervo: number; cod_biblioteca: number; desc_biblioteca: string; total: number; disponiveis: number }>(
    db,
    sql`select c.cod_acervo, l.cod_biblioteca, l.desc_biblioteca, count(*)::int as total,
               count(*) filter (where c.status = 'disponivel')::int as disponiveis
        from copies c join libraries l on l.cod_biblioteca = c.cod_biblioteca
        where c.cod_acervo in ${ids}
        group by c.cod_acervo, l.cod_biblioteca, l.desc_biblioteca
        order by l.desc_biblioteca`,
  );
}

/** Names of language codes in the requested interface language. */
export async function languageNamesFor(db: Db, codes: string[]) {
  if (codes.length === 0) return [];
  return queryRows<{ codigo: string; nome_pt: string; nome_en: string; nome_es: string }>(
    db,
    sql`select codigo, nome_pt, nome_en, nome_es from languages where codigo in ${codes}`,
  );
}

/** Work types with their Portuguese names. */
export async function workTypes(db: Db) {
  return queryRows<{ cod_tipo_obra: number; desc_tipo_obra: string }>(db, sql`select cod_tipo_obra, desc_tipo_obra from work_types`);
}

/** The headings of each index: one row per heading occurrence on a title. */
const INDEX_HEADINGS: Record<IndexType, SQL> = {
  titulo: sql`select t.title as h from titles t`,
  serie: sql`select t.series as h from titles t where t.series is not null`,
  autor: sql`select h from titles t cross join lateral unnest(array_prepend(t.author, t.added_authors)) as h where h is not null`,
  assunto: sql`select h from titles t cross join lateral unnest(t.subjects) as h`,
  chamada: sql`select t.call_number as h from titles t where t.call_number is not null`,
  isbn: sql`select h from titles t cross join lateral unnest(t.isbn) as h`,
  issn: sql`select h from titles t cross join lateral unnest(t.issn) as h`,
};

/**
 * Index browse: `limit` headings of one index in alphabetical order (accents and case
 * folded), from the first at or after `from`, each with how many titles carry it.
 */
export async function browseIndex(db: Db, type: IndexType, from: string, limit: number) {
  return queryRows<{ cabecalho: string; total: number }>(
    db,
    sql`select min(h) as cabecalho, count(*)::int as total
        from (${INDEX_HEADINGS[type]}) headings
        where estante_fold(h) >= estante_fold(${from})
        group by estante_fold(h)
        order by estante_fold(h)
        limit ${limit}`,
  );
}
