import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@estante/contracts/kernel';
import { grantRoles, personOfLogin } from '../src/modules/staff/staff.queries.js';
import type { Db } from '../src/db/client.js';
import {
  campuses,
  copies,
  holds,
  institution,
  institutionActivities,
  libraries,
  loans,
  loanTypes,
  logins,
  patronCategories,
  people,
  searchGuides,
  titles,
} from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { importMarcRecords } from '../src/modules/catalog/catalog.import.js';
import { asItems, type TitleSpec } from './marc.js';

/** Inserts the institution row, with `overrides` on top of plain defaults. */
export async function createInstitution(db: Db, overrides: Partial<typeof institution.$inferInsert> = {}) {
  const [row] = await db
    .insert(institution)
    .values({ codEmpresa: 42, sigla: 'BIB', nome: 'Biblioteca de Teste', parametros: { __md_aut: 2, __md_crypt: 4 }, ...overrides })
    .returning();
  return row!;
}

/** Switches on activities of module 3 (they exist from migration 0002). */
export async function enableActivities(db: Db, codes: number[]) {
  await db.insert(institutionActivities).values(codes.map((codAtividade) => ({ codModulo: 3, codAtividade })));
}

/** Adds search guides, in the order given. */
export async function createGuides(db: Db, guides: { codigo: string; rota: string; ativo?: boolean }[]) {
  await db.insert(searchGuides).values(guides.map((g, i) => ({ ...g, ordem: i + 1 })));
}

/** A patron with a password login (category 01, or the one given, is created when missing). */
export async function createPatron(
  db: Db,
  patron: { login: string; nome: string; password: string; bloqueio?: boolean; email?: string; cpf?: string; categoria?: string },
) {
  const person = await createRegistration(db, {
    nome: patron.nome,
    bloqueio: patron.bloqueio,
    email: patron.email,
    cpf: patron.cpf,
    categoria: patron.categoria,
  });
  await db.insert(logins).values({ login: patron.login, codPessoa: person.codPessoa, passwordHash: await hashPassword(patron.password) });
  return person;
}

/** A person without a login of their own: another registration of someone (same CPF), say. */
export async function createRegistration(db: Db, person: { nome: string; bloqueio?: boolean; email?: string; cpf?: string; categoria?: string }) {
  const categoria = person.categoria ?? '01';
  await db
    .insert(patronCategories)
    .values({ codCategoria: categoria, descricao: categoria === '01' ? 'Graduação' : `Categoria ${categoria}` })
    .onConflictDoNothing();
  const [row] = await db
    .insert(people)
    .values({ nome: person.nome, codCategoria: categoria, bloqueio: person.bloqueio ?? false, email: person.email ?? null, cpf: person.cpf ?? null })
    .returning();
  return row!;
}

/** A campus with libraries, and the loan types copies need. */
export async function createLibraries(db: Db, names: string[]) {
  await db
    .insert(loanTypes)
    .values([
      { codTipoEmprestimo: 1, descricao: 'Normal', permiteEmprestimo: true, permiteReserva: true },
      { codTipoEmprestimo: 2, descricao: 'Consulta local', permiteEmprestimo: false, permiteReserva: false },
    ])
    .onConflictDoNothing();
  const [campus] = await db
    .insert(campuses)
    .values({ nome: `Campus ${names.join(' ')}` })
    .returning();
  return db
    .insert(libraries)
    .values(names.map((nome, i) => ({ codCampus: campus!.codCampus, nome, sigla: `${nome.slice(0, 3).toUpperCase()}${i}` })))
    .returning();
}

/**
 * Catalogues test titles through the real import (MARC 21 records built from `specs`) and answers
 * their numbers (cod_acervo) by control number (`spec.id`).
 */
export async function createTitles(db: Db, specs: TitleSpec[]): Promise<Record<string, number>> {
  await importMarcRecords(db, asItems(specs));
  const rows = await db.select({ id: titles.codAcervo, c: titles.controlNumber }).from(titles);
  return Object.fromEntries(rows.filter((r) => specs.some((s) => s.id === r.c)).map((r) => [r.c, r.id]));
}

type CopyInsert = typeof copies.$inferInsert;

/**
 * Copies of titles, lendable (loan type 1, "Normal", from `createLibraries`) and on the shelf
 * unless a row says otherwise; the shelf location defaults to `000`. Answers the rows made.
 */
export async function createCopies(
  db: Db,
  rows: (Omit<CopyInsert, 'codTipoEmprestimo' | 'localizacao'> & Partial<Pick<CopyInsert, 'codTipoEmprestimo' | 'localizacao'>>)[],
) {
  return db
    .insert(copies)
    .values(rows.map((row) => ({ codTipoEmprestimo: 1, localizacao: '000', ...row })))
    .returning();
}

/**
 * An open loan of the copy `tombo` to a person, lent `lentDaysAgo` days ago (default 0) and due
 * in `dueInDays` days (negative: overdue); the copy is marked lent with that due date, as the
 * desk would. Answers the loan's number.
 */
export async function createLoan(db: Db, loan: { tombo: string; codPessoa: number; dueInDays: number; lentDaysAgo?: number; renewals?: number }) {
  const [copy] = await db.select({ codExemplar: copies.codExemplar }).from(copies).where(eq(copies.tombo, loan.tombo));
  if (!copy) throw new Error(`createLoan: no copy ${loan.tombo}`);
  const due = sql`current_date + ${loan.dueInDays}::int`;
  await db.update(copies).set({ status: 'emprestado', dataDevolucaoPrevista: due }).where(eq(copies.codExemplar, copy.codExemplar));
  const [row] = await db
    .insert(loans)
    .values({
      codExemplar: copy.codExemplar,
      codPessoa: loan.codPessoa,
      loanedAt: sql`now() - ${loan.lentDaysAgo ?? 0}::int * interval '1 day'`,
      dueDate: due,
      renewals: loan.renewals ?? 0,
    })
    .returning({ codEmprestimo: loans.codEmprestimo });
  return row!.codEmprestimo;
}

/** A hold waiting in the queue (its place follows the holds already there). Answers its number. */
export async function createHold(
  db: Db,
  hold: Pick<typeof holds.$inferInsert, 'codAcervo' | 'codBiblioteca' | 'codPessoa' | 'volume' | 'tomo' | 'parte' | 'localizacao'>,
) {
  const [row] = await db.insert(holds).values(hold).returning({ codReserva: holds.codReserva });
  return row!.codReserva;
}

/** Makes the person behind `login` a staff member with these roles (and only these). */
export async function grantStaffRoles(db: Db, login: string, roles: readonly StaffRole[]) {
  const person = await personOfLogin(db, login);
  if (!person) throw new Error(`no login ${login}`);
  await db.execute(sql`delete from staff_roles where cod_pessoa = ${person.cod_pessoa}`);
  await grantRoles(db, person.cod_pessoa, roles);
  return person.cod_pessoa;
}
