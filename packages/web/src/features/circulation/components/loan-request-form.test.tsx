import { loanRequestsEndpoints, solicitacaoBodySchema } from '@estante/contracts/circulation';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { LoanRequestForm } from './loan-request-form';

const start = {
  cod_acervo: 7,
  titulo: 'Iracema',
  origens: [{ cod_biblioteca: 1, desc_biblioteca: 'Central', disponiveis: 2 }],
  recebimento: [
    { cod_biblioteca: 1, desc_biblioteca: 'Central' },
    { cod_biblioteca: 2, desc_biblioteca: 'Setorial' },
  ],
  volumes: ['1', '2'],
  tomos: [],
  partes: [],
  materiais: [],
  email: 'ana@example.org',
};

describe('the loan request form', () => {
  it('names each missing or malformed field, sends nothing until all are right, then a body the contract accepts', async () => {
    const calls = fakeApi(answer(loanRequestsEndpoints.start, start), answer(loanRequestsEndpoints.request, { cod_solicitacao: 31 }));
    const { user } = renderScreen(<LoanRequestForm codAcervo={7} requestsHref="/meupergamum/solicitacoes" />);
    // The patron's own address is filled in.
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^E-mail/ }) as HTMLInputElement).value).toBe('ana@example.org'));

    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(screen.getByText('Informe o telefone.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Telefone/ }), '12ab');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(screen.getByRole('alert').textContent).toBe('Corrija os campos indicados.');
    expect(screen.getByText('Escolha a biblioteca de recebimento.')).toBeTruthy();
    expect(screen.getByText('Selecione todas as opções para confirmar a reserva.')).toBeTruthy();
    expect(screen.getByText('Telefone: até 16 caracteres, só números, hífen, parênteses e espaço.')).toBeTruthy();
    expect(screen.getByText('Escolha o local de recebimento.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/solicitacao-emprestimo'))).toBe(false);

    await user.click(screen.getByRole('textbox', { name: /^Biblioteca de origem/ }));
    await user.click(await screen.findByRole('option', { name: /Central \(2 disponíveis\)/ }));
    await user.click(screen.getByRole('textbox', { name: /^Biblioteca de recebimento/ }));
    await user.click(await screen.findByRole('option', { name: 'Setorial' }));
    await user.click(screen.getByRole('textbox', { name: /^Volume/ }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    await user.clear(screen.getByRole('textbox', { name: /^Telefone/ }));
    await user.type(screen.getByRole('textbox', { name: /^Telefone/ }), '(11) 5555-1234');
    await user.click(screen.getByRole('radio', { name: 'No meu domicílio' }));
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText('Informe o endereço do domicílio.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Endereço do domicílio/ }), 'Rua das Flores, 10');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));

    expect((await screen.findByRole('status')).textContent).toContain('Solicitação enviada.');
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/solicitacao-emprestimo/7')!;
    expect(solicitacaoBodySchema.parse(sent.body)).toMatchObject({
      biblioteca_origem: 1,
      biblioteca_recebimento: 2,
      volume: '2',
      telefone: '(11) 5555-1234',
      email: 'ana@example.org',
      cod_local_recebimento: 2,
      domicilio: 'Rua das Flores, 10',
    });
  });

  it.each([
    ['a library has a copy on the shelf', start.origens, 'O empréstimo pode ser solicitado a: Central (2 disponíveis).'],
    ['none has', [], 'Nenhuma biblioteca tem exemplares disponíveis para solicitar agora.'],
  ])('says the same to a visitor and to a signed-in patron when %s (issue 55)', async (_, origens, said) => {
    for (const signedIn of [false, true]) {
      fakeApi(answer(loanRequestsEndpoints.start, { ...start, origens, email: signedIn ? start.email : null }));
      const view = renderScreen(
        <LoanRequestForm codAcervo={7} requestsHref="/meupergamum/solicitacoes" signedIn={signedIn} signIn={<p>formulário de login</p>} />,
      );
      expect((await screen.findByText(said)).tagName).toBe('P');
      expect(screen.queryByText('formulário de login') !== null).toBe(!signedIn && origens.length > 0);
      expect(screen.queryByRole('button', { name: 'Enviar solicitação' }) !== null).toBe(signedIn && origens.length > 0);
      view.unmount();
    }
  });
});
