import { type IndexType, type PlanFilter, PROXIMITY_WORDS, type SearchRow } from '@estante/contracts';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { titles, workTypes as workTypesTable } from '../../db/schema/index.js';
import { CATALOGUE, type CatalogueSource } from './search.source.js';

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
function wordQuery(word: string, similar: boolean, weight?: keyof typeof WEIGHT_BITS) {
  return rowTsquery({ campo: 'livre', termo: word, tipo: 'palavras', operador: 'E', similar }, [word], undefined, weight);
}

/**
 * A word atom: every title whose vector holds the word, with a mask of the weights (fields)
 * it holds it under (of just the titles `only`, when given). A word that makes no query at
 * all is known beforehand from wordKey.
 */
export async function fetchWordAtom(
  db: Db,
  word: string,
  similar: boolean,
  only?: number[],
  source: CatalogueSource = CATALOGUE,
): Promise<{ id: number; m: number }[]> {
  const { vector, query } = wordQuery(word, similar);
  const bit = (weight: keyof typeof WEIGHT_BITS) =>
    sql`case when ${vector} @@ ${wordQuery(word, similar, weight).query} then ${sql.raw(String(WEIGHT_BITS[weight]))} else 0 end`;
  return queryRows<{ id: number; m: number }>(
    db,
    sql`select t.cod_acervo as id, ${bit('A')} + ${bit('B')} + ${bit('C')} + ${bit('D')} as m
        from ${source.titles} t where ${vector} @@ ${query} and ${onlyTitles(only)}`,
  );
}

/**
 * A word atom with the word's positions, for a word whose query is one lexeme of the plain
 * vector: every title holding `lexeme`, with `v` its entry in the title's vector as PostgreSQL
 * prints it (`'de':2A,15,19`: positions, each with its weight letter, D unwritten). The vector
 * cut down to that lexeme (ts_delete of all the others) costs PostgreSQL half what unnesting it
 * does. Phrases are then matched from these in memory (search.index.ts), as PostgreSQL matches
 * `<->` from the same positions.
 */
export async function fetchWordPositions(db: Db, lexeme: string, only?: number[], source: CatalogueSource = CATALOGUE): Promise<{ id: number; v: string }[]> {
  return queryRows<{ id: number; v: string }>(
    db,
    sql`select t.cod_acervo as id, ts_delete(t.search_vector, array_remove(tsvector_to_array(t.search_vector), ${lexeme}))::text as v
        from ${source.titles} t
        where t.search_vector @@ to_tsquery('estante', ${`'${lexeme}'`}) and ${onlyTitles(only)}`,
  );
}

/** `true`, or the titles `only` (an atom patched for a new snapshot asks about just those). */
function onlyTitles(only: number[] | undefined): SQL {
  return only ? (only.length ? sql`t.cod_acervo = any(${`{${only.join(',')}}`}::int[])` : sql`false`) : sql`true`;
}

/**
 * The query a word makes, as PostgreSQL prints it (`'educacao'` for "Educação"): the key under
 * which its atom is cached, so every spelling that folds to the same lexemes shares one. Null
 * when the word makes no query (a stop word in every stemming language).
 */
export async function wordKey(db: Db, word: string, similar: boolean): Promise<string | null> {
  const [row] = await queryRows<{ n: number; q: string }>(db, sql`select numnode(q) as n, q::text as q from (select ${wordQuery(word, similar).query} as q) w`);
  return row && Number(row.n) > 0 ? row.q : null;
}

/**
 * The words in the most titles (at least `minTitles`), from the plain search vectors: what the
 * search index reads ahead of any search. Only words a patron can type (letters and digits).
 */
export async function frequentWords(db: Db, minTitles: number, limit: number, source: CatalogueSource = CATALOGUE): Promise<string[]> {
  const rows = await queryRows<{ word: string }>(
    db,
    sql`select word from ts_stat(${`select search_vector from ${source.table}`})
        where ndoc >= ${minTitles} and word ~ '^[[:alnum:]]+$'
        order by ndoc desc, word limit ${limit}`,
  );
  return rows.map((r) => r.word);
}

/** A predicate atom: the titles a row's SQL predicate matches (phrases, "starts with", ISBN, call number). */
export async function fetchPredicateAtom(db: Db, predicate: SQL, only?: number[], source: CatalogueSource = CATALOGUE): Promise<{ id: number }[]> {
  return queryRows<{ id: number }>(db, sql`select t.cod_acervo as id from ${source.titles} t where ${predicate} and ${onlyTitles(only)}`);
}

/** A phrase folded the way titles' keys are (estante_key: no accents, case, punctuation). */
export async function titleKey(db: Db, phrase: string): Promise<string> {
  const [row] = await queryRows<{ k: string | null }>(db, sql`select estante_key(${phrase}) as k`);
  return row?.k ?? '';
}

