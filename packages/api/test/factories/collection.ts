import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { copies, eResources, loans } from '../../src/db/schema/index.js';

type EResourceInsert = typeof eResources.$inferInsert;

/** Databases and e-resources the library subscribes to (open to every category unless `categorias` says). Answers the rows made. */
export async function createEResources(db: Db, resources: (Pick<EResourceInsert, 'nome' | 'url'> & Partial<EResourceInsert>)[]) {
  return db.insert(eResources).values(resources).returning();
}

/**
 * A loan of the copy `tombo` that is over: lent at `lentAt` (a local date and time,
 * `YYYY-MM-DDTHH:MM:SS`), due 14 days after that day, given back 7 days after it was lent.
 * Answers its number.
 */
export async function createReturnedLoan(db: Db, loan: { tombo: string; codPessoa: number; lentAt: string }) {
  const [copy] = await db.select({ codExemplar: copies.codExemplar }).from(copies).where(eq(copies.tombo, loan.tombo));
  if (!copy) throw new Error(`createReturnedLoan: no copy ${loan.tombo}`);
  const lentAt = sql`${loan.lentAt}::timestamp`;
  const [row] = await db
    .insert(loans)
    .values({
      codExemplar: copy.codExemplar,
      codPessoa: loan.codPessoa,
      loanedAt: lentAt,
      dueDate: sql`${lentAt}::date + 14`,
      returnedAt: sql`${lentAt} + interval '7 days'`,
    })
    .returning({ codEmprestimo: loans.codEmprestimo });
  return row!.codEmprestimo;
}
