import { accountEndpoints } from '@estante/contracts/account';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { LoanTokenPage } from './token-page';

describe('Meu Pergamum, loan token', () => {
  it('shows the live token digit by digit and until when it is valid, and replaces it with the new one asked for', async () => {
    const calls = fakeApi(
      answer(accountEndpoints.loanToken, { valor: '482913', valido_ate: '2026-11-25T15:10:00' }),
      answer(accountEndpoints.newLoanToken, { valor: '075316', valido_ate: '2026-11-25T15:40:00' }),
    );
    const { user } = renderScreen(<LoanTokenPage />);
    const token = await screen.findByRole('status');
    expect(screen.getByText('Use o token no terminal de autoatendimento para fazer empréstimos sem a sua senha.')).toBeTruthy();
    expect(screen.getByLabelText('Token: 4 8 2 9 1 3').textContent).toBe('482913');
    expect(token.textContent).toContain('Válido até 25/11/2026, 15:10.');
    expect(screen.queryByText('Você não tem um token válido.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Gerar novo token' }));
    expect((await screen.findByLabelText('Token: 0 7 5 3 1 6')).textContent).toBe('075316');
    expect(screen.getByRole('status').textContent).toContain('Válido até 25/11/2026, 15:40.');
    expect(screen.queryByLabelText('Token: 4 8 2 9 1 3')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/emprestimo/token').map((c) => c.method)).toEqual(['GET', 'POST']);
  });

  it('says when there is no valid token, and shows the one generated', async () => {
    const calls = fakeApi(
      answer(accountEndpoints.loanToken, null),
      answer(accountEndpoints.newLoanToken, { valor: '610274', valido_ate: '2026-11-25T09:05:00' }),
    );
    const { user } = renderScreen(<LoanTokenPage />);
    expect(await screen.findByText('Você não tem um token válido.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Gerar novo token' }));
    const token = await screen.findByRole('status');
    expect(screen.getByLabelText('Token: 6 1 0 2 7 4').textContent).toBe('610274');
    expect(token.textContent).toContain('Válido até 25/11/2026, 09:05.');
    expect(screen.queryByText('Você não tem um token válido.')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/emprestimo/token')).toHaveLength(1);
  });

  it('says when the token cannot be read, offering no button to generate one', async () => {
    fakeApi(answer(accountEndpoints.loanToken, () => new Refusal(422, 'Usuário sem permissão de autoatendimento.', 'SemAutoatendimento')));
    renderScreen(<LoanTokenPage />);
    expect(await screen.findByText('Não foi possível carregar o token.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gerar novo token' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