/** The titles in the bibliography of the teaching plans that match every given field. */
export async function planTitleIds(db: Db, plan: PlanFilter): Promise<number[]> {
  const where: SQL[] = [];
  if (plan.curso) where.push(sql`p.cod_curso = ${plan.curso}`);
  if (plan.disciplina) where.push(sql`p.cod_disciplina = ${plan.disciplina}`);
  if (plan.professor) where.push(sql`p.cod_professor = ${plan.professor}`);
  if (plan.ano) where.push(sql`p.ano = ${plan.ano}`);
  if (plan.semestre) where.push(sql`p.semestre = ${plan.semestre}`);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct t.cod_acervo as id from plan_titles t join teaching_plans p on p.cod_plano = t.cod_plano
        where ${where.length ? sql.join(where, sql` and `) : sql`true`}`,
  );
  return rows.map((r) => r.id);
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

/**
 * A title's copies counted per library, as the results page, the basket and the title page show
 * them: the library, its copies and those on the shelf (over COPIES_IN_LIBRARIES, grouped by library).
 */
const LIBRARY_COPIES = sql`l.cod_biblioteca, l.desc_biblioteca, count(*)::int as total, count(*) filter (where c.status = 'disponivel')::int as disponiveis`;
const COPIES_IN_LIBRARIES = sql`copies c join libraries l on l.cod_biblioteca = c.cod_biblioteca`;

/** A title's copies per library as a JSON list (LibraryCopies), by library name; `[]` when it has none. */
function copiesPerLibrary(title: SQLWrapper): SQL<LibraryCopies[]> {
  return sql<LibraryCopies[]>`coalesce((select json_agg(json_build_object('cod_biblioteca', a.cod_biblioteca, 'desc_biblioteca', a.desc_biblioteca,
                                                       'total', a.total, 'disponiveis', a.disponiveis)
                                     order by a.desc_biblioteca, a.cod_biblioteca)
                     from (select ${LIBRARY_COPIES} from ${COPIES_IN_LIBRARIES}
                           where c.cod_acervo = ${title}
                           group by l.cod_biblioteca, l.desc_biblioteca) a), '[]'::json)`;
}

/** Copies of a title in one library: how many, and how many are on the shelf. */
export interface LibraryCopies {
  cod_biblioteca: number;
  desc_biblioteca: string;
  total: number;
  disponiveis: number;
}

/**
 * The result lines of the given titles, in the order of `ids`, each with its copies per library
 * (by library name): one query, one round trip, for every results page and the basket.
 */
export async function titlesByIds(db: Db, ids: number[]): Promise<(TitleRow & { disponibilidade: LibraryCopies[] })[]> {
  if (ids.length === 0) return [];
  let statement = titlesByIdsStatements.get(db);
  if (!statement) titlesByIdsStatements.set(db, (statement = prepareTitlesByIds(db)));
  const rows = await statement.execute({ ids: `{${ids.join(',')}}` });
  const byId = new Map(rows.map((r) => [r.cod_acervo, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * titlesByIds as a prepared statement, one per database: every results page asks it, always
 * with the same text (the ids travel as one array), so PostgreSQL plans it once a connection
 * instead of on every page (0.23–0.34 ms of its time a search at a million titles, against
 * 0.33 ms running it; bench/README, "Session 26").
 */
const titlesByIdsStatements = new WeakMap<Db, ReturnType<typeof prepareTitlesByIds>>();

function prepareTitlesByIds(db: Db) {
  return db
    .select({
      cod_acervo: titles.codAcervo,
      title: titles.title,
      author: titles.author,
      ano_publicacao: titles.anoPublicacao,
      cod_tipo_obra: titles.codTipoObra,
      desc_tipo_obra: workTypesTable.descricao,
      idioma: titles.idioma,
      link_capa: titles.linkCapa,
      acesso_remoto: titles.acessoRemoto,
      possui_acessibilidade: titles.possuiAcessibilidade,
      disponibilidade: copiesPerLibrary(titles.codAcervo),
    })
    .from(titles)
    .innerJoin(workTypesTable, eq(workTypesTable.codTipoObra, titles.codTipoObra))
    .where(sql`${titles.codAcervo} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('titles_by_ids');
}

export interface NetworkTitleRow extends TitleRow {
  cod_empresa: number;
  desc_empresa: string;
}

/** The result lines of the given partner-network records, in the order of `ids`, with their institution. */
export async function networkTitlesByIds(db: Db, ids: number[]): Promise<NetworkTitleRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<NetworkTitleRow>(
    db,
    sql`select t.cod_acervo, t.title, t.author, t.ano_publicacao, t.cod_tipo_obra, w.desc_tipo_obra,
               t.idioma, t.link_capa, t.acesso_remoto, t.possui_acessibilidade, t.cod_empresa, p.nome as desc_empresa
        from network_titles t join work_types w on w.cod_tipo_obra = t.cod_tipo_obra
             join network_partners p on p.cod_empresa = t.cod_empresa
        where t.cod_acervo in ${ids}`,
  );
  const byId = new Map(rows.map((r) => [r.cod_acervo, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Copies per library of the given titles: how many, and how many are on the shelf. */
export async function availability(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<{ cod_acervo: number; cod_biblioteca: number; desc_biblioteca: string; total: number; disponiveis: number }>(
    db,
    sql`select c.cod_acervo, ${LIBRARY_COPIES}
        from ${COPIES_IN_LIBRARIES}
        where c.cod_acervo in ${ids}
        group by c.cod_acervo, l.cod_biblioteca, l.desc_biblioteca
        order by l.desc_biblioteca`,
  );
}

/** Language codes with their names in the three interface languages. */
export async function languageNames(db: Db) {
  return queryRows<{ codigo: string; nome_pt: string; nome_en: string; nome_es: string }>(db, sql`select codigo, nome_pt, nome_en, nome_es from languages`);
}

/** Knowledge areas (facet K). */
export async function knowledgeAreas(db: Db) {
  return queryRows<{ cod_area_conhecimento: number; descricao: string }>(db, sql`select cod_area_conhecimento, descricao from knowledge_areas`);
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
