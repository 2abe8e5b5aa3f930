import type { AppError } from '../../lib/errors.js';
import { errors } from './circulation.messages.js';

/*
 * The circulation rules of spec §8 as pure functions (issue 51): each takes the facts a service
 * read (in the transaction that locks what they depend on) and answers the refusal, in the
 * spec's order, or null when the act is allowed. The services read, call these, then write; the
 * rules are tested on their own (circulation.policy.test.ts) as well as through the API.
 */

/** The parts a title's copies are split in, and the ones a patron chose (null: none). */
export interface PartsChoice {
  parts: { volumes: readonly string[]; tomos: readonly string[]; partes: readonly string[] };
  chosen: { volume: string | null; tomo: string | null; parte: string | null };
}

/** Whether a part the title has was left unchosen, or chosen from outside what it has. */
function partMissing({ parts, chosen }: PartsChoice): boolean {
  const missing = (options: readonly string[], value: string | null) => options.length > 0 && (value === null || !options.includes(value));
  return missing(parts.volumes, chosen.volume) || missing(parts.tomos, chosen.tomo) || missing(parts.partes, chosen.parte);
}

/** What the hold rule needs to know (checkHold in holds.service.ts reads it). */
export interface HoldFacts extends PartsChoice {
  /** The reason the patron is away from the library (an open deviation), or null. */
  away: string | null;
  /** The title's copies at the chosen library, for the patron's category; undefined: none there. */
  here: { total: number; reservaveis: number; disponiveis: number } | undefined;
  /** The patron holds this title at this library (and parts) already. */
  alreadyHeld: boolean;
  /** The patron's active holds, and the institution's limit (`limite_reservas`). */
  activeHolds: number;
  limit: number;
}

/**
 * A hold (spec §8 "Hold"), in order: every part the title has is chosen; the patron is not away;
 * the title has copies at the library, one of which allows holds, none on the shelf; the patron
 * does not hold it already and is under the limit.
 */
export function holdRefusal(facts: HoldFacts): AppError | null {
  if (partMissing(facts)) return errors.holdOptionsRequired();
  if (facts.away) return errors.personAway(facts.away);
  if (!facts.here || facts.here.total === 0) return errors.holdNoCopyAtLibrary();
  if (facts.here.reservaveis === 0) return errors.holdNotAllowed();
  if (facts.here.disponiveis > 0) return errors.holdCopiesAvailable();
  if (facts.alreadyHeld) return errors.holdDuplicate();
  if (facts.activeHolds >= facts.limit) return errors.holdLimit(facts.limit);
  return null;
}

/** What the loan request rule needs (requestLoan in loan-requests.service.ts reads it). */
export interface LoanRequestFacts extends PartsChoice {
  receivingLibrary: { id: number; exists: boolean };
  away: string | null;
  /** The origin library's copies on the shelf and the open requests already promised them; undefined: none there. */
  origin: { disponiveis: number; abertas: number } | undefined;
  identicalOpen: boolean;
  openRequests: number;
  limit: number;
}

/**
 * A loan request (spec §5, §8), in order: every part chosen; the receiving library exists; the
 * patron is not away; the origin library has a copy on the shelf; no identical request is open;
 * not every copy there is promised already; the patron is under the limit (`limite_solicitacoes`).
 */
export function loanRequestRefusal(facts: LoanRequestFacts): AppError | null {
  if (partMissing(facts)) return errors.holdOptionsRequired();
  if (!facts.receivingLibrary.exists) return errors.libraryInvalid(facts.receivingLibrary.id);
  if (facts.away) return errors.personAway(facts.away);
  if (!facts.origin) return errors.requestNoCopies();
  if (facts.identicalOpen) return errors.requestDuplicate();
  if (facts.origin.abertas >= facts.origin.disponiveis) return errors.requestAllPromised();
  if (facts.openRequests >= facts.limit) return errors.requestLimit(facts.limit);
  return null;
}

/** Why a loan is not renewed (the message key the answer carries, spec §4). */
export type RenewalRefusal =
  { key: 'EmprestimoEmAtraso' } | { key: 'LimiteRenovacoes'; limit: number } | { key: 'TituloReservado' } | { key: 'RenovacaoSemEfeito'; due: string };

/** A patron's open loan as the renewal rule sees it. */
export interface RenewalFacts {
  atrasado: boolean;
  renovacoes: number;
  limite_renovacoes: number;
  /** Another patron waits for the title. */
  reservado: boolean;
}

/**
 * A renewal (spec §8), before its new due date is known: not overdue, under the renewal limit,
 * nobody waiting for the title. Also what `GET /pessoas/renovar` lists (the loans it allows).
 */
export function renewalRefusal(loan: RenewalFacts): RenewalRefusal | null {
  if (loan.atrasado) return { key: 'EmprestimoEmAtraso' };
  if (loan.renovacoes >= loan.limite_renovacoes) return { key: 'LimiteRenovacoes', limit: loan.limite_renovacoes };
  if (loan.reservado) return { key: 'TituloReservado' };
  return null;
}

/** And once the new due date is known: a renewal that would not move it (renewed already today, a double click) is refused. */
export function renewalWithoutEffect(current: string, next: string): RenewalRefusal | null {
  return next <= current ? { key: 'RenovacaoSemEfeito', due: current } : null;
}

/** What the check-out rule needs to know (checkOut in desk.service.ts reads it, the copy and person locked). */
export interface CheckoutFacts {
  tombo: string;
  /** The copy's loan type lends (not library use only). */
  lendable: boolean;
  /** The reason the patron is away from the library (an open deviation), or null. */
  away: string | null;
  openLoans: number;
  /** The category's limit of open loans. */
  limit: number;
  /** What is left to pay of the patron's debts (decimal string). */
  debts: string;
  /** Others wait in the hold queue for the copy's title at its library. */
  othersWaiting: boolean;
}

/**
 * The refusals a check-out at the desk meets, in the order the desk shows them (issue 53): the
 * copy's loan type, the patron away, the category's limit, debts, others waiting for the title.
 * Each one a librarian may override with a reason (CHECKOUT_OVERRIDABLE); an empty list lends.
 * Overdue loans do not refuse (Koha's default, OverduesBlockCirc = noblock): the desk shows them.
 */
export function checkoutRefusals(facts: CheckoutFacts): AppError[] {
  const refusals: AppError[] = [];
  if (!facts.lendable) refusals.push(errors.deskNotLendable(facts.tombo));
  if (facts.away) refusals.push(errors.personAway(facts.away));
  if (facts.openLoans >= facts.limit) refusals.push(errors.loanLimit(facts.openLoans, facts.limit));
  if (Number(facts.debts) > 0) refusals.push(errors.hasDebts(facts.debts));
  if (facts.othersWaiting) refusals.push(errors.othersWaiting(facts.tombo));
  return refusals;
}
