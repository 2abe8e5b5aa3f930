import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { handovers } from '../../src/db/schema/index.js';

type HandoverInsert = typeof handovers.$inferInsert;

/**
 * A hand-over as the API issues one (a provider's token unless `tipo` says otherwise), issued
 * `issuedDaysAgo` days ago and expiring `expiresInDays` days from now (negative: expired), by the
 * database's clock. Answers its id.
 */
export async function createHandover(
  db: Db,
  handover: Pick<HandoverInsert, 'id' | 'codPessoa'> &
    Partial<Pick<HandoverInsert, 'tipo' | 'recurso' | 'destino'>> & { issuedDaysAgo: number; expiresInDays: number },
) {
  const { issuedDaysAgo, expiresInDays, ...row } = handover;
  const [made] = await db
    .insert(handovers)
    .values({
      tipo: 'provedor',
      ...row,
      emitidoEm: sql`now() - ${issuedDaysAgo}::int * interval '1 day'`,
      expiraEm: sql`now() + ${expiresInDays}::int * interval '1 day'`,
    })
    .returning({ id: handovers.id });
  return made!.id;
}
