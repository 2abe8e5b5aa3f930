import { type AuthorityType, authoritySearchField, LOOKUP_PAGE_SIZE } from '@estante/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { findAuthorities, findCampus, findCampuses, findCourse, findCourses, findDiscipline, findDisciplines, findLibraries, findLibrary, findProfessor, findProfessors } from './lookups.queries.js';

/** `GET /consulta/campus`: campuses by name, a page at a time. */
export async function campuses(db: Db, query: { search_text?: string; page?: number }) {
  const page = query.page ?? 1;
  return pageOf(await findCampuses(db, query.search_text, LOOKUP_PAGE_SIZE, (page - 1) * LOOKUP_PAGE_SIZE), page);
}

/** `GET /consulta/bibliotecas`: libraries by name, optionally of one campus, a page at a time. */
export async function libraries(db: Db, query: { search_text?: string; page?: number; codCampus?: number }) {
  const page = query.page ?? 1;
  return pageOf(await findLibraries(db, query.search_text, query.codCampus, LOOKUP_PAGE_SIZE, (page - 1) * LOOKUP_PAGE_SIZE), page);
}

/** `GET /consulta/campus/{id}`; 404 when there is no such campus. */
export async function campus(db: Db, id: number) {
  const row = await findCampus(db, id);
  if (!row) throw new AppError(404, 'CampusNaoEncontrado', { id });
  return row;
}

/** `GET /consulta/biblioteca/{id}`; 404 when there is no such library. */
export async function library(db: Db, id: number) {
  const row = await findLibrary(db, id);
  if (!row) throw new AppError(404, 'BibliotecaNaoEncontrada', { id });
  return row;
}

/** A page of look-up rows: the total (from the window count) and the rows without it. */
function pageOf<T extends { total: number }>(rows: T[], page: number) {
  return { total: rows[0]?.total ?? 0, page, itens: rows.map(({ total: _total, ...row }) => row) };
}

/** `GET /consulta/cursos`: courses by name, optionally of one campus, a page at a time. */
export async function courses(db: Db, query: { search_text?: string; page?: number; codCampus?: number }) {
  const page = query.page ?? 1;
  return pageOf(await findCourses(db, query.search_text, query.codCampus, LOOKUP_PAGE_SIZE, (page - 1) * LOOKUP_PAGE_SIZE), page);
}

/** `GET /consulta/disciplinas`: disciplines by name or code, a page at a time. */
export async function disciplines(db: Db, query: { search_text?: string; page?: number }) {
  const page = query.page ?? 1;
  return pageOf(await findDisciplines(db, query.search_text, LOOKUP_PAGE_SIZE, (page - 1) * LOOKUP_PAGE_SIZE), page);
}

/** `GET /consulta/professores`: professors by name, a page at a time. */
export async function professors(db: Db, query: { search_text?: string; page?: number }) {
  const page = query.page ?? 1;
  return pageOf(await findProfessors(db, query.search_text, LOOKUP_PAGE_SIZE, (page - 1) * LOOKUP_PAGE_SIZE), page);
}

/** `GET /consulta/curso/{id}`; 404 when there is no such course. */
export async function course(db: Db, id: number) {
  const row = await findCourse(db, id);
  if (!row) throw new AppError(404, 'CursoNaoEncontrado', { id });
  return row;
}

/** `GET /consulta/disciplina/{id}`; 404 when there is no such discipline. */
export async function discipline(db: Db, id: number) {
  const row = await findDiscipline(db, id);
  if (!row) throw new AppError(404, 'DisciplinaNaoEncontrada', { id });
  return row;
}

/** `GET /consulta/professor/{id}`; 404 when there is no such professor. */
export async function professor(db: Db, id: number) {
  const row = await findProfessor(db, id);
  if (!row) throw new AppError(404, 'ProfessorNaoEncontrado', { id });
  return row;
}

/** `GET /consulta/autoridades`: authority headings by words and type, each with the field that finds its titles. */
export async function authorities(db: Db, query: { search_text?: string; tipo?: AuthorityType; page?: number }) {
  const page = query.page ?? 1;
  const rows = await findAuthorities(db, query.search_text, query.tipo, LOOKUP_PAGE_SIZE, (page - 1) * LOOKUP_PAGE_SIZE);
  return pageOf(rows.map((r) => ({ ...r, campo: authoritySearchField(r.tipo) as 'autor' | 'titulo' | 'assunto' })), page);
}
