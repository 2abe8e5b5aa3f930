import type { StaffRole } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { rolesOfPerson as readRoles } from './staff.queries.js';

/** A person's staff roles (none for a patron): what the auth plugin checks and `GET /pessoas` shows. */
export function rolesOfPerson(db: Db, codPessoa: number): Promise<StaffRole[]> {
  return readRoles(db, codPessoa);
}
