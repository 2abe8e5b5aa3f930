import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Db, executeCount, queryRows } from '../../db/client.js';
import { serverSecrets } from '../../db/schema/index.js';

/**
 * The shared secret named `name`, created on first use. Every API process reads the same
 * row, so processes behind a load balancer verify each other's tokens.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} could not be read`);
  return row.value;
}

/** A login with its person, for the password grant. */
export async function findLogin(db: Db, login: string) {
  const rows = await queryRows<{ login: string; cod_pessoa: number; password_hash: string | null; ativo: boolean; bloqueio: boolean }>(
    db,
    sql`select l.login, l.cod_pessoa, l.password_hash, l.ativo, p.bloqueio
        from logins l join people p on p.cod_pessoa = l.cod_pessoa where l.login = ${login}`,
  );
  return rows[0];
}

/**
 * A person's registrations: the person and everyone sharing their CPF (the same human enrolled
 * as, say, professor and doctoral student), with the category each is in.
 */
export async function registrationsOf(db: Db, codPessoa: number) {
  return queryRows<{ cod_pessoa: number; nome_pessoa: string; cod_categoria: string; categoria: string; bloqueio: boolean }>(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa, p.cod_categoria, c.descricao as categoria, p.bloqueio
        from people p join patron_categories c on c.cod_categoria = p.cod_categoria
        where p.cod_pessoa = ${codPessoa}
           or p.cpf = (select cpf from people where cod_pessoa = ${codPessoa})
        order by p.cod_pessoa`,
  );
}

/** The person behind a patron token, with the login they use and their category's activities. */
export async function findPerson(db: Db, codPessoa: number) {
  const [person] = await queryRows<{
    cod_pessoa: number;
    nome_pessoa: string;
    email: string | null;
    cod_categoria: string;
    professor: boolean;
    bloqueio: boolean;
    login: string | null;
    validade: string | null;
  }>(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa, p.email, p.cod_categoria, p.bloqueio, p.validade::text as validade,
               (select c.professor from patron_categories c where c.cod_categoria = p.cod_categoria) as professor,
               (select l.login from logins l where l.cod_pessoa = p.cod_pessoa and l.ativo order by l.login limit 1) as login
        from people p where p.cod_pessoa = ${codPessoa}`,
  );
  if (!person) return undefined;
  const permissions = await queryRows<{ cod_modulo: number; cod_atividade: number }>(
    db,
    sql`select cod_modulo, cod_atividade from category_permissions where cod_categoria = ${person.cod_categoria} order by 1, 2`,
  );
  return { ...person, permissions };
}

/** Stores a refresh token's hash, in a family (a new one when none is given). */
export async function insertRefreshToken(
  db: Db,
  row: { familyId: string; codPessoa: number; clientId: string; login: string | null; tokenHash: string; ttlSeconds: number },
) {
  await db.execute(
    sql`insert into refresh_tokens (family_id, cod_pessoa, client_id, login, token_hash, expires_at)
        values (${row.familyId}::uuid, ${row.codPessoa}, ${row.clientId}, ${row.login}, ${row.tokenHash}, now() + make_interval(secs => ${row.ttlSeconds}))`,
  );
}

/**
 * Marks a refresh token used, if it is live (not used, not revoked, not expired) — one
 * statement, so of two concurrent exchanges only one wins. Returns what it found.
 */
export async function useRefreshToken(db: Db, tokenHash: string) {
  const [used] = await queryRows<{ family_id: string; cod_pessoa: number; client_id: string; login: string | null }>(
    db,
    sql`update refresh_tokens set used_at = now()
        where token_hash = ${tokenHash} and used_at is null and revoked_at is null and expires_at > now()
        returning family_id, cod_pessoa, client_id, login`,
  );
  if (used) return { state: 'live' as const, ...used };
  const [seen] = await queryRows<{ family_id: string; used_at: string | null }>(
    db,
    sql`select family_id, used_at from refresh_tokens where token_hash = ${tokenHash}`,
  );
  if (!seen) return { state: 'unknown' as const };
  return { state: seen.used_at ? ('reused' as const) : ('dead' as const), family_id: seen.family_id };
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.execute(sql`update refresh_tokens set revoked_at = now() where family_id = ${familyId}::uuid and revoked_at is null`);
}

