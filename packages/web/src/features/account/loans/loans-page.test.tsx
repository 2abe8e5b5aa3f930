import { type EmprestimoPendente, loansEndpoints } from '@estante/contracts/circulation';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { lastTwelveMonths } from '../period-form';
import { LoansPage } from './loans-page';

const loan = (over: Partial<EmprestimoPendente>): EmprestimoPendente => ({
  cod_emprestimo: 1,
  cod_acervo: 10,
  titulo: 'Dom Casmurro',
  tombo: 'N0001',
  desc_biblioteca: 'Biblioteca Central',
  data_emprestimo: '2026-11-01',
  data_devolucao_prevista: '2026-11-30',
  atrasado: false,
  dias_atraso: 0,
  renovacoes: 0,
  limite_renovacoes: 2,
  reservado: false,
  ...over,
});

describe('Meu Pergamum, loans', () => {
  it('marks the overdue ones, renews the selected ones and says for each why not, with the receipt', async () => {
    const calls = fakeApi(
      answer(loansEndpoints.pending, [
        loan({}),
        loan({ cod_emprestimo: 2, titulo: 'Iracema', tombo: 'N0002', atrasado: true, dias_atraso: 3, data_devolucao_prevista: '2026-11-20' }),
        loan({ cod_emprestimo: 3, titulo: 'Senhora', reservado: true, renovacoes: 1 }),
      ]),
      answer(loansEndpoints.renew, {
        itens: [
          { cod_emprestimo: 1, titulo: 'Dom Casmurro', renovado: true, nova_devolucao: '2026-12-15', motivo: null, chave_motivo: null },
          { cod_emprestimo: 2, titulo: 'Iracema', renovado: false, nova_devolucao: null, motivo: 'Empréstimo em atraso.', chave_motivo: 'EmprestimoEmAtraso' },
        ],
        comprovante: { chave: 'AB12-CD34', data: '2026-11-25T12:00:00Z', pessoa: 'Ana Souza' },
      }),
      answer(loansEndpoints.history, []),
    );
    const { user } = renderScreen(<LoansPage titleHref={(id) => `/acervo/${id}`} />);
    const table = await screen.findByRole('table', { name: 'Empréstimos em aberto' });
    const rows = within(table).getAllByRole('row');
    expect(rows[2]!.textContent).toContain('Em atraso há 3 dias');
    expect(rows[1]!.textContent).not.toContain('Em atraso');
    expect(rows[3]!.textContent).toContain('Reservado por outro usuário: não pode ser renovado.');
    expect(rows[3]!.textContent).toContain('1 de 2');

    await user.click(screen.getByRole('button', { name: 'Renovar selecionados' }));
    expect(screen.getByRole('alert').textContent).toBe('Selecione um item para renovar.');

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar o empréstimo de Dom Casmurro' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar o empréstimo de Iracema' }));
    await user.click(screen.getByRole('button', { name: 'Renovar selecionados' }));
    const outcome = await screen.findByRole('status', { name: 'Resultado da renovação' });
    expect(outcome.textContent).toContain('Dom Casmurro: renovado até 15/12/2026.');
    expect(outcome.textContent).toContain('Iracema: não renovado. Empréstimo em atraso.');
    expect(outcome.textContent).toContain('AB12-CD34');
    // The focus on the outcome, though the button never lost it (a renewal answered at once).
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(calls.find((c) => c.path === '/api/emprestimo/renovacao')!.body).toEqual({ emprestimos: [1, 2] });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the loans returned in the last 12 months at once, then those of a period, only those fined when ticked', async () => {
    const calls = fakeApi(
      answer(loansEndpoints.pending, []),
      answer(loansEndpoints.history, ({ query }) =>
        query.get('dataIni') === '2026-10-01'
          ? [
              {
                cod_emprestimo: 9,
                cod_acervo: 10,
                titulo: 'Dom Casmurro',
                tombo: 'N0001',
                desc_biblioteca: 'Central',
                data_emprestimo: '2026-10-01',
                data_devolucao_prevista: '2026-10-10',
                data_devolucao: '2026-10-12',
                renovacoes: 0,
                multa: '4.00',
              },
            ]
          : [],
      ),
    );
    const { user } = renderScreen(<LoansPage titleHref={(id) => `/acervo/${id}`} />);
    expect(await screen.findByText('Você não tem empréstimos em aberto.')).toBeTruthy();
    // The last 12 months, asked for without a click, their dates in the fields to change.
    expect(await screen.findByText('Nenhum empréstimo devolvido no período.')).toBeTruthy();
    const twelve = lastTwelveMonths();
    const first = calls.find((c) => c.path === '/api/emprestimo/historico')!;
    expect([first.query.get('dataIni'), first.query.get('dataFim'), first.query.get('multa')]).toEqual([twelve.dataIni, twelve.dataFim, null]);
    const from = screen.getByLabelText<HTMLInputElement>(/^De\b/);
    const to = screen.getByLabelText<HTMLInputElement>(/^Até/);
    expect([from.value, to.value]).toEqual([twelve.dataIni, twelve.dataFim]);

    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.click(screen.getByRole('checkbox', { name: 'Somente com multa' }));
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    const table = await screen.findByRole('table', { name: 'Histórico de empréstimos' });
    expect(table.textContent).toMatch(/R\$\s?4,00/);
    const last = calls.filter((c) => c.path === '/api/emprestimo/historico').at(-1)!;
    expect([last.query.get('dataIni'), last.query.get('dataFim'), last.query.get('multa')]).toEqual(['2026-10-01', '2026-10-31', 'S']);
  });
});
