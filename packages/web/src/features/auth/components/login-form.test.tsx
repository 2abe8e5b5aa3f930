import { authEndpoints } from '@estante/contracts/auth';
import { screen } from '@testing-library/react';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionAuth } from '../../../stores/session';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { LoginForm } from './login-form';

afterEach(() => useSessionAuth.setState({ token: null, refresh: null, user: null }));

const ANA = {
  user: { login: 'aluno', cod_pessoa: 1, nome_pessoa: 'Ana Souza', email: null, cod_categoria: '01', professor: false, validade: '2027-01-31' },
  authPermissions: [],
  bloqueio: false,
  papeis: [],
};

describe('the sign-in form after too many wrong passwords (issue 52)', () => {
  it('shows the captcha when the server asks for it, though activity 1120 is off, and signs in once it is ticked', async () => {
    const required = 'Houve muitas tentativas com senha errada para este login ou a partir desta rede. Marque "Não sou um robô" e entre de novo.';
    // A real ALTCHA challenge, cheap to solve.
    const challenge = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1, counter: 3, deriveKey, hmacSignatureSecret: 'segredo' });
    const calls = fakeApi(
      // The server's own rule: past the step, a sign-in without a solved captcha is refused.
      answer(authEndpoints.token, ({ body }) =>
        (body as URLSearchParams).get('recaptcha_token')
          ? { access_token: 'patron-token', token_type: 'bearer' as const, expires_in: 900, refresh_token: 'r' }
          : new Refusal(400, 'Houve muitas tentativas…', 'captcha_required'),
      ),
      answer(authEndpoints.captchaChallenge, challenge),
      answer(authEndpoints.registrations, []),
      answer(authEndpoints.me, ANA),
    );
    const onSignedIn = vi.fn();
    const { user } = renderScreen(<LoginForm loginLabel="Matrícula ou CPF" flow="standard" captcha={false} onSignedIn={onSignedIn} />);
    expect(screen.queryByRole('checkbox', { name: 'Não sou um robô' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^Matrícula ou CPF/ }), 'aluno');
    await user.type(screen.getByLabelText(/^Senha/, { selector: 'input' }), 'estante123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(required);
    const box = await screen.findByRole('checkbox', { name: 'Não sou um robô' });
    // Not ticked yet: the form says so without asking the server again.
    const grants = () => calls.filter((c) => c.path === '/oauth/token' && (c.body as URLSearchParams).get('grant_type') === 'password');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByRole('alert').textContent).toBe('Marque "Não sou um robô" antes de continuar.');
    expect(grants()).toHaveLength(1);
    await user.click(box);
    await screen.findByText('Verificado.');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(grants()).toHaveLength(2);
    expect(grants()[1]!.body).toBeInstanceOf(URLSearchParams);
    expect((grants()[1]!.body as URLSearchParams).get('recaptcha_token')).toBeTruthy();
    expect(useSessionAuth.getState().user?.nome_pessoa).toBe('Ana Souza');
  });
});

describe('the sign-in form’s refusals (issue 55)', () => {
  const refusedWith = async (refusal: Refusal) => {
    fakeApi(answer(authEndpoints.token, () => refusal));
    const { user } = renderScreen(<LoginForm loginLabel="Matrícula ou CPF" flow="standard" captcha={false} onSignedIn={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: /^Matrícula ou CPF/ }), 'bloqueado');
    await user.type(screen.getByLabelText(/^Senha/, { selector: 'input' }), 'estante123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    return (await screen.findByRole('alert')).textContent;
  };

  it('tells a library block (430) as the library’s, with its usual causes, and never sends the patron to reset the password', async () => {
    const text = await refusedWith(new Refusal(430, 'Conta bloqueada pela biblioteca…', 'ACESSO_BLOQUEADO'));
    expect(text).toBe(
      'Conta bloqueada pela biblioteca, por exemplo por um empréstimo em atraso ou um débito pendente. Trocar a senha não a desbloqueia: procure a biblioteca para regularizar.',
    );
    expect(text).not.toContain('Esqueci minha senha');
  });

  it('tells the lock after wrong passwords (429) apart: wait, or reset the password', async () => {
    const text = await refusedWith(new Refusal(429, 'Muitas tentativas de login seguidas.', 'TentativasExcedidas'));
    expect(text).toBe('Muitas tentativas seguidas com senha errada. Aguarde alguns minutos e tente de novo, ou use "Esqueci minha senha".');
  });
});
