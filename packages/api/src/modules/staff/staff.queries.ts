import { type StaffRole, STAFF_ROLES } from '@estante/contracts/kernel';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** Roles as a PostgreSQL text[] literal (the codes are STAFF_ROLES', plain letters: nothing to quote). */
const roleArray = (roles: readonly StaffRole[]) => `{${roles.join(',')}}`;

/** A person's staff roles (none for a patron), in the order STAFF_ROLES lists them. */
export async function rolesOfPerson(db: Db, codPessoa: number): Promise<StaffRole[]> {
  const rows = await queryRows<{ papel: StaffRole }>(db, sql`select papel from staff_roles where cod_pessoa = ${codPessoa}`);
  const held = new Set(rows.map((r) => r.papel));
  return STAFF_ROLES.filter((role) => held.has(role));
}

/** The person behind an active login, or undefined. */
export async function personOfLogin(db: Db, login: string): Promise<{ cod_pessoa: number; nome: string } | undefined> {
  const [row] = await queryRows<{ cod_pessoa: number; nome: string }>(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa as nome from logins l join people p on p.cod_pessoa = l.cod_pessoa where l.login = ${login} and l.ativo`,
  );
  return row;
}

/** Grants roles to a person; a role already held is kept as it was. */
export async function grantRoles(db: Db, codPessoa: number, roles: readonly StaffRole[]): Promise<void> {
  if (roles.length === 0) return;
  await db.execute(sql`insert into staff_roles (cod_pessoa, papel) select ${codPessoa}, unnest(${roleArray(roles)}::text[]) on conflict do nothing`);
}

/** Takes roles from a person (those not held are ignored). */
export async function revokeRoles(db: Db, codPessoa: number, roles: readonly StaffRole[]): Promise<void> {
  if (roles.length === 0) return;
  await db.execute(sql`delete from staff_roles where cod_pessoa = ${codPessoa} and papel = any(${roleArray(roles)}::text[])`);
}

/** Every staff member with their roles and logins, by name. */
export async function staffMembers(db: Db): Promise<{ cod_pessoa: number; nome: string; logins: string[]; papeis: StaffRole[] }[]> {
  return queryRows(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa as nome,
               coalesce((select array_agg(l.login order by l.login) from logins l where l.cod_pessoa = p.cod_pessoa and l.ativo), '{}') as logins,
               array_agg(r.papel order by array_position(${roleArray(STAFF_ROLES)}::text[], r.papel)) as papeis
        from staff_roles r join people p on p.cod_pessoa = r.cod_pessoa
        group by p.cod_pessoa, p.nome_pessoa order by p.nome_pessoa, p.cod_pessoa`,
  );
}

/** One staff member as `staffMembers` lists them, or undefined for a person with no role. */
export async function personStaff(db: Db, codPessoa: number) {
  return (await staffMembers(db)).find((m) => m.cod_pessoa === codPessoa);
}

/** Locks the staff roles table against other role changes until the transaction ends. */
export async function lockStaffRoles(db: Db): Promise<void> {
  await db.execute(sql`lock table staff_roles in share row exclusive mode`);
}

/** How many people besides this one hold the administration role. */
export async function administratorsBesides(db: Db, codPessoa: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from staff_roles where papel = 'administracao' and cod_pessoa <> ${codPessoa}`,
  );
  return row?.n ?? 0;
}
