import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** Every term of `text` must occur in the folded name (AND), accents and case ignored. */
function nameMatches(column: SQL, text: string | undefined): SQL {
  const terms = (text ?? '').trim().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return sql`true`;
  const like = (term: string) => sql`estante_fold(${column}) like '%' || estante_fold(${term.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`;
  return sql.join(terms.map(like), sql` and `);
}

/** A page of campuses whose name matches, in name order, with the total. */
export async function findCampuses(db: Db, text: string | undefined, limit: number, offset: number) {
  return queryRows<{ cod_campus: number; nome_campus: string; total: number }>(
    db,
    sql`select cod_campus, nome_campus, count(*) over ()::int as total from campuses
        where ${nameMatches(sql.raw('nome_campus'), text)}
        order by estante_fold(nome_campus), cod_campus limit ${limit} offset ${offset}`,
  );
}

/** A page of libraries whose name (or acronym) matches, optionally of one campus. */
export async function findLibraries(db: Db, text: string | undefined, codCampus: number | undefined, limit: number, offset: number) {
  return queryRows<{ cod_biblioteca: number; desc_biblioteca: string; cod_campus: number; total: number }>(
    db,
    sql`select cod_biblioteca, desc_biblioteca, cod_campus, count(*) over ()::int as total from libraries
        where ${nameMatches(sql.raw("desc_biblioteca || ' ' || sigla"), text)}
          and ${codCampus === undefined ? sql`true` : sql`cod_campus = ${codCampus}`}
        order by estante_fold(desc_biblioteca), cod_biblioteca limit ${limit} offset ${offset}`,
  );
}

export async function findCampus(db: Db, id: number) {
  const [row] = await queryRows<{ cod_campus: number; nome_campus: string }>(db, sql`select cod_campus, nome_campus from campuses where cod_campus = ${id}`);
  return row;
}

export async function findLibrary(db: Db, id: number) {
  const [row] = await queryRows<{ cod_biblioteca: number; desc_biblioteca: string; cod_campus: number }>(
    db,
    sql`select cod_biblioteca, desc_biblioteca, cod_campus from libraries where cod_biblioteca = ${id}`,
  );
  return row;
}