export async function familyOf(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await queryRows<{ family_id: string }>(db, sql`select family_id from refresh_tokens where token_hash = ${tokenHash}`);
  return row?.family_id;
}

/** Revokes every refresh token of a person and, given a login, every one signed in with it (password change). */
export async function revokePerson(db: Db, codPessoa: number, login: string | null = null): Promise<void> {
  await db.execute(
    sql`update refresh_tokens set revoked_at = now()
        where (cod_pessoa = ${codPessoa} or (${login}::text is not null and login = ${login})) and revoked_at is null`,
  );
}

/** The latest lock among these keys, if any is locked now. */
export async function lockedUntil(db: Db, keys: string[]): Promise<Date | null> {
  const [row] = await queryRows<{ until: string | null }>(
    db,
    sql`select max(locked_until)::text as until from sign_in_failures where key in ${keys} and locked_until > now()`,
  );
  return row?.until ? new Date(row.until) : null;
}

/**
 * Reserves one use of `key` within a window of `windowSeconds`, in one statement (the row lock of
 * `insert … on conflict` serialises concurrent calls): answered `null` when reserved, or the time
 * the key is locked until when it is not. The use that reaches `limit` is still reserved and locks
 * the key for `lockSeconds`; every later one is refused until then. So exactly `limit` uses pass,
 * however many arrive at once.
 */
export async function reserveUse(db: Db, key: string, limit: number, windowSeconds: number, lockSeconds: number): Promise<Date | null> {
  return (await reserveCounted(db, key, limit, windowSeconds, lockSeconds)).lockedUntil;
}

/** reserveUse, telling also how many uses the window now holds (this one included) when it was not refused. */
export async function reserveCounted(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  lockSeconds: number,
): Promise<{ lockedUntil: null; count: number } | { lockedUntil: Date; count: null }> {
  const fresh = sql`f.window_start < now() - make_interval(secs => ${windowSeconds})`;
  const rows = await queryRows<{ failures: number }>(
    db,
    sql`insert into sign_in_failures as f (key, failures, window_start, locked_until)
        values (${key}, 1, now(), case when 1 >= ${limit}::int then now() + make_interval(secs => ${lockSeconds}) end)
        on conflict (key) do update set
          failures = case when ${fresh} then 1 else f.failures + 1 end,
          window_start = case when ${fresh} then now() else f.window_start end,
          locked_until = case when (case when ${fresh} then 1 else f.failures + 1 end) >= ${limit}::int
            then now() + make_interval(secs => ${lockSeconds}) else null end
        where f.locked_until is null or f.locked_until <= now()
        returning f.failures`,
  );
  if (rows.length > 0) return { lockedUntil: null, count: rows[0]!.failures };
  return { lockedUntil: (await lockedUntil(db, [key])) ?? new Date(Date.now() + 1000), count: null };
}

