import type { Db } from '../../src/db/client.js';
import { savedSearches } from '../../src/db/schema/index.js';

/** Saved searches of a person, all in one statement (so saved at the same moment). Answers their ids, in order. */
export async function createSavedSearches(db: Db, codPessoa: number, searches: Omit<typeof savedSearches.$inferInsert, 'codPessoa'>[]) {
  const rows = await db
    .insert(savedSearches)
    .values(searches.map((search) => ({ codPessoa, ...search })))
    .returning({ id: savedSearches.id });
  return rows.map((r) => r.id);
}
