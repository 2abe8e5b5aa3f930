import { basketEndpoints } from '@estante/contracts/basket';
import { searchEndpoints } from '@estante/contracts/search';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useBasket } from '../../../stores/basket';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { BasketPage } from './basket-page';

afterEach(() => useBasket.setState({ items: [] }));

const page = <BasketPage titleHref={(id) => `/acervo/${id}`} signedIn={false} loginHref="/login" />;
const sent = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method === 'POST' && c.path === '/acervo/exportar-cesta');

describe('the basket’s e-mail form', () => {
  it('asks for one to five valid addresses and sends nothing until then; then the chosen titles, format and message', async () => {
    useBasket.setState({ items: [11, 12, 13] });
    const calls = fakeApi(answer(searchEndpoints.additionalTitles, []), answer(basketEndpoints.export, { enviado: true, destinatarios: 2, titulos: 3 }));
    const { user } = renderScreen(page);
    const form = screen.getByRole('form', { name: 'Enviar por e-mail' });
    const emails = within(form).getByRole('textbox', { name: /^E-mails/ });
    const send = within(form).getByRole('button', { name: 'Enviar e-mail' });

    await user.click(send);
    expect(screen.getByRole('alert').textContent).toBe('Informe de 1 a 5 e-mails válidos, separados por ponto e vírgula.');
    await user.type(emails, 'nao-e-email');
    await user.click(send);
    expect(screen.getByRole('alert').textContent).toBe('Informe de 1 a 5 e-mails válidos, separados por ponto e vírgula.');
    await user.clear(emails);
    await user.type(emails, 'a@example.org; b@example.org; c@example.org; d@example.org; e@example.org; f@example.org');
    await user.click(send);
    expect(screen.getByRole('alert').textContent).toBe('Informe de 1 a 5 e-mails válidos, separados por ponto e vírgula.');
    expect(sent(calls)).toHaveLength(0);
    // The notice says it; the field is not marked.
    expect(emails.getAttribute('aria-invalid')).not.toBe('true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Formato' }), 'bibtex');
    await user.clear(emails);
    await user.type(emails, 'aluno@example.org; orientador@example.org');
    await user.type(within(form).getByRole('textbox', { name: 'Mensagem (opcional)' }), '  Para a reunião  ');
    await user.click(send);
    expect((await screen.findByRole('status')).textContent).toBe('3 títulos enviados para 2 endereços.');
    expect(sent(calls)[0]!.body).toEqual({
      tipo: 'email',
      dados: 'bibtex',
      acervos: [11, 12, 13],
      opcoesEmail: { emails: 'aluno@example.org; orientador@example.org', mensagem: 'Para a reunião' },
    });
    // The addresses stay for another sending.
    expect((emails as HTMLInputElement).value).toBe('aluno@example.org; orientador@example.org');
  });

  it('sends no message when none is written, refuses more titles than an e-mail takes, and says the server’s refusal', async () => {
    useBasket.setState({ items: Array.from({ length: 51 }, (_, i) => i + 1) });
    let refuse = false;
    const calls = fakeApi(
      answer(searchEndpoints.additionalTitles, []),
      answer(basketEndpoints.export, () =>
        refuse ? new Refusal(502, 'Não foi possível enviar o e-mail.', 'ErroEnvioEmail') : { enviado: true, destinatarios: 1, titulos: 50 },
      ),
    );
    const { user } = renderScreen(page);
    const form = screen.getByRole('form', { name: 'Enviar por e-mail' });
    await user.type(within(form).getByRole('textbox', { name: /^E-mails/ }), 'aluno@example.org');
    await user.click(within(form).getByRole('button', { name: 'Enviar e-mail' }));
    expect(screen.getByRole('alert').textContent).toBe('Um e-mail leva no máximo 50 títulos: selecione menos.');
    expect(sent(calls)).toHaveLength(0);

    act(() => useBasket.getState().remove(51));
    await user.click(within(form).getByRole('button', { name: 'Enviar e-mail' }));
    expect((await screen.findByRole('status')).textContent).toBe('50 títulos enviados para 1 endereço.');
    expect(sent(calls)[0]!.body).toEqual({
      tipo: 'email',
      dados: 'abnt',
      acervos: Array.from({ length: 50 }, (_, i) => i + 1),
      opcoesEmail: { emails: 'aluno@example.org' },
    });

    refuse = true;
    await user.click(within(form).getByRole('button', { name: 'Enviar e-mail' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível enviar o e-mail.');
  });
});
