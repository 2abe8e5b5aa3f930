import { accountEndpoints } from '@estante/contracts/account';
import { loanRequestsEndpoints } from '@estante/contracts/circulation';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../test/render';
import { DebtsPage } from './debts/debts-page';
import { DeviationsPage } from './deviations/deviations-page';
import { NoDebtsPage } from './no-debts/no-debts-page';
import { lastTwelveMonths } from './period-form';
import { LoanRequestsPage } from './loan-requests/loan-requests-page';

describe('Meu Pergamum, the other lists', () => {
  it('debts: each with its service and balance, the total in reais, and a refused slip explained', async () => {
    fakeApi(
      answer(accountEndpoints.debts, {
        itens: [
          {
            cod_debito: 5,
            tipo_servico: 'multa_atraso',
            titulo: 'Iracema',
            data_devolucao_prevista: '2026-11-01',
            data_devolucao: '2026-11-04',
            valor: '6.00',
            desconto: '0.00',
            valor_pago: '1.50',
            data_pagamento: null,
            saldo: '4.50',
          },
        ],
        total: '4.50',
      }),
      answer(accountEndpoints.paymentSlip, () => new Refusal(422, 'Não há débitos a pagar.', 'SemDebitos')),
    );
    const { user } = renderScreen(<DebtsPage />);
    const table = await screen.findByRole('table', { name: 'Débitos em aberto' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toMatch(/IracemaMulta por atraso01\/11\/2026R\$\s?6,00/);
    expect(screen.getByText(/^Total a pagar: R\$\s?4,50$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Gerar guia de pagamento (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Não há débitos a pagar.');
  });

  it('debts and deviations: the "none" sentence when empty, the error in red when unreadable', async () => {
    fakeApi(
      answer(accountEndpoints.debts, { itens: [], total: '0.00' }),
      answer(accountEndpoints.deviations, () => new Refusal(503, 'fora do ar')),
    );
    renderScreen(
      <>
        <DebtsPage />
        <DeviationsPage />
      </>,
    );
    expect(await screen.findByText('Você não tem débitos.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gerar guia de pagamento (PDF)' })).toBeNull();
    expect(await screen.findByText('Não foi possível carregar os afastamentos.')).toBeTruthy();
  });

  it('deviations: the reason, the library or all of them, and an open end', async () => {
    fakeApi(
      answer(accountEndpoints.deviations, [{ cod_afastamento: 1, motivo: 'Nada consta emitido', desc_biblioteca: null, inicio: '2026-11-02', fim: null }]),
    );
    renderScreen(<DeviationsPage />);
    const row = within(await screen.findByRole('table', { name: 'Afastamentos' })).getAllByRole('row')[1]!;
    expect(row.textContent).toBe('Nada consta emitidoTodas as bibliotecas02/11/2026Em vigor');
  });

  it('requests: those of the last 12 months are asked at once; then the period and the status chosen go with it', async () => {
    const calls = fakeApi(
      answer(loanRequestsEndpoints.mine, ({ query }) =>
        query.get('dataIni') === '2026-11-01'
          ? [
              {
                cod_solicitacao: 3,
                cod_acervo: 10,
                titulo: 'Iracema',
                origem: 'Central',
                recebimento: 'Setorial',
                volume: null,
                tomo: null,
                parte: null,
                cod_local_recebimento: 1,
                data_solicitacao: '2026-11-10T09:00:00Z',
                data_atualizacao: '2026-11-11T09:00:00Z',
                situacao: 'em_transito' as const,
              },
            ]
          : [],
      ),
    );
    const { user } = renderScreen(<LoanRequestsPage titleHref={(id) => `/acervo/${id}`} />);
    expect(await screen.findByText('Nenhuma solicitação no período.')).toBeTruthy();
    const asked = () => calls.filter((c) => c.path === '/api/solicitacao-emprestimo');
    const twelve = lastTwelveMonths();
    expect(asked().map((c) => [c.query.get('dataIni'), c.query.get('dataFim'), c.query.get('status')])).toEqual([[twelve.dataIni, twelve.dataFim, 'todas']]);
    await user.clear(screen.getByLabelText(/^De/));
    await user.type(screen.getByLabelText(/^De/), '2026-11-01');
    await user.clear(screen.getByLabelText(/^Até/));
    await user.type(screen.getByLabelText(/^Até/), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    const table = await screen.findByRole('table', { name: 'Minhas solicitações de empréstimo' });
    expect(table.textContent).toContain('Em trânsito');
    expect(table.textContent).toContain('No balcão da biblioteca de recebimento');
    expect(asked().at(-1)!.query.get('status')).toBe('todas');
  });

  it('no-debts: the declaration is issued only after the warning is confirmed', async () => {
    const calls = fakeApi(
      answer(accountEndpoints.noDebtsCheck, { pode_emitir: true, emprestimos_abertos: 0, debitos_abertos: '0.00', motivos: [], declaracao: null }),
      answer(accountEndpoints.issueNoDebts, { codigo: 'ABCD-1234-EF56', emitida_em: '2026-11-25T10:00:00Z' }),
    );
    const { user } = renderScreen(<NoDebtsPage />);
    const issue = await screen.findByRole('button', { name: /Emitir/ });
    await user.click(issue);
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.path === '/unidade-informacao/nada-consta')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /Emitir/ }));
    expect((await screen.findByRole('status')).textContent).toContain('ABCD-1234-EF56');
    expect(calls.filter((c) => c.path === '/unidade-informacao/nada-consta')).toHaveLength(1);
  });
});
