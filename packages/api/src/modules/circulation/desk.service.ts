import type { DeskPatron, DeskReading } from '@estante/contracts/circulation';
import type { Language } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { valueNamer } from '../catalog/value-names.js';
import { formatDay } from '../../lib/i18n.js';
import type { Mailer } from '../../lib/mail.js';
import { errors, messages } from './circulation.messages.js';
import { checkoutRefusals } from './circulation.policy.js';
import {
  closeLoan,
  copyAtDesk,
  debtsLeft,
  deskPerson,
  heldCopies,
  holdHolder,
  insertFine,
  insertLoan,
  keptFor,
  lapsedHolds,
  libraryName,
  loanPatron,
  lockCopy,
  lockDebt,
  othersWaiting,
  personByLogin,
  policyFor,
  setCopyStatus,
  setInTransit,
  settleDebt as settle,
  titleOfCopy,
} from './desk.queries.js';
import { activeDeviation, lockPatron, openLoansOf, patronCategory, pendingDebts } from '../account/account.service.js';
import { activeHoldsList, closeHolds, openDayFrom } from './holds.queries.js';
import { passOnCopy } from './holds.service.js';
import { openLoans } from './loans.queries.js';
import { renewLoans } from './loans.service.js';
import { deskSideOf, findPatrons, personOfCard } from '../people/patron-record.service.js';
import { openRequestsOf } from '../requests/requests.service.js';
import { openLoanRequestsOf } from './loan-requests.queries.js';
import { changeStandingOf } from '../people/people.service.js';

/** The language the library writes to patrons in when it does not know theirs (hold notices). */
const LIBRARY_LANGUAGE: Language = 'pt';

/** Who did it, as the staff audit names them: `pessoa:<cod>` at the staff area, the command line's user at a shell. */
export type Actor = string;

/** A patron as the desk shows them (GET /api/balcao/leitores/:cod), their category in `language`: 404 when there is no such person. */
export async function deskPatron(db: Db, codPessoa: number, language: Language = 'pt'): Promise<DeskPatron> {
  const person = await deskPerson(db, codPessoa);
  if (!person) throw errors.deskPersonNotFound(String(codPessoa));
  const [loans, holds, debts, away, total, side, loanRequests, serviceRequests, named] = await Promise.all([
    openLoans(db, codPessoa),
    activeHoldsList(db, codPessoa),
    pendingDebts(db, codPessoa),
    activeDeviation(db, codPessoa),
    debtsLeft(db, codPessoa),
    deskSideOf(db, codPessoa),
    openLoanRequestsOf(db, codPessoa),
    openRequestsOf(db, codPessoa),
    valueNamer(db, language, ['categoria']),
  ]);
  return {
    cod_pessoa: person.cod_pessoa,
    nome: person.nome,
    logins: person.logins,
    categoria: named('categoria', person.categoria),
    email: person.email,
    validade: person.validade,
    bloqueio: person.bloqueio,
    motivo_bloqueio: person.motivo_bloqueio,
    afastamento: away,
    limite_emprestimos: person.limite_emprestimos,
    idioma: person.idioma,
    bibliotecas: side.bibliotecas,
    notas: side.notas,
    solicitacoes: [...loanRequests, ...serviceRequests].sort((a, b) => a.data.localeCompare(b.data)),
    emprestimos: loans.map((l) => ({
      cod_emprestimo: l.cod_emprestimo,
      tombo: l.tombo,
      titulo: l.titulo,
      devolucao: l.data_devolucao_prevista,
      atrasado: l.atrasado,
      renovacoes: l.renovacoes,
    })),
    reservas: holds.map((h) => ({
      cod_reserva: h.cod_reserva,
      titulo: h.titulo,
      biblioteca: h.desc_biblioteca,
      situacao: h.situacao,
      tombo: h.observacao ?? null,
      prazo: h.prazo_retirada ?? null,
    })),
    debitos: debts.itens.map((d) => ({
      cod_debito: d.cod_debito,
      servico: d.tipo_servico,
      titulo: d.titulo,
      valor: d.saldo,
      data: d.data_devolucao ?? d.data_devolucao_prevista ?? '',
    })),
    total_debitos: total,
  };
}

