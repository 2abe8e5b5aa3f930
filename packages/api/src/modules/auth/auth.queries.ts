import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
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

/** The person behind a patron token, with the login they use and their category's activities. */
export async function findPerson(db: Db, codPessoa: number) {
  const [person] = await queryRows<{ cod_pessoa: number; nome_pessoa: string; email: string | null; cod_categoria: string; bloqueio: boolean; login: string | null }>(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa, p.email, p.cod_categoria, p.bloqueio,
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
