import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/client.js';
import { debts, deviations, noDebtDeclarations } from '../../src/db/schema/index.js';

/** A debt of a person (amounts as decimal strings, a date may be SQL; discount and paid default to 0). Answers its number. */
export async function createDebt(db: Db, debt: PgInsertValue<typeof debts>) {
  const [row] = await db.insert(debts).values(debt).returning({ codDebito: debts.codDebito });
  return row!.codDebito;
}

/** A deviation of a person (afastamento), from today with no end unless said. Answers its number. */
export async function createDeviation(
  db: Db,
  deviation: Pick<typeof deviations.$inferInsert, 'codPessoa' | 'motivo'> & Partial<typeof deviations.$inferInsert>,
) {
  const [row] = await db
    .insert(deviations)
    .values({ inicio: sql`current_date`, ...deviation })
    .returning({ codAfastamento: deviations.codAfastamento });
  return row!.codAfastamento;
}

/** A no-debts declaration with this code, issued now on the deviation that ended the person's link. */
export async function createNoDebtDeclaration(db: Db, declaration: Pick<typeof noDebtDeclarations.$inferInsert, 'codPessoa' | 'codigo' | 'codAfastamento'>) {
  const [row] = await db.insert(noDebtDeclarations).values(declaration).returning();
  return row!;
}
