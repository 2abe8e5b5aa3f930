import type { AuthorityType } from '@estante/contracts';
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

/** A page of courses whose name matches, optionally of one campus. */
export async function findCourses(db: Db, text: string | undefined, codCampus: number | undefined, limit: number, offset: number) {
  return queryRows<{ cod_curso: number; nome_curso: string; cod_campus: number | null; total: number }>(
    db,
    sql`select cod_curso, nome_curso, cod_campus, count(*) over ()::int as total from courses
        where ${nameMatches(sql.raw('nome_curso'), text)}
          and ${codCampus === undefined ? sql`true` : sql`cod_campus = ${codCampus}`}
        order by estante_fold(nome_curso), cod_curso limit ${limit} offset ${offset}`,
  );
}

/** A page of disciplines whose name or code matches. */
export async function findDisciplines(db: Db, text: string | undefined, limit: number, offset: number) {
  return queryRows<{ cod_disciplina: number; codigo: string; nome_disciplina: string; total: number }>(
    db,
    sql`select cod_disciplina, codigo, nome_disciplina, count(*) over ()::int as total from disciplines
        where ${nameMatches(sql.raw("nome_disciplina || ' ' || codigo"), text)}
        order by estante_fold(nome_disciplina), cod_disciplina limit ${limit} offset ${offset}`,
  );
}

/** A page of professors whose name matches. */
export async function findProfessors(db: Db, text: string | undefined, limit: number, offset: number) {
  return queryRows<{ cod_professor: number; nome_professor: string; total: number }>(
    db,
    sql`select cod_professor, nome_professor, count(*) over ()::int as total from professors
        where ${nameMatches(sql.raw('nome_professor'), text)}
        order by estante_fold(nome_professor), cod_professor limit ${limit} offset ${offset}`,
  );
}

export async function findCourse(db: Db, id: number) {
  const [row] = await queryRows<{ cod_curso: number; nome_curso: string; cod_campus: number | null }>(
    db,
    sql`select cod_curso, nome_curso, cod_campus from courses where cod_curso = ${id}`,
  );
  return row;
}

export async function findDiscipline(db: Db, id: number) {
  const [row] = await queryRows<{ cod_disciplina: number; codigo: string; nome_disciplina: string }>(
    db,
    sql`select cod_disciplina, codigo, nome_disciplina from disciplines where cod_disciplina = ${id}`,
  );
  return row;
}

export async function findProfessor(db: Db, id: number) {
  const [row] = await queryRows<{ cod_professor: number; nome_professor: string }>(db, sql`select cod_professor, nome_professor from professors where cod_professor = ${id}`);
  return row;
}

/** A page of authority headings that match, optionally of one type, in heading order. */
export async function findAuthorities(db: Db, text: string | undefined, tipo: string | undefined, limit: number, offset: number) {
  return queryRows<{ cod_autoridade: number; tipo: AuthorityType; cabecalho: string; total: number }>(
    db,
    sql`select cod_autoridade, tipo, heading as cabecalho, count(*) over ()::int as total from authorities
        where ${nameMatches(sql.raw('heading'), text)}
          and ${tipo === undefined ? sql`true` : sql`tipo = ${tipo}`}
        order by estante_fold(heading), cod_autoridade limit ${limit} offset ${offset}`,
  );
}
