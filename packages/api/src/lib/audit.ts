import { type Db, type Tx } from '../db/client.js';
import { staffAudit } from '../db/schema/index.js';

/** One act of the library's staff, as the audit keeps it (table staff_audit, migration 0042). */
export interface StaffAct {
  /** Who: `pessoa:<cod_pessoa>` for a staff member in the staff area, `command line (<user>)` for a staff command. */
  autor: string;
  /** What: `<module>.<verb>`, e.g. `people.block`. */
  acao: string;
  /** To whom or what: `pessoa:<cod_pessoa>`, `exemplar:<tombo>`… */
  alvo: string;
  motivo?: string | null;
  detalhes?: Record<string, unknown> | null;
}

/** Appends an act to the staff audit, in the caller's transaction when given one (the act and its record commit together). */
export async function recordStaffAct(db: Db | Tx, act: StaffAct): Promise<void> {
  await db.insert(staffAudit).values({ ...act, motivo: act.motivo ?? null, detalhes: act.detalhes ?? null });
}
