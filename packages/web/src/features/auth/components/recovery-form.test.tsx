import { recoveryEndpoints } from '@estante/contracts/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { RecoveryForm } from './recovery-form';

const RULES = { length: { min: 8, max: 32 }, has_numbers: true, only_numbers: false, special_char: true, diff_case: true, diff_name: true, last_pw: 0 };
const START = { emails: ['an*******@d***.estante.local'], name: 'Ana', length: 6, tte: '2026-05-04T15:30:00Z' };

const newPassword = () => screen.getByLabelText(/^Nova senha/, { selector: 'input' });
const repeat = () => screen.getByLabelText(/^Repita a nova senha/, { selector: 'input' });

/** Steps 1 and 2: the username, then the code, up to the new password's form. */
async function toNewPassword(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
  expect(screen.getByRole('alert').textContent).toBe('Preencha o campo Matrícula ou CPF.');
  await user.type(screen.getByRole('textbox', { name: /^Matrícula ou CPF/ }), ' 2024001234 ');
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
  expect((await screen.findByRole('status')).textContent).toContain('Ana, enviamos um código para an*******@d***.estante.local');
  await user.type(screen.getByRole('textbox', { name: /^Código/ }), '123456');
  await screen.findByRole('list', { name: 'Regras da senha' });
}

describe('password recovery', () => {
  it('asks the username, the code, then a new password that meets every rule, typed twice; sends it trimmed with the code', async () => {
    const calls = fakeApi(
      answer(recoveryEndpoints.start, START),
      answer(recoveryEndpoints.checkCode, RULES),
      answer(recoveryEndpoints.finish, { key: 'SenhaAlteradaSucesso', message: 'Senha alterada com sucesso. Entre com a nova senha.' }),
    );
    const onDone = vi.fn();
    const { user } = renderScreen(<RecoveryForm loginLabel="Matrícula ou CPF" captcha={false} onDone={onDone} onCancel={() => {}} />);
    await toNewPassword(user);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/pessoas/2024001234/recuperar-senha')!.body).toEqual({ code: '123456' });

    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    const rulesNotMet = 'A senha não confere com os critérios: preencha os dois campos iguais e atenda a todas as regras.';
    expect(screen.getByRole('alert').textContent).toBe(rulesNotMet);
    await user.type(newPassword(), 'curta');
    await user.type(repeat(), 'curta');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(screen.getByRole('alert').textContent).toBe(rulesNotMet);
    await user.clear(newPassword());
    await user.type(newPassword(), ' Nova#Senha2026 ');
    await user.clear(repeat());
    await user.type(repeat(), 'Nova#Senha202');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('As senhas não coincidem.');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(rulesNotMet);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // No field is marked: the notice says it all.
    expect(newPassword().getAttribute('aria-invalid')).not.toBe('true');

    await user.type(repeat(), '6');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('Senha alterada com sucesso. Entre com a nova senha.'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/pessoas/2024001234/recuperar-senha');
    expect(put.body).toEqual({ code: '123456', password: 'Nova#Senha2026' });
  });

  it('says the server’s refusal of the new password in place', async () => {
    fakeApi(
      answer(recoveryEndpoints.start, START),
      answer(recoveryEndpoints.checkCode, RULES),
      answer(recoveryEndpoints.finish, () => new Refusal(422, 'A nova senha não pode ser igual às últimas senhas.', 'SenhaRepetida')),
    );
    const onDone = vi.fn();
    const { user } = renderScreen(<RecoveryForm loginLabel="Matrícula ou CPF" captcha={false} onDone={onDone} onCancel={() => {}} />);
    await toNewPassword(user);
    await user.type(newPassword(), 'Nova#Senha2026');
    await user.type(repeat(), 'Nova#Senha2026');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A nova senha não pode ser igual às últimas senhas.');
    expect(screen.queryByRole('button', { name: 'Enviar um novo código' })).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});
