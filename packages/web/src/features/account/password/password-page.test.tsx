import { authEndpoints, recoveryEndpoints } from '@estante/contracts/auth';
import { peopleEndpoints } from '@estante/contracts/people';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionAuth } from '../../../stores/session';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { PasswordPage } from './password-page';

const RULES = { length: { min: 8, max: 32 }, has_numbers: true, only_numbers: false, special_char: true, diff_case: true, diff_name: true, last_pw: 3 };
const JOAO = { login: 'pesquisador', cod_pessoa: 9, nome_pessoa: 'João Pedro Antunes' };
const person = {
  user: { ...JOAO, email: null, cod_categoria: '10', professor: false, validade: null },
  authPermissions: [{ cod_modulo: 3, cod_atividade: 8 }],
  bloqueio: false,
  papeis: [],
};
beforeEach(() => useSessionAuth.setState({ token: 'patron-token', refresh: 'old-refresh', user: JOAO }));
afterEach(() => useSessionAuth.setState({ token: null, refresh: null, user: null }));

/** The rule line's state as a screen reader hears it. */
const rule = (name: RegExp) => screen.getAllByRole('listitem').find((li) => name.test(li.textContent ?? ''))!.textContent!;

describe('Meu Pergamum, password', () => {
  it('checks the rules live as the new password is typed, says a mismatch, and sends nothing until all are met', async () => {
    const calls = fakeApi(answer(peopleEndpoints.passwordRules, RULES));
    const { user } = renderScreen(<PasswordPage />);
    const next = await screen.findByLabelText(/^Nova senha/, { selector: 'input' });
    expect(within(screen.getByRole('list', { name: 'Regras da senha' })).getAllByRole('listitem')).toHaveLength(6);
    await user.type(next, 'joao');
    expect(rule(/Entre 8 e 32/)).toContain('(não atendida)');
    expect(rule(/Nenhuma palavra do seu nome/)).toContain('(não atendida)');
    await user.clear(next);
    await user.type(next, 'Estante#2026');
    for (const line of [/Entre 8 e 32/, /Pelo menos um número/, /caractere especial/, /maiúsculas e minúsculas/, /Nenhuma palavra/]) {
      expect(rule(line)).toContain('(atendida)');
    }
    await user.type(screen.getByLabelText(/^Repita a nova senha/, { selector: 'input' }), 'Estante#2025');
    expect(screen.getByRole('alert').textContent).toBe('As senhas não coincidem.');
    await user.type(screen.getByLabelText(/^Senha atual/, { selector: 'input' }), 'estante123');
    await user.click(screen.getByRole('button', { name: 'Alterar a senha' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'A senha não confere com os critérios: preencha todos os campos, repita a nova senha igual e atenda a todas as regras.',
    );
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('lists the rules without a verdict until the new password has a value (issue 55), and again once it is emptied', async () => {
    fakeApi(answer(peopleEndpoints.passwordRules, RULES));
    const { user } = renderScreen(<PasswordPage />);
    const next = await screen.findByLabelText(/^Nova senha/, { selector: 'input' });
    const list = screen.getByRole('list', { name: 'Regras da senha' });
    const verdicts = () =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => /\((não )?atendida\)/.exec(li.textContent ?? '')?.[0] ?? null);
    const marks = () =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent!.slice(0, 1));
    // Neither failed nor met: not even "no word of your name", which an empty password does not contain.
    expect(verdicts()).toEqual([null, null, null, null, null, null]);
    expect(marks().slice(0, 5)).toEqual(['•', '•', '•', '•', '•']);
    await user.type(next, 'a');
    expect(verdicts().slice(0, 5)).toEqual(['(não atendida)', '(não atendida)', '(não atendida)', '(não atendida)', '(atendida)']);
    expect(marks().slice(0, 5)).toEqual(['✗', '✗', '✗', '✗', '✓']);
    await user.clear(next);
    expect(verdicts()).toEqual([null, null, null, null, null, null]);
  });

  it('refuses a missing current password (the change call’s body schema) with the same one notice, marking no field', async () => {
    const calls = fakeApi(answer(peopleEndpoints.passwordRules, RULES));
    const { user } = renderScreen(<PasswordPage />);
    const current = await screen.findByLabelText(/^Senha atual/, { selector: 'input' });
    await user.type(screen.getByLabelText(/^Nova senha/, { selector: 'input' }), 'Estante#2026');
    await user.type(screen.getByLabelText(/^Repita a nova senha/, { selector: 'input' }), 'Estante#2026');
    await user.click(screen.getByRole('button', { name: 'Alterar a senha' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'A senha não confere com os critérios: preencha todos os campos, repita a nova senha igual e atenda a todas as regras.',
    );
    expect(current.getAttribute('aria-invalid')).toBeNull();
    expect(current.getAttribute('data-invalid')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('changes it (trimmed), says SenhaAlteradaSucesso, and keeps the patron signed in with the new password', async () => {
    const calls = fakeApi(
      answer(peopleEndpoints.passwordRules, RULES),
      answer(recoveryEndpoints.changePassword, { key: 'SenhaAlteradaSucesso', message: 'Senha alterada com sucesso.' }),
      answer(authEndpoints.me, person),
    );
    const { user } = renderScreen(<PasswordPage />);
    await user.type(await screen.findByLabelText(/^Senha atual/, { selector: 'input' }), 'estante123');
    await user.type(screen.getByLabelText(/^Nova senha/, { selector: 'input' }), ' Estante#2026 ');
    await user.type(screen.getByLabelText(/^Repita a nova senha/, { selector: 'input' }), 'Estante#2026');
    await user.click(screen.getByRole('button', { name: 'Alterar a senha' }));
    expect((await screen.findByRole('status')).textContent).toBe('Senha alterada com sucesso.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ senhaAtual: 'estante123', senhaNova: 'Estante#2026' });
    const grant = calls.find((c) => c.path === '/oauth/token' && (c.body as URLSearchParams).get('grant_type') === 'password')!;
    expect((grant.body as URLSearchParams).get('username')).toBe('pesquisador');
    expect((grant.body as URLSearchParams).get('password')).toBe('Estante#2026');
    await waitFor(() => expect(useSessionAuth.getState().token).toBe('public-token'));
    expect((screen.getByLabelText(/^Nova senha/, { selector: 'input' }) as HTMLInputElement).value).toBe('');
  });

  it('says the server’s refusal (a wrong current password) in place', async () => {
    fakeApi(
      answer(peopleEndpoints.passwordRules, RULES),
      answer(recoveryEndpoints.changePassword, () => new Refusal(422, 'A senha atual não confere.', 'SenhaAtualIncorreta')),
    );
    const { user } = renderScreen(<PasswordPage />);
    await user.type(await screen.findByLabelText(/^Senha atual/, { selector: 'input' }), 'errada');
    await user.type(screen.getByLabelText(/^Nova senha/, { selector: 'input' }), 'Estante#2026');
    await user.type(screen.getByLabelText(/^Repita a nova senha/, { selector: 'input' }), 'Estante#2026');
    await user.click(screen.getByRole('button', { name: 'Alterar a senha' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A senha atual não confere.');
    expect(useSessionAuth.getState().token).toBe('patron-token');
  });
});
