import { authEndpoints } from '@estante/contracts/auth';
import { peopleEndpoints } from '@estante/contracts/people';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionAuth } from '../../../stores/session';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { SwapUserPage } from './swap-user-page';

const HELENA = { login: 'docente', cod_pessoa: 11, nome_pessoa: 'Helena Prado Vieira' };
const REGISTRATIONS = [
  { codigo: 11, nome: 'Helena Prado Vieira — Professor', base: '04' },
  { codigo: 12, nome: 'Helena Prado Vieira — Aluno de doutorado', base: '09' },
];
const doctorate = {
  user: { login: 'docente', cod_pessoa: 12, nome_pessoa: 'Helena Prado Vieira', email: null, cod_categoria: '09', professor: false, validade: null },
  authPermissions: [{ cod_modulo: 3, cod_atividade: 8 }],
  bloqueio: false,
  papeis: [],
};
beforeEach(() => useSessionAuth.setState({ token: 'patron-token', refresh: 'old-refresh', user: HELENA }));
afterEach(() => useSessionAuth.setState({ token: null, refresh: null, user: null }));

describe('Meu Pergamum, swap user', () => {
  it('comes with the only other registration chosen (issue 55), then continues as it with its own tokens', async () => {
    const calls = fakeApi(
      answer(authEndpoints.registrations, REGISTRATIONS),
      answer(peopleEndpoints.swapUser, { access_token: 'doctorate-token', token_type: 'bearer', expires_in: 900, refresh_token: 'doctorate-refresh' }),
      answer(authEndpoints.me, doctorate),
    );
    const { user } = renderScreen(<SwapUserPage />);
    expect(await screen.findByText('Você está usando o vínculo Helena Prado Vieira — Professor.')).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['12']);
    expect((screen.getByRole('radio', { name: 'Helena Prado Vieira — Aluno de doutorado' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Trocar de usuário' }));
    expect((await screen.findByRole('status')).textContent).toBe('Agora você está usando o vínculo Helena Prado Vieira — Aluno de doutorado.');
    expect(calls.find((c) => c.path === '/pessoas/meu-pergamum/troca-usuario')!.body).toEqual({ usuario: '12' });
    expect(useSessionAuth.getState()).toMatchObject({ token: 'doctorate-token', refresh: 'doctorate-refresh', user: { cod_pessoa: 12, login: 'docente' } });
    // The old session's refresh token is revoked.
    expect(calls.some((c) => c.path === '/oauth/revoke' && (c.body as URLSearchParams).get('token') === 'old-refresh')).toBe(true);
    await waitFor(() => expect(screen.getByText('Você está usando o vínculo Helena Prado Vieira — Aluno de doutorado.')).toBeTruthy());
    // The registration left behind is now the other one, chosen in its turn; the outcome is still said.
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Helena Prado Vieira — Professor' }) as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole('status').textContent).toBe('Agora você está usando o vínculo Helena Prado Vieira — Aluno de doutorado.');
  });

  it('needs the user chosen among several (spec §5): none is chosen for the patron', async () => {
    const calls = fakeApi(
      answer(authEndpoints.registrations, [...REGISTRATIONS, { codigo: 13, nome: 'Helena Prado Vieira — Servidor técnico-administrativo', base: '05' }]),
    );
    const { user } = renderScreen(<SwapUserPage />);
    await screen.findByText('Você está usando o vínculo Helena Prado Vieira — Professor.');
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).checked)).toEqual([false, false]);
    await user.click(screen.getByRole('button', { name: 'Trocar de usuário' }));
    expect(await screen.findByText('Informe o usuário para o qual deseja trocar.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path.includes('troca-usuario'))).toHaveLength(0);
  });

  it('says the server’s refusal, and that a person with one registration has nobody to swap to', async () => {
    fakeApi(
      answer(authEndpoints.registrations, REGISTRATIONS),
      answer(peopleEndpoints.swapUser, () => new Refusal(430, 'Conta bloqueada pela biblioteca.', 'ACESSO_BLOQUEADO')),
    );
    const { user } = renderScreen(<SwapUserPage />);
    await user.click(await screen.findByRole('button', { name: 'Trocar de usuário' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Conta bloqueada pela biblioteca.');
    expect(useSessionAuth.getState().token).toBe('patron-token');
  });

  it('has nobody to swap to for a single registration', async () => {
    fakeApi(answer(authEndpoints.registrations, [REGISTRATIONS[0]!]));
    renderScreen(<SwapUserPage />);
    expect(await screen.findByText('Você tem um só vínculo com a biblioteca: não há outro usuário para o qual trocar.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Trocar de usuário' })).toBeNull();
  });
});
