import { type AuthorityType, authoritySearchField, LOOKUP_PAGE_SIZE } from '@estante/contracts/catalog';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { errors } from './catalog.messages.js';
import { findOne, findPage, LOOKUPS, type LookupTable } from './lookups.queries.js';

/** Page `page` (from 1) of a look-up: the total (from the window count) and the rows without it. */
async function pageOf<Row>(db: Db, lookup: LookupTable<Row>, query: { search_text?: string; page?: number }, where: SQL = sql`true`) {
  const page = query.page ?? 1;
  const rows = await findPage(db, lookup, query.search_text, where, LOOKUP_PAGE_SIZE, (page - 1) * LOOKUP_PAGE_SIZE);
  return { total: rows[0]?.total ?? 0, page, itens: rows.map(({ total: _total, ...row }) => row as Row) };
}

/** One row of a look-up; `missing` (a 404) when there is none. */
async function oneOf<Row>(db: Db, lookup: LookupTable<Row>, id: number, missing: (id: number) => Error): Promise<Row> {
  const row = await findOne(db, lookup, id);
  if (!row) throw missing(id);
  return row;
}

const ofCampus = (codCampus: number | undefined) => (codCampus === undefined ? sql`true` : sql`cod_campus = ${codCampus}`);

/** `GET /consulta/campus`: campuses by name, a page at a time. */
export const campuses = (db: Db, query: { search_text?: string; page?: number }) => pageOf(db, LOOKUPS.campus, query);

/** `GET /consulta/bibliotecas`: libraries by name or acronym, optionally of one campus, a page at a time. */
export const libraries = (db: Db, query: { search_text?: string; page?: number; codCampus?: number }) =>
  pageOf(db, LOOKUPS.library, query, ofCampus(query.codCampus));

/** `GET /consulta/cursos`: courses by name, optionally of one campus, a page at a time. */
export const courses = (db: Db, query: { search_text?: string; page?: number; codCampus?: number }) =>
  pageOf(db, LOOKUPS.course, query, ofCampus(query.codCampus));

/** `GET /consulta/disciplinas`: disciplines by name or code, a page at a time. */
export const disciplines = (db: Db, query: { search_text?: string; page?: number }) => pageOf(db, LOOKUPS.discipline, query);

/** `GET /consulta/professores`: professors by name, a page at a time. */
export const professors = (db: Db, query: { search_text?: string; page?: number }) => pageOf(db, LOOKUPS.professor, query);

/** `GET /consulta/autoridades`: authority headings by words and type, each with the field that finds its titles. */
export async function authorities(db: Db, query: { search_text?: string; tipo?: AuthorityType; page?: number }) {
  const found = await pageOf(db, LOOKUPS.authority, query, query.tipo === undefined ? sql`true` : sql`tipo = ${query.tipo}`);
  return { ...found, itens: found.itens.map((a) => ({ ...a, campo: authoritySearchField(a.tipo) as 'autor' | 'titulo' | 'assunto' })) };
}

/** `GET /consulta/campus/{id}`, `/biblioteca/{id}`, `/curso/{id}`, `/disciplina/{id}`, `/professor/{id}`; 404 when missing. */
export const campus = (db: Db, id: number) => oneOf(db, LOOKUPS.campus, id, errors.campusNotFound);
export const library = (db: Db, id: number) => oneOf(db, LOOKUPS.library, id, (n) => errors.lookupNotFound('BibliotecaNaoEncontrada', n));
export const course = (db: Db, id: number) => oneOf(db, LOOKUPS.course, id, (n) => errors.lookupNotFound('CursoNaoEncontrado', n));
export const discipline = (db: Db, id: number) => oneOf(db, LOOKUPS.discipline, id, (n) => errors.lookupNotFound('DisciplinaNaoEncontrada', n));
export const professor = (db: Db, id: number) => oneOf(db, LOOKUPS.professor, id, (n) => errors.lookupNotFound('ProfessorNaoEncontrado', n));
