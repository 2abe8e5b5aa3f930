import { accountEndpoints } from '@estante/contracts/account';
import { type EmprestimoPendente, holdsEndpoints, loansEndpoints, type Reserva } from '@estante/contracts/circulation';
import { alertsEndpoints } from '@estante/contracts/interest';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { AccountDashboard } from './dashboard';
import { daysUntil, nextDue } from './loans-card';

/** An API date `days` from today (negative: past). */
const inDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const shortDate = (iso: string) => new Intl.DateTimeFormat('pt', { dateStyle: 'short' }).format(new Date(`${iso}T12:00:00`));

const loan = (over: Partial<EmprestimoPendente>): EmprestimoPendente => ({
  cod_emprestimo: 1,
  cod_acervo: 10,
  titulo: 'Dom Casmurro',
  tombo: 'N0001',
  desc_biblioteca: 'Biblioteca Central',
  data_emprestimo: inDays(-10),
  data_devolucao_prevista: inDays(10),
  atrasado: false,
  dias_atraso: 0,
  renovacoes: 0,
  limite_renovacoes: 2,
  reservado: false,
  ...over,
});

const hold = (over: Partial<Reserva>): Reserva => ({
  cod_reserva: 1,
  cod_acervo: 10,
  titulo: 'Iracema',
  cod_biblioteca: 1,
  desc_biblioteca: 'Biblioteca Central',
  volume: null,
  tomo: null,
  parte: null,
  localizacao: null,
  material: null,
  situacao: 'fila',
  posicao: 2,
  data_reserva: '2026-11-20T10:00:00Z',
  data_liberacao: null,
  prazo_retirada: null,
  data_cancelamento: null,
  observacao: null,
  ...over,
});

const debt = { data_devolucao_prevista: null, data_devolucao: null, desconto: '0.00', data_pagamento: null, titulo: 'Iracema' };
const ALL = ['emprestimos', 'debitos', 'reservas', 'alertas', 'senha'];
const sectionHref = (segment: string) => `/meupergamum/${segment}`;
const card = (name: string) => screen.getByRole('region', { name });

