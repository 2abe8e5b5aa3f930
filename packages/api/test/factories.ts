import type { Db } from '../src/db/client.js';
import { campuses, institution, institutionActivities, libraries, loanTypes, logins, patronCategories, people, searchGuides } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';

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
  const person = await createRegistration(db, { nome: patron.nome, bloqueio: patron.bloqueio, email: patron.email, cpf: patron.cpf, categoria: patron.categoria });
  await db.insert(logins).values({ login: patron.login, codPessoa: person.codPessoa, passwordHash: await hashPassword(patron.password) });
  return person;
}

/** A person without a login of their own: another registration of someone (same CPF), say. */
export async function createRegistration(db: Db, person: { nome: string; bloqueio?: boolean; email?: string; cpf?: string; categoria?: string }) {
  const categoria = person.categoria ?? '01';
  await db.insert(patronCategories).values({ codCategoria: categoria, descricao: categoria === '01' ? 'Graduação' : `Categoria ${categoria}` }).onConflictDoNothing();
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
  const [campus] = await db.insert(campuses).values({ nome: `Campus ${names.join(' ')}` }).returning();
  return db
    .insert(libraries)
    .values(names.map((nome, i) => ({ codCampus: campus!.codCampus, nome, sigla: `${nome.slice(0, 3).toUpperCase()}${i}` })))
    .returning();
}
