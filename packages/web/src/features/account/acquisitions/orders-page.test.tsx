import { acquisitionsEndpoints, type PedidoCompra } from '@estante/contracts/acquisitions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { OrdersPage } from './orders-page';

const order = (over: Partial<PedidoCompra>): PedidoCompra => ({
  codigo: 4,
  biblioteca: 'Biblioteca Central',
  fornecedor: 'Livraria Acadêmica',
  criado_em: '2026-10-05T12:00:00Z',
  previsao_entrega: '2026-11-15',
  encerrado: false,
  itens: [
    {
      sugestao: 7,
      titulo: 'Pedagogia da autonomia',
      situacao: 'parcialmente_atendida',
      descricao_situacao: 'Parcialmente atendida',
      quantidade: 3,
      total_entregue: 1,
      cod_acervo: 42,
    },
    {
      sugestao: 9,
      titulo: 'Didática',
      situacao: 'aguardando_entrega',
      descricao_situacao: 'Aguardando entrega',
      quantidade: 2,
      total_entregue: 0,
      cod_acervo: null,
    },
  ],
  ...over,
});

describe('Meu Pergamum, purchase orders page', () => {
  it('lists every order as its own article: open or closed, library, supplier, dates, and each of the patron’s items', async () => {
    const calls = fakeApi(
      answer(acquisitionsEndpoints.orders, [
        order({}),
        order({
          codigo: 2,
          biblioteca: 'Biblioteca Setorial de Saúde',
          fornecedor: 'Distribuidora Saber',
          criado_em: '2026-03-10T12:00:00Z',
          previsao_entrega: null,
          encerrado: true,
          itens: [
            {
              sugestao: 3,
              titulo: 'Anatomia humana',
              situacao: 'atendida',
              descricao_situacao: 'Atendida',
              quantidade: 1,
              total_entregue: 1,
              cod_acervo: 77,
            },
          ],
        }),
      ]),
    );
    renderScreen(<OrdersPage titleHref={(id) => `/acervo/${id}`} />);

    const open = await screen.findByRole('article', { name: 'Pedido de compra nº 4' });
    expect(within(open).getByRole('heading', { level: 2 }).textContent).toBe('Pedido de compra nº 4');
    expect(within(open).getByText('Em andamento')).toBeTruthy();
    expect(within(open).queryByText('Encerrado')).toBeNull();
    expect(open.textContent).toContain('Biblioteca Central · fornecedor Livraria Acadêmica · feito em 05/10/2026. Entrega prevista para 15/11/2026.');

    const items = within(open).getByRole('table', { name: 'Suas sugestões no pedido nº 4' });
    const [header, delivered, waiting] = within(items).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nº', 'Obra', 'Situação', 'Exemplares recebidos']);
    expect(
      within(delivered!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['7', 'Pedagogia da autonomia', 'Parcialmente atendida', '1 de 3']);
    expect(within(delivered!).getByRole('link', { name: 'Pedagogia da autonomia' }).getAttribute('href')).toBe('/acervo/42');
    expect(
      within(waiting!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['9', 'Didática', 'Aguardando entrega', '0 de 2']);
    expect(within(waiting!).queryByRole('link')).toBeNull();

    const closed = screen.getByRole('article', { name: 'Pedido de compra nº 2' });
    expect(within(closed).getByText('Encerrado')).toBeTruthy();
    expect(closed.textContent).toContain('Biblioteca Setorial de Saúde · fornecedor Distribuidora Saber · feito em 10/03/2026.');
    expect(closed.textContent).not.toContain('Entrega prevista');
    const closedItems = within(closed).getByRole('table', { name: 'Suas sugestões no pedido nº 2' });
    expect(within(closedItems).getByRole('link', { name: 'Anatomia humana' }).getAttribute('href')).toBe('/acervo/77');
    expect(closedItems.textContent).toContain('1 de 1');

    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/aquisicao/pedidos').map((c) => c.method)).toEqual(['GET']);
  });

  it('says when none of the patron’s suggestions is in an order', async () => {
    fakeApi(answer(acquisitionsEndpoints.orders, []));
    renderScreen(<OrdersPage titleHref={(id) => `/acervo/${id}`} />);
    expect(await screen.findByText('Nenhuma de suas sugestões está em um pedido de compra.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the orders cannot be read', async () => {
    fakeApi(answer(acquisitionsEndpoints.orders, () => new Refusal(503, 'fora do ar')));
    renderScreen(<OrdersPage titleHref={(id) => `/acervo/${id}`} />);
    expect(await screen.findByText('Não foi possível carregar os pedidos de compra.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
