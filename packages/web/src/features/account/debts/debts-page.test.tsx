import { accountEndpoints, type Debitos } from '@estante/contracts/account';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { DebtsPage } from './debts-page';

const debt = (over: Partial<Debitos['itens'][number]>): Debitos['itens'][number] => ({
  cod_debito: 1,
  tipo_servico: 'multa_atraso',
  titulo: 'Iracema',
  data_devolucao_prevista: '2026-11-01',
  data_devolucao: '2026-11-04',
  valor: '12.50',
  desconto: '0.00',
  valor_pago: '0.00',
  data_pagamento: null,
  saldo: '12.50',
  ...over,
});

describe('Meu Pergamum, debts', () => {
  it('names the item of every debt — a lost one too — and says so when the library gave none', async () => {
    fakeApi(
      answer(accountEndpoints.debts, {
        itens: [
          debt({}),
          debt({
            cod_debito: 2,
            tipo_servico: 'perda_material',
            titulo: 'Dom Casmurro',
            valor: '89.90',
            valor_pago: '30.00',
            data_pagamento: '2026-11-20',
            saldo: '59.90',
          }),
          debt({ cod_debito: 3, tipo_servico: 'reprografia', titulo: null, data_devolucao_prevista: null, data_devolucao: null, valor: '2.00', saldo: '2.00' }),
        ],
        total: '74.40',
      }),
    );
    renderScreen(<DebtsPage />);
    const table = await screen.findByRole('table', { name: 'Débitos em aberto' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader')[0]!.textContent).toBe('Título');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['Dom Casmurro', 'Perda de material']));
    expect(within(rows[3]!).getAllByRole('cell')[0]!.textContent).toBe('Item não informado');
    expect(screen.getByText(/^Total a pagar: R\$\s?74,40$/)).toBeTruthy();
  });
});