describe('Meu Pergamum, the account home', () => {
  it('sums up loans, holds, debts and alerts, each with a link to its section', async () => {
    fakeApi(
      answer(loansEndpoints.pending, [
        loan({ cod_emprestimo: 1, titulo: 'Later', data_devolucao_prevista: inDays(20) }),
        loan({ cod_emprestimo: 2, titulo: 'Tomorrow', data_devolucao_prevista: inDays(1) }),
        loan({ cod_emprestimo: 3, titulo: 'Soon', data_devolucao_prevista: inDays(5) }),
        loan({ cod_emprestimo: 4, titulo: 'Late', data_devolucao_prevista: inDays(-3), atrasado: true, dias_atraso: 3 }),
      ]),
      answer(holdsEndpoints.mine, [
        hold({}),
        hold({ cod_reserva: 2, titulo: 'Senhora', posicao: 1 }),
        hold({ cod_reserva: 3, titulo: 'O Guarani', situacao: 'liberada', posicao: null, prazo_retirada: inDays(2) }),
      ]),
      answer(accountEndpoints.debts, {
        itens: [
          { ...debt, cod_debito: 1, tipo_servico: 'multa_atraso', valor: '12.50', valor_pago: '0.00', saldo: '12.50' },
          { ...debt, cod_debito: 2, tipo_servico: 'perda_material', valor: '89.90', valor_pago: '30.00', saldo: '59.90' },
        ],
        total: '72.40',
      }),
      answer(alertsEndpoints.list, { itens: [], nao_lidos: 2 }),
    );
    renderScreen(<AccountDashboard segments={ALL} sectionHref={sectionHref} />);

    const loans = await screen.findByRole('region', { name: 'Empréstimos' });
    expect(await within(loans).findByText('4 empréstimos em aberto')).toBeTruthy();
    expect(within(loans).getByText('1 em atraso')).toBeTruthy();
    // The next three to return, the overdue one first; each status in words, never cut.
    const next = within(within(loans).getByRole('list', { name: 'Próximas devoluções' })).getAllByRole('listitem');
    expect(next.map((i) => i.textContent)).toEqual([
      `LateEm atraso há 3 dias (devolução prevista: ${shortDate(inDays(-3))})`,
      `TomorrowDevolver amanhã, ${shortDate(inDays(1))}`,
      `SoonDevolver até ${shortDate(inDays(5))}`,
    ]);
    expect(within(loans).getByRole('link', { name: 'Ver e renovar empréstimos' }).getAttribute('href')).toBe('/meupergamum/emprestimos');

    const holds = card('Reservas');
    expect(await within(holds).findByText('1 reserva pronta para retirar')).toBeTruthy();
    expect(within(holds).getByRole('list', { name: 'Reservas prontas para retirar' }).textContent).toBe(`O GuaraniRetire até ${shortDate(inDays(2))}`);
    expect(within(holds).getByText('2 reservas na fila de espera')).toBeTruthy();
    expect(within(holds).getByRole('link', { name: 'Ver reservas' }).getAttribute('href')).toBe('/meupergamum/reservas');

    const debts = card('Débitos');
    expect(await within(debts).findByText(/^Total a pagar: R\$\s?72,40$/)).toBeTruthy();
    expect(within(debts).getByText('2 débitos em aberto')).toBeTruthy();
    expect(within(debts).getByRole('link', { name: 'Ver débitos e gerar a guia de pagamento' }).getAttribute('href')).toBe('/meupergamum/debitos');

    const alerts = card('Alertas');
    expect(await within(alerts).findByText('2 alertas não lidos.')).toBeTruthy();
    expect(within(alerts).getByRole('link', { name: 'Ver alertas' }).getAttribute('href')).toBe('/meupergamum/alertas');
  });

  it('shows grey lines while each card loads, and a failed call as a message in its own card only', async () => {
    fakeApi(
      answer(loansEndpoints.pending, () => new Refusal(500, 'falhou')),
      answer(holdsEndpoints.mine, []),
      answer(accountEndpoints.debts, { itens: [], total: '0.00' }),
      answer(alertsEndpoints.list, { itens: [], nao_lidos: 0 }),
    );
    renderScreen(<AccountDashboard segments={ALL} sectionHref={sectionHref} />);
    // Before any answer: every card busy, with its heading and link already in place.
    expect(screen.getAllByText('Carregando…')).toHaveLength(4);
    expect(card('Empréstimos').querySelector('[aria-busy="true"] .mantine-Skeleton-root')).not.toBeNull();
    expect(within(card('Débitos')).getByRole('link', { name: /Ver débitos/ })).toBeTruthy();

    expect(await within(card('Empréstimos')).findByText('Não foi possível carregar os empréstimos.')).toBeTruthy();
    expect(await within(card('Reservas')).findByText('Você não tem reservas.')).toBeTruthy();
    expect(await within(card('Débitos')).findByText('Você não tem débitos.')).toBeTruthy();
    expect(await within(card('Alertas')).findByText('Nenhum alerta não lido.')).toBeTruthy();
    expect(screen.queryByText('Carregando…')).toBeNull();
  });

  it('shows only the cards of the sections the patron has, and asks only for those', async () => {
    const calls = fakeApi(answer(loansEndpoints.pending, []));
    renderScreen(<AccountDashboard segments={['emprestimos', 'senha']} sectionHref={(s) => `/meupergamum/app/${s}`} />);
    expect(await screen.findByText('Você não tem empréstimos em aberto.')).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Ver e renovar empréstimos' }).getAttribute('href')).toBe('/meupergamum/app/emprestimos');
    expect(calls.filter((c) => c.path.startsWith('/api/')).map((c) => c.path)).toEqual(['/api/emprestimo/titulos-pendentes']);
  });
});

describe('the next loans to return', () => {
  it('puts the overdue ones first, then the nearest due dates, three at most', () => {
    const loans = [
      loan({ cod_emprestimo: 1, data_devolucao_prevista: '2026-12-10' }),
      loan({ cod_emprestimo: 2, data_devolucao_prevista: '2026-12-01' }),
      loan({ cod_emprestimo: 3, data_devolucao_prevista: '2026-11-20', atrasado: true }),
      loan({ cod_emprestimo: 4, data_devolucao_prevista: '2026-12-05' }),
    ];
    expect(nextDue(loans).map((l) => l.cod_emprestimo)).toEqual([3, 2, 4]);
  });

  it('counts days in local dates', () => {
    expect(daysUntil('2026-05-13', new Date(2026, 4, 12, 23, 59))).toBe(1);
    expect(daysUntil('2026-05-12', new Date(2026, 4, 12, 0, 1))).toBe(0);
    expect(daysUntil('2026-05-02', new Date(2026, 4, 12))).toBe(-10);
  });
});
