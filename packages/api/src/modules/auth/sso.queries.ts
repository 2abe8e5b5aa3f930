import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** How long an external sign-in may take, from the button to the answer being traded. */
const LIFETIME = sql`interval '10 minutes'`;

/** Starts an external sign-in: the browser's handle, and what the provider's answer must match. */
export async function insertSignIn(
  db: Db,
  row: { handle: string; kind: 'oidc' | 'saml' | 'saml-request'; state: string | null; codeVerifier?: string; oidcNonce?: string; redirect: string | null },
): Promise<void> {
  await db.execute(
    sql`insert into sso_sign_ins (handle, kind, state, code_verifier, oidc_nonce, redirect, expires_at)
        values (${row.handle}, ${row.kind}, ${row.state}, ${row.codeVerifier ?? null}, ${row.oidcNonce ?? null}, ${row.redirect}, now() + ${LIFETIME})`,
  );
  await db.execute(sql`delete from sso_sign_ins where expires_at < now() - interval '1 day'`);
}

/** An OIDC sign-in waiting for the provider's answer, by the `state` sent along. */
export async function findWaitingByState(db: Db, state: string) {
  const [row] = await queryRows<{ handle: string; code_verifier: string; oidc_nonce: string }>(
    db,
    sql`select handle, code_verifier, oidc_nonce from sso_sign_ins
        where kind = 'oidc' and state = ${state} and answered_at is null and expires_at > now()`,
  );
  return row;
}

/** Records what the identity provider's answer proved: a person, or an error key. Once. */
export async function recordAnswer(db: Db, handle: string, kind: 'oidc' | 'saml', outcome: { codPessoa: number } | { errorKey: string }): Promise<boolean> {
  const codPessoa = 'codPessoa' in outcome ? outcome.codPessoa : null;
  const errorKey = 'errorKey' in outcome ? outcome.errorKey : null;
  const rows = await queryRows<{ handle: string }>(
    db,
    sql`update sso_sign_ins set cod_pessoa = ${codPessoa}, error_key = ${errorKey}, answered_at = now()
        where handle = ${handle} and kind = ${kind} and answered_at is null and expires_at > now()
        returning handle`,
  );
  return rows.length > 0;
}

/** Trades an answered handle, once: of two concurrent trades only one gets the answer. */
export async function consumeAnswer(db: Db, handle: string, kind: 'oidc' | 'saml') {
  const [row] = await queryRows<{ cod_pessoa: number | null; error_key: string | null; redirect: string | null }>(
    db,
    sql`update sso_sign_ins set consumed_at = now()
        where handle = ${handle} and kind = ${kind} and answered_at is not null and consumed_at is null and expires_at > now()
        returning cod_pessoa, error_key, redirect`,
  );
  return row;
}

/** A SAML AuthnRequest ID issued by us and not yet answered (node-saml's InResponseTo check). */
export async function takeRequestId(db: Db, id: string, remove: boolean): Promise<string | null> {
  const [row] = remove
    ? await queryRows<{ created: string }>(
        db,
        sql`delete from sso_sign_ins where kind = 'saml-request' and handle = ${id} returning created_at::text as created`,
      )
    : await queryRows<{ created: string }>(
        db,
        sql`select created_at::text as created from sso_sign_ins where kind = 'saml-request' and handle = ${id} and expires_at > now()`,
      );
  return row?.created ?? null;
}

/**
 * The person an external identity names: a login equal to the claim (lower-cased), else the
 * one person with that e-mail address. Blocked people are found too (and refused later, 430).
 */
export async function findPersonByIdentity(db: Db, identity: string): Promise<number | undefined> {
  const value = identity.trim().toLowerCase();
  if (!value) return undefined;
  const [byLogin] = await queryRows<{ cod_pessoa: number }>(db, sql`select cod_pessoa from logins where login = ${value} and ativo`);
  if (byLogin) return byLogin.cod_pessoa;
  const byEmail = await queryRows<{ cod_pessoa: number }>(db, sql`select cod_pessoa from people where lower(email) = ${value} limit 2`);
  return byEmail.length === 1 ? byEmail[0]!.cod_pessoa : undefined;
}
