import { accountEndpoints, type Debitos } from '@estante/contracts/account';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import enAccount from 'virtual:locale/en/account';
import enPublic from 'virtual:locale/en/public';
import esAccount from 'virtual:locale/es/account';
import esPublic from 'virtual:locale/es/public';
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

/** Reads in `language` (its strings added as the app adds them) for the rest of the test. */
async function readIn(language: 'en' | 'es') {
  for (const strings of language === 'en' ? [enPublic, enAccount] : [esPublic, esAccount])
    i18next.addResourceBundle(language, 'translation', strings, true, false);
  await i18next.changeLanguage(language);
}

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

  it('in English: distinct headers for the due date and the amount due, money in reais, dates unambiguous (issue 55)', async () => {
    await readIn('en');
    try {
      fakeApi(answer(accountEndpoints.debts, { itens: [debt({ valor: '72.40', saldo: '72.40' })], total: '72.40' }));
      renderScreen(<DebtsPage />);
      const table = await screen.findByRole('table', { name: 'Open debts' });
      const [head, row] = within(table).getAllByRole('row');
      const headers = within(head!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent);
      expect(headers).toEqual(['Title', 'Service', 'Due date', 'Amount', 'Discount', 'Paid', 'Amount due']);
      expect(new Set(headers).size).toBe(headers.length);
      const cells = within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(cells).toEqual(['Iracema', 'Late fine', 'Nov 1, 2026', 'R$72.40', 'R$0.00', 'R$0.00', 'R$72.40']);
      expect(screen.getByText('Total due: R$72.40')).toBeTruthy();
      expect(document.body.textContent).not.toMatch(/COP|(^|[^R])\$ ?\d/);
    } finally {
      await i18next.changeLanguage('pt');
    }
  });

  it('in Spanish: reais in the Spanish number format, never another currency', async () => {
    await readIn('es');
    try {
      fakeApi(answer(accountEndpoints.debts, { itens: [debt({ valor: '72.40', saldo: '72.40' })], total: '72.40' }));
      renderScreen(<DebtsPage />);
      await screen.findByRole('table', { name: 'Débitos abiertos' });
      expect(screen.getByText('Total por pagar: 72,40 BRL')).toBeTruthy();
      expect(document.body.textContent).not.toContain('COP');
    } finally {
      await i18next.changeLanguage('pt');
    }
  });
});
