import type { Db } from '../../db/client.js';
import { errors } from './circulation.messages.js';
import { closeLoan, insertFine, insertLoan, keptFor, lapsedHolds, lockCopy, personByLogin, policyFor, setCopyStatus } from './desk.queries.js';
import { activeDeviation, patronCategory } from '../account/account.service.js';
import { closeHolds, openDayFrom } from './holds.queries.js';
import { passOnCopy } from './holds.service.js';

/**
 * Check-out at the desk (staff): the copy by its accession number to the person behind a
 * login. The copy must be on the shelf — or kept for this very person by a released hold,
 * which is then served — and of a loan type that lends; the person must not be blocked. The
 * due date is the policy's period for the loan type and category, moved past closed days.
 */
export async function checkOut(db: Db, tombo: string, login: string): Promise<{ cod_emprestimo: number; devolucao: string; nome: string }> {
  return db.transaction(async (tx) => {
    const copy = await lockCopy(tx, tombo);
    if (!copy) throw errors.deskCopyNotFound(tombo);
    const person = await personByLogin(tx, login);
    if (!person) throw errors.deskPersonNotFound(login);
    if (person.bloqueio) throw errors.accountBlocked();
    const away = await activeDeviation(tx, person.cod_pessoa);
    if (away) throw errors.personAway(away);
    if (!copy.permite_emprestimo) throw errors.deskNotLendable(tombo);
    const kept = copy.status === 'reservado' ? await keptFor(tx, copy.cod_exemplar) : undefined;
    if (copy.status !== 'disponivel' && kept?.cod_pessoa !== person.cod_pessoa) throw errors.deskCopyUnavailable(tombo, copy.status);
    const policy = await policyFor(tx, copy.cod_tipo_emprestimo, person.cod_categoria);
    const due = await openDayFrom(tx, copy.cod_biblioteca, policy.prazo_dias);
    const codEmprestimo = await insertLoan(tx, copy.cod_exemplar, person.cod_pessoa, due);
    await setCopyStatus(tx, copy.cod_exemplar, 'emprestado', due);
    if (kept) await closeHolds(tx, [kept.cod_reserva], 'atendida');
    return { cod_emprestimo: codEmprestimo, devolucao: due, nome: person.nome_pessoa };
  });
}

/**
 * Check-in at the desk (staff): the copy's open loan ends; a late return becomes a fine (days
 * late × the policy's fine per day); the copy goes to the first hold in its queue — released,
 * with a pick-up deadline — or back on the shelf.
 */
export async function checkIn(db: Db, tombo: string): Promise<{ multa: string | null; reserva: { cod_reserva: number; prazo: string } | null }> {
  return db.transaction(async (tx) => {
    const copy = await lockCopy(tx, tombo);
    if (!copy) throw errors.deskCopyNotFound(tombo);
    if (copy.status !== 'emprestado') throw errors.deskNotOnLoan(tombo);
    const loan = await closeLoan(tx, copy.cod_exemplar);
    let multa: string | null = null;
    if (loan && loan.dias_atraso > 0) {
      const category = await patronCategory(tx, loan.cod_pessoa);
      const policy = await policyFor(tx, copy.cod_tipo_emprestimo, category ?? '');
      const amount = (Math.round(Number(policy.multa_dia) * 100) * loan.dias_atraso) / 100;
      if (amount > 0) {
        multa = amount.toFixed(2);
        await insertFine(tx, loan.cod_pessoa, loan.cod_emprestimo, multa);
      }
    }
    const released = await passOnCopy(tx, copy.cod_exemplar);
    return { multa, reserva: released && { cod_reserva: released.cod_reserva, prazo: released.prazo } };
  });
}

/**
 * Holds not picked up by their deadline expire; each kept copy goes to the next in its queue or
 * back on the shelf (`npm run circ -- expire`, run daily).
 */
export async function expireHolds(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const lapsed = await lapsedHolds(tx);
    if (lapsed.length === 0) return 0;
    await closeHolds(
      tx,
      lapsed.map((h) => h.cod_reserva),
      'expirada',
    );
    for (const hold of lapsed) await passOnCopy(tx, hold.cod_exemplar);
    return lapsed.length;
  });
}
