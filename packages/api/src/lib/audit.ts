import { userInfo } from 'node:os';
import type { FastifyRequest } from 'fastify';
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

/** The audit's name for the staff member making a request of a staff call (its role already checked by the declaration). */
export function staffActor(request: FastifyRequest): string {
  return `pessoa:${request.staff!.codPessoa}`;
}

/** The audit's name for whoever runs a staff command: `command line (<system user>)` (a container may have no name for its user). */
export function commandLineActor(): string {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    user = process.env.USER ?? `uid ${process.getuid?.() ?? '?'}`;
  }
  return `command line (${user})`;
}

/**
 * Does a staff write and records it in one transaction: `work` gets the transaction, and the act
 * (or a function of what the work returned, for before/after) is appended before it commits.
 * Nothing is recorded when the work throws, and nothing is written when recording fails.
 */
export async function audited<T>(db: Db, act: StaffAct | ((done: T) => StaffAct | null), work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const done = await work(tx);
    const made = typeof act === 'function' ? act(done) : act;
    if (made) await recordStaffAct(tx, made);
    return done;
  });
}
