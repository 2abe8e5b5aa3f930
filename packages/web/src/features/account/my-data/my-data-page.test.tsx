import { peopleEndpoints } from '@estante/contracts/people';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { MyDataPage } from './my-data-page';

describe('Meu Pergamum, my data (LGPD)', () => {
  it('asks for erasure only after the confirmation, with the reason, and lists the request', async () => {
    let requests: { codigo: number; situacao: 'aberta'; criado_em: string }[] = [];
    const calls = fakeApi(
      answer(peopleEndpoints.signedInEmail, { email: 'isabela.moura@demo.estante.local' }),
      answer(peopleEndpoints.erasureRequests, () => requests),
      answer(peopleEndpoints.requestErasure, () => {
        requests = [{ codigo: 4, situacao: 'aberta', criado_em: '2026-11-25T12:00:00Z' }];
        return { codigo: 4, mensagem: 'Pedido de exclusão de dados nº 4 enviado à biblioteca. A resposta virá por e-mail.' };
      }),
    );
    const { user } = renderScreen(<MyDataPage />);
    expect(await screen.findByText('A biblioteca responderá em isabela.moura@demo.estante.local.')).toBeTruthy();
    expect(await screen.findByText('Você não fez pedidos de exclusão.')).toBeTruthy();
    await user.type(screen.getByLabelText('Motivo (opcional)'), 'Vou me mudar de cidade.');
    await user.click(screen.getByRole('button', { name: 'Pedir a exclusão dos meus dados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir a exclusão dos dados' });
    expect(calls.some((c) => c.path === '/pessoas/meu-pergamum/exclusao-dados' && c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Pedir a exclusão dos meus dados' }));
    expect((await screen.findByRole('status')).textContent).toBe('Pedido de exclusão de dados nº 4 enviado à biblioteca. A resposta virá por e-mail.');
    expect(calls.find((c) => c.path === '/pessoas/meu-pergamum/exclusao-dados' && c.method === 'POST')!.body).toEqual({ motivo: 'Vou me mudar de cidade.' });
    const table = await screen.findByRole('table', { name: 'Meus pedidos de exclusão' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toBe('425/11/2026Em aberto'));
  });

  it('says why the library cannot take the request while loans or debts are open', async () => {
    fakeApi(
      answer(peopleEndpoints.signedInEmail, { email: null }),
      answer(peopleEndpoints.erasureRequests, []),
      answer(
        peopleEndpoints.requestErasure,
        () =>
          new Refusal(
            409,
            'A exclusão dos seus dados não pode ser pedida enquanto houver pendências: Há 1 empréstimo(s) em aberto: devolva os exemplares.',
            'ExclusaoPendencias',
          ),
      ),
    );
    const { user } = renderScreen(<MyDataPage />);
    expect(await screen.findByText('Seu cadastro não tem e-mail: a biblioteca entrará em contato por outro meio.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pedir a exclusão dos meus dados' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pedir a exclusão dos meus dados' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Há 1 empréstimo(s) em aberto');
  });
});
