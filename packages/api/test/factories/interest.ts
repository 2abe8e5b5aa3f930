import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { interestEntries, interestPending, patronAlerts, titles } from '../../src/db/schema/index.js';

type EntryInsert = typeof interestEntries.$inferInsert;

/**
 * Entries of a person's interest profile, all in one statement: each follows `termo` (folded for
 * matching as the API folds it; described by itself unless said) until `validForDays` days from
 * today (default 30; 0: today is its last day). Answers their numbers, in order.
 */
export async function createInterestEntries(
  db: Db,
  codPessoa: number,
  entries: (Pick<EntryInsert, 'tipo' | 'termo'> & Partial<Pick<EntryInsert, 'descricao' | 'fasciculo' | 'artigo' | 'sumario'>> & { validForDays?: number })[],
) {
  const rows = await db
    .insert(interestEntries)
    .values(
      entries.map(({ validForDays, ...entry }) => ({
        codPessoa,
        descricao: entry.termo,
        ...entry,
        termoFold: sql`estante_fold(${entry.termo})`,
        validade: sql`current_date + ${validForDays ?? 30}::int`,
      })),
    )
    .returning({ codigo: interestEntries.codigo });
  return rows.map((r) => r.codigo);
}

/** Alerts of new titles, as the matching job makes them (unread, not yet e-mailed), each for a person with its reason. */
export async function createAlerts(db: Db, alerts: Pick<typeof patronAlerts.$inferInsert, 'codPessoa' | 'codAcervo' | 'motivo'>[]) {
  const rows = await db.insert(patronAlerts).values(alerts).returning({ codAlerta: patronAlerts.codAlerta });
  return rows.map((r) => r.codAlerta);
}

/** Queues every catalogued title for the matching job again, as though each had just been catalogued. */
export async function queueAllTitlesForMatching(db: Db) {
  await db.insert(interestPending).select(db.select({ codAcervo: titles.codAcervo, queuedAt: sql<Date>`now()`.as('queued_at') }).from(titles));
}
