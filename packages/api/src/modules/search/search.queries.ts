import type { IndexType, PlanFilter } from '@estante/contracts/search';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { titles, workTypes as workTypesTable } from '../../db/schema/index.js';
import { CATALOGUE, type CatalogueSource } from './search.source.js';
import { WEIGHT_BITS, wordQuery } from './search.predicates.js';

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

/** The highest title number of `source` (0: none): a catalogue's size as an index lookup tells it. */
export async function highestTitle(db: Db, source: CatalogueSource = CATALOGUE): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(db, sql`select coalesce(max(cod_acervo), 0) as n from ${source.titles}`);
  return Number(rows[0]?.n ?? 0);
}

/** A key asked of PostgreSQL (textKeys): a word's query, or a phrase's title key. */
export type KeyAsked = { word: string; similar: boolean } | { phrase: string };

/**
 * The keys PostgreSQL gives words and phrases, in one statement, in the order asked: a word's
 * query as PostgreSQL prints it (`'educacao'` for "Educação"), the key under which its atom is
 * cached so every spelling that folds to the same lexemes shares one, null when the word makes
 * no query (a stop word in every stemming language); a phrase folded the way titles' keys are
 * (estante_key: no accents, case, punctuation).
 */
export async function textKeys(db: Db, asked: KeyAsked[]): Promise<(string | null)[]> {
  if (asked.length === 0) return [];
  const parts = asked.map((a, n) =>
    'phrase' in a
      ? sql`select ${n}::int as n, coalesce(estante_key(${a.phrase}), '') as k`
      : sql`select ${n}::int as n, case when numnode(q) > 0 then q::text end as k from (select ${wordQuery(a.word, a.similar).query} as q) w`,
  );
  const rows = await queryRows<{ n: number; k: string | null }>(db, sql.join(parts, sql` union all `));
  const keys: (string | null)[] = asked.map(() => null);
  for (const row of rows) keys[Number(row.n)] = row.k;
  return keys;
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
 * 0.33 ms running it; bench/results/2026-11-27-to-28-search-at-a-million.md, "Session 26").
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

/**
 * The campus of each library and course among `libraries` and `courses` (the values of filters
 * B and NA_C in force), by their numbers as strings: what a selected filter names as its campus
 * (spec §3 "Selected filter"). A course of no campus is left out.
 */
export async function campusesOf(db: Db, libraries: number[], courses: number[]): Promise<{ B: Map<string, string>; NA_C: Map<string, string> }> {
  const rows = await queryRows<{ facet: 'B' | 'NA_C'; codigo: string; campus: string }>(
    db,
    sql`select 'B' as facet, l.cod_biblioteca::text as codigo, c.nome_campus as campus
        from libraries l join campuses c using (cod_campus) where l.cod_biblioteca = any(${`{${libraries.join(',')}}`}::int[])
        union all
        select 'NA_C', k.cod_curso::text, c.nome_campus
        from courses k join campuses c using (cod_campus) where k.cod_curso = any(${`{${courses.join(',')}}`}::int[])`,
  );
  const found = { B: new Map<string, string>(), NA_C: new Map<string, string>() };
  for (const row of rows) found[row.facet].set(row.codigo, row.campus);
  return found;
}
