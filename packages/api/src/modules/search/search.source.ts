import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Which title records a search index reads: our catalogue (`titles`) or the partner network's
 * harvested records (`network_titles`, issue 22). Both tables have the same columns (schema
 * titleRecordColumns), search vectors and triggers, and each its own version number, so one
 * engine — the same snapshot, atoms, facets and ranking — serves both, each from its own index.
 */
export interface CatalogueSource {
  readonly name: 'catalogue' | 'network';
  /** The table of title records. */
  readonly table: 'titles' | 'network_titles';
  /** The same, for a query (aliased `t` where the queries need it). */
  readonly titles: SQL;
  /** The one-row table whose number moves with every change search sees. */
  readonly version: SQL;
  /** Which of its rows patrons may find: our titles not suppressed from the OPAC (migration 0052). */
  readonly visible: SQL;
  /** Facet B (library): (id, b, name) of the holding libraries of the titles `ids` selects; null: none. */
  readonly libraries: CodedRows | null;
  /** Facet NA_C (course): (id, c, name) of the selected titles in a teaching plan; null: none. */
  readonly courses: CodedRows | null;
  /** Facet Z (institution): (id, z, name) of the selected records' partners; null: none. */
  readonly institutions: CodedRows | null;
  /** Teaching plans' bibliographies are of our titles only. */
  readonly plans: boolean;
}

/**
 * The rows of a coded facet (libraries, courses, partners) for the titles a condition selects:
 * `ids(column)` is that condition on the query's title-id column, so it filters before any join
 * or distinct. A full read asks for a range of ids at a time (at ten million titles the whole
 * catalogue's distinct holdings spilled to disk for over 20 minutes), a patch for its changed ids.
 */
export type CodedRows = (ids: (column: SQL) => SQL) => SQL;

/** Titles with ids in [from, to). */
export const idRange =
  (from: number, to: number) =>
  (column: SQL): SQL =>
    sql`${column} >= ${from} and ${column} < ${to}`;

/** Titles whose id is in a Postgres array literal (`{1,2,3}`). */
export const idsIn =
  (ids: string) =>
  (column: SQL): SQL =>
    sql`${column} = any(${ids}::int[])`;

export const CATALOGUE: CatalogueSource = {
  name: 'catalogue',
  table: 'titles',
  titles: sql.raw('titles'),
  version: sql.raw('catalog_version'),
  visible: sql.raw('not suppressed'),
  libraries: (ids) => sql`select h.cod_acervo as id, h.cod_biblioteca as b, l.desc_biblioteca as name
                 from (select distinct cod_acervo, cod_biblioteca from copies where ${ids(sql.raw('cod_acervo'))}) h
                 join libraries l using (cod_biblioteca)`,
  courses: (ids) => sql`select distinct t.cod_acervo as id, p.cod_curso as c, c.nome_curso as name
               from plan_titles t join teaching_plans p on p.cod_plano = t.cod_plano join courses c on c.cod_curso = p.cod_curso
               where ${ids(sql.raw('t.cod_acervo'))}`,
  institutions: null,
  plans: true,
};

export const NETWORK: CatalogueSource = {
  name: 'network',
  table: 'network_titles',
  titles: sql.raw('network_titles'),
  version: sql.raw('network_version'),
  visible: sql.raw('true'),
  libraries: null,
  courses: null,
  institutions: (ids) => sql`select t.cod_acervo as id, t.cod_empresa as z, p.nome as name
                    from network_titles t join network_partners p using (cod_empresa) where ${ids(sql.raw('t.cod_acervo'))}`,
  plans: false,
};

/**
 * The text of every query `source` is read by (its tables, which rows are visible, its coded
 * facets' SQL), for the name of the files it is kept in (search.persist.ts): a snapshot read by
 * other queries is not loaded.
 */
export function sourceCode(source: CatalogueSource): string {
  const dialect = new PgDialect();
  const text = (query: SQL) => dialect.sqlToQuery(query).sql;
  const probe = (column: SQL) => sql`${column} = ${0}`;
  return [
    source.name,
    source.table,
    text(source.titles),
    text(source.version),
    text(source.visible),
    ...[source.libraries, source.courses, source.institutions].map((rows) => (rows ? text(rows(probe)) : '-')),
    String(source.plans),
  ].join('\n');
}
