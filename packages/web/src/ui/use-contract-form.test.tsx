import { recoveryEndpoints, trocaSenhaSchema } from '@estante/contracts/auth';
import { endpoint } from '@estante/contracts/kernel';
import { Button, TextInput } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderScreen } from '../test/render';
import { type BodyOf, useContractForm } from './use-contract-form';

type ChangeBody = BodyOf<typeof recoveryEndpoints.changePassword>;

/** A form on the change-password call: the body's two fields and one of the form's own. */
function ChangePassword({ onSend }: { onSend: (body: ChangeBody) => void }) {
  const form = useContractForm(recoveryEndpoints.changePassword, {
    schema: trocaSenhaSchema,
    initialValues: { senhaAtual: '', senhaNova: '', confirmacao: '' },
    toBody: ({ senhaAtual, senhaNova }) => ({ senhaAtual, senhaNova }),
    rules: ({ senhaNova, confirmacao }) => ({ confirmacao: senhaNova === confirmacao ? null : 'As senhas não coincidem.' }),
  });
  return (
    <form onSubmit={form.onSubmit(onSend)} noValidate>
      {/* TextInput: Mantine's PasswordInput marks an error with data-invalid, not aria-invalid. */}
      <TextInput label="Senha atual" {...form.getInputProps('senhaAtual')} />
      <TextInput label="Nova senha" {...form.getInputProps('senhaNova')} />
      <TextInput label="Repita a nova senha" {...form.getInputProps('confirmacao')} />
      <Button type="submit">Alterar</Button>
    </form>
  );
}

/** The field's error as assistive technology finds it: marked invalid, the message tied to it. */
function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label, { selector: 'input' });
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

afterEach(async () => {
  await act(() => i18next.changeLanguage('pt'));
});

describe('useContractForm', () => {
  it('checks the body against the endpoint’s schema, each field with its translated message, and sends nothing until it fits', async () => {
    const onSend = vi.fn();
    const { user } = renderScreen(<ChangePassword onSend={onSend} />);
    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    // senhaAtual: z.string().min(1) → validation.required, tied to the field.
    expect(errorOf('Senha atual')).toBe('Preencha este campo.');
    expect(errorOf('Nova senha')).toBeNull();
    await user.type(screen.getByLabelText('Senha atual', { selector: 'input' }), 'x'.repeat(201));
    expect(errorOf('Senha atual')).toBeNull(); // cleared as the patron types
    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    // .max(200) → validation.tooLong with its number.
    expect(errorOf('Senha atual')).toBe('No máximo 200 caracteres.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('adds the form’s own rules, and hands the submit the body made by toBody', async () => {
    const onSend = vi.fn();
    const { user } = renderScreen(<ChangePassword onSend={onSend} />);
    await user.type(screen.getByLabelText('Senha atual', { selector: 'input' }), 'estante123');
    await user.type(screen.getByLabelText('Nova senha', { selector: 'input' }), ' Estante#2026 ');
    await user.type(screen.getByLabelText('Repita a nova senha', { selector: 'input' }), 'outra');
    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    expect(errorOf('Repita a nova senha')).toBe('As senhas não coincidem.');
    expect(onSend).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Repita a nova senha', { selector: 'input' }));
    await user.type(screen.getByLabelText('Repita a nova senha', { selector: 'input' }), ' Estante#2026 ');
    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    // The body as the call takes it: no confirmation field (the schema trims when the server parses).
    expect(onSend).toHaveBeenCalledWith({ senhaAtual: 'estante123', senhaNova: ' Estante#2026 ' }, expect.anything());
  });

  it('speaks the interface’s language, names the schema’s rules (params.rule) and lets a rule’s words replace the schema’s', async () => {
    const rsvp = endpoint({
      method: 'POST',
      path: '/test/rsvp',
      access: 'public',
      tag: 'Test',
      summary: 'A test call',
      body: z.object({
        nome: z.string().trim().min(1).max(10),
        email: z.string().refine((v) => v.includes('@'), { params: { rule: 'email' } }),
        lugares: z.number().int().min(1),
      }),
      response: z.null(),
    });
    function Rsvp() {
      const { t } = useTranslation();
      const form = useContractForm(rsvp, {
        schema: rsvp.body,
        initialValues: { nome: '', email: '', lugares: '0' },
        toBody: (values) => ({ ...values, lugares: Number(values.lugares) }),
        rules: (values) => ({ lugares: values.lugares === '0' ? t('holds.chooseAll') : undefined, nome: null }),
      });
      return (
        <form onSubmit={form.onSubmit(() => {})} noValidate>
          <TextInput label="Nome" {...form.getInputProps('nome')} />
          <TextInput label="E-mail" {...form.getInputProps('email')} />
          <TextInput label="Lugares" {...form.getInputProps('lugares')} />
          <Button type="submit">OK</Button>
        </form>
      );
    }
    const en = (await import('virtual:locale/en/public')).default;
    i18next.addResourceBundle('en', 'translation', en, true, false);
    await act(() => i18next.changeLanguage('en'));
    const { user } = renderScreen(<Rsvp />);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(errorOf('Nome')).toBe('Fill in this field.'); // the schema's, in English (a rule's null keeps it)
    expect(errorOf('E-mail')).toBe('Not a valid e-mail: use addresses like name@example.org, separated by semicolons.'); // params.rule → validation.email
    expect(errorOf('Lugares')).toBe('Select every option to confirm the hold.'); // the rule's words, not "at least 1"
  });
});

describe('useContractForm in the built app', () => {
  it('refuses a schema that is not the endpoint’s body (the build strips the declaration’s, so the form names its own)', () => {
    function Wrong() {
      useContractForm(recoveryEndpoints.changePassword, {
        schema: z.object({ senhaAtual: z.string() }) as never,
        initialValues: { senhaAtual: '' },
        toBody: (values) => values as never,
      });
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderScreen(<Wrong />)).toThrow("PUT /pessoas/meu-pergamum/senha: the form's schema is not the endpoint's body");
  });
});
