import type { MembroEquipe } from '@estante/contracts/staff';
import type { StaffRole } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { errors } from './staff.messages.js';
import {
  administratorsBesides,
  grantRoles,
  lockStaffRoles,
  personOfLogin,
  personStaff,
  revokeRoles,
  rolesOfPerson as readRoles,
  staffMembers,
} from './staff.queries.js';

/** A person's staff roles (none for a patron): what the auth plugin checks and `GET /pessoas` shows. */
export function rolesOfPerson(db: Db, codPessoa: number): Promise<StaffRole[]> {
  return readRoles(db, codPessoa);
}

/** The staff members and their roles, by name. */
export function members(db: Db): Promise<MembroEquipe[]> {
  return staffMembers(db);
}

/** Grants roles to the person behind an active login (404 without one); one staff_audit row. Answers the member as they are now. */
export async function grant(db: Db, login: string, roles: readonly StaffRole[], actor: string): Promise<MembroEquipe> {
  const person = await personOfLogin(db, login.trim().toLowerCase());
  if (!person) throw errors.loginNotFound(login);
  await db.transaction(async (tx) => {
    await grantRoles(tx, person.cod_pessoa, roles);
    await recordStaffAct(tx, { autor: actor, acao: 'staff.grant', alvo: `pessoa:${person.cod_pessoa}`, detalhes: { papeis: roles } });
  });
  return (await personStaff(db, person.cod_pessoa))!;
}

/**
 * Takes roles from a staff member (their staff calls are refused at once); one staff_audit row.
 * The last administrator keeps the role (422): someone must be able to grant it again. Answers
 * the member as they are now, null when no role is left.
 */
export async function revoke(db: Db, codPessoa: number, roles: readonly StaffRole[], actor: string): Promise<MembroEquipe | null> {
  const before = await personStaff(db, codPessoa);
  if (!before) throw errors.notStaff(codPessoa);
  await db.transaction(async (tx) => {
    // Serialises role changes: two administrators cannot take the role from each other at once.
    await lockStaffRoles(tx);
    if (roles.includes('administracao') && before.papeis.includes('administracao') && (await administratorsBesides(tx, codPessoa)) === 0)
      throw errors.lastAdministrator();
    await revokeRoles(tx, codPessoa, roles);
    await recordStaffAct(tx, { autor: actor, acao: 'staff.revoke', alvo: `pessoa:${codPessoa}`, detalhes: { papeis: roles } });
  });
  return (await personStaff(db, codPessoa)) ?? null;
}
