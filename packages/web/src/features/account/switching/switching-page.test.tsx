import { type DadosPedido, type Pedido, requestsEndpoints } from '@estante/contracts/requests';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { SwitchingPage } from './switching-page';

const START: DadosPedido = {
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial' },
  ],
  email: 'eduardo@example.org',
  instituicao: 'Universidade Estadual do Vale do Sabiá',
  limite: 3,
};

describe('Meu Pergamum, bibliographic switching', () => {
  it("checks the contracts' rules in the patron's language, then sends the part requested and lists it", async () => {
    const mine: Pedido[] = [];
    const calls = fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, () => mine),
      answer(requestsEndpoints.switching, ({ body }) => {
        mine.push({
          cod_solicitacao: 7,
          tipo: 'comutacao-bibliografica',
          subtipo: 'parte',
          resumo: `${(body as { titulo_parte: string }).titulo_parte} — Obra`,
          biblioteca: 'Biblioteca Central',
          situacao: 'aguardando',
          nota: null,
          criado_em: '2026-11-25T12:00:00Z',
          historico: [{ situacao: 'aguardando', nota: null, em: '2026-11-25T12:00:00Z' }],
          ficha_pronta: false,
        });
        return { codigo: 7, mensagem: 'Solicitação 7 enviada à biblioteca.' };
      }),
    );
    const { user } = renderScreen(<SwitchingPage />);
    await user.click(await screen.findByRole('radio', { name: 'Parte ou capítulo' }));
    const form = screen.getByRole('region', { name: 'Cópia de parte ou capítulo' });
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(within(form).getAllByText('Preencha este campo.').length).toBeGreaterThanOrEqual(3);
    expect(within(form).getByText('Corrija os campos indicados.')).toBeTruthy();

    await user.selectOptions(within(form).getByLabelText(/^Biblioteca/), 'Biblioteca Central');
    await user.type(within(form).getByLabelText(/^Título da parte ou capítulo/), 'Capítulo 2');
    await user.type(within(form).getByLabelText(/^Título da obra/), 'Obra');
    await user.type(within(form).getByLabelText(/^Páginas/), '30-20');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(await within(form).findByText('A página inicial não pode ser maior que a final.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/solicitacoes'))).toBe(false);

    await user.clear(within(form).getByLabelText(/^Páginas/));
    await user.type(within(form).getByLabelText(/^Páginas/), '20-30');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(await within(form).findByText('Solicitação 7 enviada à biblioteca.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path.startsWith('/api/solicitacoes'))!;
    expect(post.path).toBe('/api/solicitacoes/comutacao-bibliografica/parte');
    expect(post.body).toEqual({ biblioteca: 1, titulo_parte: 'Capítulo 2', titulo_obra: 'Obra', paginas: '20-30', email: 'eduardo@example.org' });
    const table = await screen.findByRole('table', { name: 'Minhas comutações' });
    await waitFor(() => expect(within(table).getByText('Capítulo 2 — Obra')).toBeTruthy());
  });
});
