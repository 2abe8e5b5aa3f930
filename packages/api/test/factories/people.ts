import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { ssoSignIns } from '../../src/db/schema/index.js';

type SsoSignInInsert = typeof ssoSignIns.$inferInsert;

/** A single sign-on the provider answered for a person but not yet traded for tokens, expiring in five minutes unless said. */
export async function createSsoSignIn(db: Db, signIn: Pick<SsoSignInInsert, 'handle' | 'kind' | 'codPessoa'> & Partial<SsoSignInInsert>) {
  const [row] = await db
    .insert(ssoSignIns)
    .values({ expiresAt: sql`now() + interval '5 minutes'`, ...signIn })
    .returning();
  return row!;
}
