import type { Db } from '../src/db/client.js';
import { institution, institutionActivities, searchGuides } from '../src/db/schema/index.js';

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
