import type { SuggestionStatus } from '@estante/contracts/acquisitions';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { acquisitionSuggestions } from '../../src/db/schema/index.js';

type SuggestionInsert = typeof acquisitionSuggestions.$inferInsert;

/** A suggestion as the footer form stores it (publisher "Editora", a pre-suggestion), sent `daysAgo` days ago (default 0). Answers its number. */
export async function createSuggestion(
  db: Db,
  suggestion: Pick<SuggestionInsert, 'codPessoa' | 'codBiblioteca' | 'titulo'> &
    Partial<Omit<SuggestionInsert, 'situacao' | 'enviadoEm'>> & { situacao?: SuggestionStatus; daysAgo?: number },
) {
  const { daysAgo = 0, ...row } = suggestion;
  const [made] = await db
    .insert(acquisitionSuggestions)
    .values({ editor: 'Editora', situacao: 'pre_sugestao', enviadoEm: sql`now() - ${daysAgo}::int * interval '1 day'`, ...row })
    .returning({ id: acquisitionSuggestions.id });
  return made!.id;
}