/**
 * What the desk's one input read (issue 53): a patron's login or card (or CPF) opens the patron;
 * an accession number is a copy; anything else is words naming patrons (each word three letters
 * or more). A scanner is a keyboard ending with Enter: the same input takes both.
 */
export async function readAtDesk(db: Db, code: string, language: Language = 'pt'): Promise<DeskReading> {
  const person = await personOfCard(db, code);
  if (person !== undefined) return { tipo: 'leitor', leitor: await deskPatron(db, person, language) };
  const copy = await copyAtDesk(db, code.trim());
  if (copy)
    return {
      tipo: 'exemplar',
      exemplar: {
        tombo: copy.tombo,
        titulo: copy.titulo,
        status: copy.status,
        emprestado_a: copy.cod_pessoa === null ? null : { cod_pessoa: copy.cod_pessoa, nome: copy.nome! },
      },
    };
  return { tipo: 'leitores', leitores: await findPatrons(db, code, language) };
}

/**
 * Check-out at the desk (staff): the copy by its accession number to a person (by number or
 * login). The copy must be on the shelf — or kept for this very person by a released hold,
 * which is then served; the person must not be blocked (430). Then the desk's rules
 * (checkoutRefusals: loan type, away, the category's limit, debts, others waiting): the first
 * refusal answers 422, unless the librarian gives a reason, which lends anyway and is recorded
 * with the refusals it overrode. The person's row is locked, so two desks cannot both pass the
 * limit; the copy's, so two desks cannot lend it twice. The due date is the policy's period for
 * the loan type and category, moved past closed days. One staff_audit row, in the transaction.
 */
export async function checkOut(
  db: Db,
  input: { tombo: string; person: { codPessoa: number } | { login: string }; reason?: string; actor: Actor },
): Promise<{ cod_emprestimo: number; devolucao: string; nome: string; titulo: string; tombo: string; liberado: string[] }> {
  return db.transaction(async (tx) => {
    const found = 'login' in input.person ? await personByLogin(tx, input.person.login) : await deskPerson(tx, input.person.codPessoa);
    if (!found) throw errors.deskPersonNotFound('login' in input.person ? input.person.login : String(input.person.codPessoa));
    const codPessoa = found.cod_pessoa;
    await lockPatron(tx, codPessoa);
    const copy = await lockCopy(tx, input.tombo);
    if (!copy) throw errors.deskCopyNotFound(input.tombo);
    const person = await deskPerson(tx, codPessoa);
    if (!person) throw errors.deskPersonNotFound(String(codPessoa));
    if (person.bloqueio) throw errors.accountBlocked();
    const kept = copy.status === 'reservado' ? await keptFor(tx, copy.cod_exemplar) : undefined;
    if (kept && kept.cod_pessoa !== codPessoa) throw errors.keptForAnother(copy.tombo);
    if (copy.status !== 'disponivel' && !kept) throw errors.deskCopyUnavailable(copy.tombo, copy.status);
    const refusals = checkoutRefusals({
      tombo: copy.tombo,
      lendable: copy.permite_emprestimo,
      away: await activeDeviation(tx, codPessoa),
      openLoans: await openLoansOf(tx, codPessoa),
      limit: person.limite_emprestimos,
      debts: await debtsLeft(tx, codPessoa),
      othersWaiting: kept ? false : await othersWaiting(tx, copy, codPessoa),
    });
    if (refusals.length > 0 && !input.reason) throw refusals[0]!;
    const policy = await policyFor(tx, copy.cod_tipo_emprestimo, (await patronCategory(tx, codPessoa)) ?? '');
    const due = await openDayFrom(tx, copy.cod_biblioteca, policy.prazo_dias);
    const codEmprestimo = await insertLoan(tx, copy.cod_exemplar, codPessoa, due);
    await setCopyStatus(tx, copy.cod_exemplar, 'emprestado', due);
    if (kept) await closeHolds(tx, [kept.cod_reserva], 'atendida');
    const liberado = refusals.map((r) => r.key);
    await recordStaffAct(tx, {
      autor: input.actor,
      acao: 'circulation.checkout',
      alvo: `exemplar:${copy.tombo}`,
      motivo: liberado.length > 0 ? input.reason : null,
      detalhes: { cod_pessoa: codPessoa, cod_emprestimo: codEmprestimo, devolucao: due, ...(liberado.length > 0 ? { liberado } : {}) },
    });
    return { cod_emprestimo: codEmprestimo, devolucao: due, nome: person.nome, titulo: await titleOfCopy(tx, copy.cod_exemplar), tombo: copy.tombo, liberado };
  });
}