/** Gives back a use reserved by reserveUse (the call turned out not to count): one less, unlocked below the limit. */
export async function releaseUse(db: Db, key: string, limit: number): Promise<void> {
  const deleted = await executeCount(db, sql`delete from sign_in_failures where key = ${key} and failures <= 1`);
  if (deleted > 0) return;
  await db.execute(
    sql`update sign_in_failures set failures = failures - 1, locked_until = case when failures - 1 < ${limit}::int then null else locked_until end
        where key = ${key} and failures > 1`,
  );
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from sign_in_failures where key = ${key}`);
}

/** The person behind an active login, for password recovery. */
export async function recoveryTarget(db: Db, login: string) {
  const [row] = await queryRows<{ cod_pessoa: number; login: string; nome: string; email: string | null }>(
    db,
    sql`select p.cod_pessoa, l.login, p.nome_pessoa as nome, p.email from logins l join people p on p.cod_pessoa = l.cod_pessoa
        where l.login = ${login} and l.ativo and l.password_hash is not null`,
  );
  return row;
}

/** Replaces the person's recovery code (hashed) with a fresh one valid for `ttlSeconds`. */
export async function saveResetCode(db: Db, codPessoa: number, login: string, codeHash: string, ttlSeconds: number): Promise<string> {
  const [row] = await queryRows<{ expires_at: string }>(
    db,
    sql`insert into password_resets (cod_pessoa, login, code_hash, expires_at) values (${codPessoa}, ${login}, ${codeHash}, now() + make_interval(secs => ${ttlSeconds}))
        on conflict (cod_pessoa) do update set login = excluded.login, code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0, verified_at = null
        returning to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at`,
  );
  return row!.expires_at;
}

/** Counts one try of the login's code and returns the code row as it was before the try. */
export async function tryResetCode(db: Db, login: string) {
  const [row] = await queryRows<{ cod_pessoa: number; code_hash: string; expired: boolean; attempts: number; nome: string }>(
    db,
    sql`update password_resets r set attempts = r.attempts + 1
        from people p where p.cod_pessoa = r.cod_pessoa and r.login = ${login}
        returning r.cod_pessoa, r.code_hash, r.expires_at <= now() as expired, r.attempts - 1 as attempts, p.nome_pessoa as nome`,
  );
  return row;
}

export async function deleteResetCode(db: Db, codPessoa: number): Promise<void> {
  await db.execute(sql`delete from password_resets where cod_pessoa = ${codPessoa}`);
}

/** The person's current password hash and the last `n` before it. */
export async function recentPasswordHashes(db: Db, codPessoa: number, login: string, n: number): Promise<string[]> {
  const current = await queryRows<{ h: string }>(db, sql`select password_hash as h from logins where login = ${login} and password_hash is not null`);
  const history =
    n > 0
      ? await queryRows<{ h: string }>(
          db,
          sql`select password_hash as h from password_history where cod_pessoa = ${codPessoa} order by changed_at desc, id desc limit ${n}`,
        )
      : [];
  return [...current, ...history].map((r) => r.h);
}

/** Sets a login's new password hash, keeping the old one in the history. One transaction. */
export async function setPasswordHash(db: Db, codPessoa: number, login: string, hash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into password_history (cod_pessoa, password_hash) select ${codPessoa}, password_hash from logins where login = ${login} and password_hash is not null`,
    );
    await tx.execute(sql`update logins set password_hash = ${hash} where login = ${login}`);
  });
}

/**
 * The login whose password a signed-in patron changes, with its hash and its holder: `login` (the
 * one signed in with) when it belongs to one of the person's registrations — it may be another
 * registration's, after a swap — else the person's first active login.
 */
export async function loginOfPerson(db: Db, codPessoa: number, login: string | null = null) {
  const [row] = await queryRows<{ login: string; cod_pessoa: number; password_hash: string | null; nome: string }>(
    db,
    sql`select l.login, l.cod_pessoa, l.password_hash, p.nome_pessoa as nome from logins l join people p on p.cod_pessoa = l.cod_pessoa
        where l.ativo and (
          (${login}::text is not null and l.login = ${login}
            and (l.cod_pessoa = ${codPessoa} or p.cpf = (select cpf from people where cod_pessoa = ${codPessoa})))
          or l.cod_pessoa = ${codPessoa})
        order by (l.login = ${login}) desc nulls last, l.login limit 1`,
  );
  return row;
}

/**
 * A session's standing, in one query: whether its person is blocked (spec §6), and whether the
 * login it was signed in with is still active (`logins.ativo`; a single sign-on's session has no
 * login, and is the person's alone). Null when there is no such person.
 */
export async function sessionStanding(db: Db, codPessoa: number, login: string | null): Promise<{ blocked: boolean; loginActive: boolean } | null> {
  const [row] = await queryRows<{ bloqueio: boolean; ativo: boolean }>(
    db,
    sql`select p.bloqueio, (${login}::text is null or exists (select 1 from logins l where l.login = ${login} and l.ativo)) as ativo
        from people p where p.cod_pessoa = ${codPessoa}`,
  );
  return row ? { blocked: row.bloqueio, loginActive: row.ativo } : null;
}

/** Replaces a login's hash of the same password (stronger parameters): no history entry, the password did not change. */
export async function upgradePasswordHash(db: Db, login: string, oldHash: string, newHash: string): Promise<void> {
  await db.execute(sql`update logins set password_hash = ${newHash} where login = ${login} and password_hash = ${oldHash}`);
}
