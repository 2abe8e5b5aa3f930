import { authEndpoints } from '@estante/contracts/auth';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionAuth } from '../stores/session';
import { answer, fakeApi, renderScreen } from '../test/render';
import { useRefreshedPerson } from './me';

function Refreshing() {
  useRefreshedPerson();
  return null;
}
afterEach(() => useSessionAuth.setState({ token: null, refresh: null, user: null }));

describe('the stored patron', () => {
  it('is kept current with GET /pessoas: the name, the permissions, the validity and the staff roles the library has now', async () => {
    useSessionAuth.setState({ token: 'patron-token', refresh: 'r', user: { login: 'aluno', cod_pessoa: 1, nome_pessoa: 'Ana Souza' } });
    fakeApi(
      answer(authEndpoints.me, {
        user: { login: 'aluno', cod_pessoa: 1, nome_pessoa: 'Ana Beatriz Souza', email: null, cod_categoria: '01', professor: false, validade: '2027-01-31' },
        authPermissions: [{ cod_modulo: 3, cod_atividade: 8 }],
        bloqueio: false,
        papeis: ['circulacao'],
      }),
    );
    renderScreen(<Refreshing />);
    await waitFor(() =>
      expect(useSessionAuth.getState().user).toEqual({
        login: 'aluno',
        cod_pessoa: 1,
        nome_pessoa: 'Ana Beatriz Souza',
        professor: false,
        permissoes: [{ cod_modulo: 3, cod_atividade: 8 }],
        validade: '2027-01-31',
        papeis: ['circulacao'],
      }),
    );
  });

  it('is not asked for while nobody is signed in', async () => {
    const calls = fakeApi();
    renderScreen(<Refreshing />);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});