/**
 * Check-in at the desk (staff): the copy's open loan ends; a late return becomes a fine (days
 * late × the policy's fine per day). A copy returned at a library not its own goes in transit
 * home; at home (or arriving from transit) it goes to the first hold in its queue — released,
 * with a pick-up deadline, its patron e-mailed once the check-in committed — or back on the
 * shelf. One staff_audit row, in the transaction.
 */
export async function checkIn(
  db: Db,
  mailer: Mailer | null,
  input: { tombo: string; library?: number; actor: Actor },
): Promise<{
  tombo: string;
  titulo: string;
  pessoa: { cod_pessoa: number; nome: string } | null;
  multa: string | null;
  reserva: { cod_reserva: number; prazo: string; nome: string; biblioteca: string } | null;
  transito: string | null;
}> {
  const done = await db.transaction(async (tx) => {
    const copy = await lockCopy(tx, input.tombo);
    if (!copy) throw errors.deskCopyNotFound(input.tombo);
    if (copy.status !== 'emprestado' && copy.status !== 'em_transito') throw errors.deskNotOnLoan(input.tombo);
    const loan = copy.status === 'emprestado' ? await closeLoan(tx, copy.cod_exemplar) : undefined;
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
    const person = loan ? await deskPerson(tx, loan.cod_pessoa) : undefined;
    let transito: string | null = null;
    let reserva: { cod_reserva: number; prazo: string; nome: string; biblioteca: string; email: string | null; titulo: string } | null = null;
    if (input.library !== undefined && input.library !== copy.cod_biblioteca) {
      await setInTransit(tx, copy.cod_exemplar);
      transito = await libraryName(tx, copy.cod_biblioteca);
    } else {
      const released = await passOnCopy(tx, copy.cod_exemplar);
      const holder = released ? await holdHolder(tx, released.cod_reserva) : undefined;
      if (released && holder) {
        reserva = {
          cod_reserva: released.cod_reserva,
          prazo: released.prazo,
          nome: holder.nome,
          biblioteca: holder.biblioteca,
          email: holder.email,
          titulo: holder.titulo,
        };
        if (holder.cod_biblioteca !== copy.cod_biblioteca) transito = holder.biblioteca;
      }
    }
    await recordStaffAct(tx, {
      autor: input.actor,
      acao: 'circulation.checkin',
      alvo: `exemplar:${copy.tombo}`,
      detalhes: {
        ...(loan ? { cod_pessoa: loan.cod_pessoa, cod_emprestimo: loan.cod_emprestimo } : {}),
        ...(multa ? { multa } : {}),
        ...(reserva ? { cod_reserva: reserva.cod_reserva } : {}),
        ...(transito ? { transito } : {}),
      },
    });
    return {
      tombo: copy.tombo,
      titulo: await titleOfCopy(tx, copy.cod_exemplar),
      pessoa: person ? { cod_pessoa: person.cod_pessoa, nome: person.nome } : null,
      multa,
      reserva,
      transito,
    };
  });
  // The hold's patron is told after the check-in committed (no mail conversation holds the
  // copy's lock); a mail server that refuses leaves the hold released, on the holds shelf.
  if (done.reserva?.email && mailer) {
    const { nome, titulo, biblioteca, prazo, email } = done.reserva;
    await mailer
      .send({
        to: [email],
        subject: messages.t('desk.hold.subject', LIBRARY_LANGUAGE, { title: titulo }),
        text: messages.t('desk.hold.body', LIBRARY_LANGUAGE, {
          name: nome.split(' ')[0] ?? nome,
          title: titulo,
          library: biblioteca,
          until: formatDay(LIBRARY_LANGUAGE, prazo),
        }),
      })
      .catch(() => undefined);
  }
  const reserva = done.reserva && {
    cod_reserva: done.reserva.cod_reserva,
    prazo: done.reserva.prazo,
    nome: done.reserva.nome,
    biblioteca: done.reserva.biblioteca,
  };
  return { ...done, reserva };
}

