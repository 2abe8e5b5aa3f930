import { describe, expect, it } from 'vitest';
import { type HoldFacts, holdRefusal, type LoanRequestFacts, loanRequestRefusal, renewalRefusal, renewalWithoutEffect } from './circulation.policy.js';

const noParts = { parts: { volumes: [], tomos: [], partes: [] }, chosen: { volume: null, tomo: null, parte: null } };
/** A hold every rule allows: copies at the library, all out on loan, one holdable; nothing held yet. */
const hold: HoldFacts = { ...noParts, away: null, here: { total: 2, reservaveis: 1, disponiveis: 0 }, alreadyHeld: false, activeHolds: 2, limit: 3 };
const key = (refusal: { key: string } | null) => refusal?.key ?? null;

describe('the hold rule (spec §8)', () => {
  it('allows a hold on a title whose copies are all out, under the limit', () => {
    expect(holdRefusal(hold)).toBeNull();
  });

  it('refuses each broken rule with its message', () => {
    expect(key(holdRefusal({ ...hold, parts: { volumes: ['1', '2'], tomos: [], partes: [] } }))).toBe('ReservaSelecioneOpcoes');
    expect(key(holdRefusal({ ...hold, parts: { volumes: ['1', '2'], tomos: [], partes: [] }, chosen: { volume: '3', tomo: null, parte: null } }))).toBe(
      'ReservaSelecioneOpcoes',
    );
    expect(holdRefusal({ ...hold, parts: { volumes: ['1', '2'], tomos: [], partes: [] }, chosen: { volume: '2', tomo: null, parte: null } })).toBeNull();
    const away = holdRefusal({ ...hold, away: 'licença médica' });
    expect(away?.key).toBe('PessoaAfastada');
    expect(away?.params).toEqual({ reason: 'licença médica' });
    expect(key(holdRefusal({ ...hold, here: undefined }))).toBe('ReservaSemExemplarBiblioteca');
    expect(key(holdRefusal({ ...hold, here: { total: 0, reservaveis: 0, disponiveis: 0 } }))).toBe('ReservaSemExemplarBiblioteca');
    expect(key(holdRefusal({ ...hold, here: { total: 2, reservaveis: 0, disponiveis: 0 } }))).toBe('ReservaNaoPermitida');
    expect(key(holdRefusal({ ...hold, here: { total: 2, reservaveis: 1, disponiveis: 1 } }))).toBe('ReservaExemplarDisponivel');
    expect(key(holdRefusal({ ...hold, alreadyHeld: true }))).toBe('ReservaDuplicada');
    const limit = holdRefusal({ ...hold, activeHolds: 3 });
    expect(limit?.key).toBe('LimiteReservas');
    expect(limit?.params).toEqual({ limit: 3 });
    expect(limit?.status).toBe(422);
  });

  it('answers the first broken rule in the spec’s order', () => {
    const everything: HoldFacts = { ...hold, away: 'x', here: { total: 2, reservaveis: 1, disponiveis: 1 }, alreadyHeld: true, activeHolds: 9 };
    expect(key(holdRefusal(everything))).toBe('PessoaAfastada');
    expect(key(holdRefusal({ ...everything, away: null }))).toBe('ReservaExemplarDisponivel');
    expect(key(holdRefusal({ ...everything, away: null, here: hold.here }))).toBe('ReservaDuplicada');
    expect(key(holdRefusal({ ...everything, away: null, here: hold.here, alreadyHeld: false }))).toBe('LimiteReservas');
  });
});

const request: LoanRequestFacts = {
  ...noParts,
  receivingLibrary: { id: 2, exists: true },
  away: null,
  origin: { disponiveis: 2, abertas: 1 },
  identicalOpen: false,
  openRequests: 0,
  limit: 3,
};

describe('the loan request rule (spec §5, §8)', () => {
  it('allows a request while a copy on the shelf is not promised, under the limit', () => {
    expect(loanRequestRefusal(request)).toBeNull();
  });

  it('refuses each broken rule, in order', () => {
    expect(key(loanRequestRefusal({ ...request, parts: { volumes: [], tomos: ['A'], partes: [] } }))).toBe('ReservaSelecioneOpcoes');
    const library = loanRequestRefusal({ ...request, receivingLibrary: { id: 77, exists: false } });
    expect([library?.key, library?.params]).toEqual(['BibliotecaInvalida', { id: 77 }]);
    expect(key(loanRequestRefusal({ ...request, away: 'afastamento' }))).toBe('PessoaAfastada');
    expect(key(loanRequestRefusal({ ...request, origin: undefined }))).toBe('SolicitacaoSemExemplares');
    expect(key(loanRequestRefusal({ ...request, identicalOpen: true, origin: { disponiveis: 1, abertas: 1 } }))).toBe('SolicitacaoIdentica');
    expect(key(loanRequestRefusal({ ...request, origin: { disponiveis: 1, abertas: 1 } }))).toBe('SolicitacaoExemplaresComprometidos');
    expect(key(loanRequestRefusal({ ...request, openRequests: 3 }))).toBe('SolicitacaoLimiteExcedido');
  });
});

describe('the renewal rule (spec §8)', () => {
  const loan = { atrasado: false, renovacoes: 1, limite_renovacoes: 2, reservado: false };

  it('allows a loan on time, under its limit, nobody waiting', () => {
    expect(renewalRefusal(loan)).toBeNull();
  });

  it('refuses an overdue loan first, then the limit, then a title somebody waits for', () => {
    expect(renewalRefusal({ ...loan, atrasado: true, renovacoes: 2, reservado: true })).toEqual({ key: 'EmprestimoEmAtraso' });
    expect(renewalRefusal({ ...loan, renovacoes: 2, reservado: true })).toEqual({ key: 'LimiteRenovacoes', limit: 2 });
    expect(renewalRefusal({ ...loan, reservado: true })).toEqual({ key: 'TituloReservado' });
  });

  it('refuses a renewal that would not move the due date (a second click the same day)', () => {
    expect(renewalWithoutEffect('2026-12-10', '2026-12-10')).toEqual({ key: 'RenovacaoSemEfeito', due: '2026-12-10' });
    expect(renewalWithoutEffect('2026-12-10', '2026-12-09')).toEqual({ key: 'RenovacaoSemEfeito', due: '2026-12-10' });
    expect(renewalWithoutEffect('2026-12-10', '2026-12-17')).toBeNull();
  });
});
