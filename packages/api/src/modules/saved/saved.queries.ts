import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { savedSearches } from '../../db/schema/index.js';

const columns = {
  id: savedSearches.id,
  nome: savedSearches.nome,
  consulta: savedSearches.consulta,
  guia: savedSearches.guia,
  criadoEm: savedSearches.criadoEm,
};
export type SavedSearchRow = { id: number; nome: string; consulta: string; guia: string | null; criadoEm: Date };

/** The patron's saved searches, newest first. */
export function savedSearchesOf(db: Db, codPessoa: number): Promise<SavedSearchRow[]> {
  return db.select(columns).from(savedSearches).where(eq(savedSearches.codPessoa, codPessoa)).orderBy(desc(savedSearches.criadoEm), desc(savedSearches.id));
}

/** How many searches the patron keeps. */
export async function savedSearchCount(db: Db, codPessoa: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.codPessoa, codPessoa));
  return row?.n ?? 0;
}

/** Stores a search; returns it as saved. */
export async function insertSavedSearch(db: Db, row: { codPessoa: number; nome: string; consulta: string; guia: string | null }): Promise<SavedSearchRow> {
  const [saved] = await db.insert(savedSearches).values(row).returning(columns);
  return saved!;
}

/** Deletes one of the patron's searches; false when the patron has none with that id. */
export async function deleteSavedSearch(db: Db, codPessoa: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.codPessoa, codPessoa)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}