/** A renewal at the desk, for the patron: the patron's own rules (renewLoans); 422 with the reason when refused. */
export async function renewAtDesk(db: Db, codEmprestimo: number, language: Language, actor: Actor): Promise<{ cod_emprestimo: number; devolucao: string }> {
  const patron = await loanPatron(db, codEmprestimo);
  if (!patron) throw errors.loanNotFound(codEmprestimo);
  const outcome = await renewLoans(db, patron.cod_pessoa, [codEmprestimo], language, patron.nome);
  const item = outcome.itens[0]!;
  if (!item.renovado) throw errors.renewalRefused(item.motivo ?? '');
  await recordStaffAct(db, {
    autor: actor,
    acao: 'circulation.renew',
    alvo: `pessoa:${patron.cod_pessoa}`,
    detalhes: { cod_emprestimo: codEmprestimo, devolucao: item.nova_devolucao },
  });
  return { cod_emprestimo: codEmprestimo, devolucao: item.nova_devolucao! };
}

/** E-mails the patron their open loans and due dates, in `language`: 422 when they have no address. */
export async function emailReceipt(
  db: Db,
  mailer: Mailer,
  codPessoa: number,
  chosen: Language | undefined,
  actor: Actor,
): Promise<{ email: string; emprestimos: number; idioma: Language }> {
  const person = await deskPerson(db, codPessoa);
  if (!person) throw errors.deskPersonNotFound(String(codPessoa));
  if (!person.email) throw errors.noEmail();
  // The language the desk chose, else the one the patron last signed in with, else the catalogue's default.
  const language = chosen ?? person.idioma ?? 'pt';
  const loans = await openLoans(db, codPessoa);
  const t = (key: Parameters<typeof messages.t>[0], params?: Parameters<typeof messages.t>[2]) => messages.t(key, language, params);
  try {
    await mailer.send({
      to: [person.email],
      subject: t('desk.receipt.subject'),
      text: [
        t('desk.receipt.intro', { name: person.nome.split(' ')[0] ?? person.nome }),
        '',
        ...(loans.length === 0
          ? [t('desk.receipt.none')]
          : loans.map((l) => t('desk.receipt.line', { title: l.titulo, copy: l.tombo, due: formatDay(language, l.data_devolucao_prevista) }))),
      ].join('\n'),
    });
  } catch {
    // The mail server refused or was not there: a 502 the desk can read, nothing recorded as sent.
    throw errors.mailFailed();
  }
  await recordStaffAct(db, {
    autor: actor,
    acao: 'circulation.receipt',
    alvo: `pessoa:${codPessoa}`,
    detalhes: { emprestimos: loans.length, idioma: language },
  });
  return { email: person.email, emprestimos: loans.length, idioma: language };
}

/** Records the payment of what is left of a debt, or waives it, with the reason; answers the patron as the desk shows them. */
export async function settleDebt(
  db: Db,
  codDebito: number,
  how: 'pagamento' | 'abono',
  reason: string,
  actor: Actor,
  language: Language = 'pt',
): Promise<DeskPatron> {
  const codPessoa = await db.transaction(async (tx) => {
    const debt = await lockDebt(tx, codDebito);
    if (!debt) throw errors.debtNotFound(codDebito);
    if (Number(debt.saldo) <= 0) throw errors.debtSettled(codDebito);
    await settle(tx, codDebito, how);
    await recordStaffAct(tx, {
      autor: actor,
      acao: how === 'pagamento' ? 'circulation.pay' : 'circulation.waive',
      alvo: `pessoa:${debt.cod_pessoa}`,
      motivo: reason,
      detalhes: { cod_debito: codDebito, valor: debt.saldo },
    });
    return debt.cod_pessoa;
  });
  return deskPatron(db, codPessoa, language);
}

/** Blocks or unblocks a patron with the reason (a block ends their sessions at once: the access check reads it); answers the patron. */
export async function changeStandingAtDesk(
  db: Db,
  codPessoa: number,
  block: boolean,
  reason: string,
  actor: Actor,
  language: Language = 'pt',
): Promise<DeskPatron> {
  if (!(await deskPerson(db, codPessoa))) throw errors.deskPersonNotFound(String(codPessoa));
  await changeStandingOf(db, codPessoa, block, reason, actor);
  return deskPatron(db, codPessoa, language);
}

/** The holds shelf: copies kept for patrons, lapsed ones first. */
export function holdsShelf(db: Db) {
  return heldCopies(db);
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
