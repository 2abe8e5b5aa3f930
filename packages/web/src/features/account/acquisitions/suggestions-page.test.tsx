import { acquisitionsEndpoints, type PedidoCompra, type Sugestao } from '@estante/contracts/acquisitions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { OrdersPage } from './orders-page';
import { SuggestionsPage } from './suggestions-page';

const STATUSES = [
  { codigo: 'pre_sugestao', descricao: 'Pré-sugestão' },
  { codigo: 'em_cotacao', descricao: 'Em cotação' },
  { codigo: 'aguardando_entrega', descricao: 'Aguardando entrega' },
  { codigo: 'atendida', descricao: 'Atendida' },
] as const;

const suggestion = (over: Partial<Sugestao>): Sugestao => ({
  codigo: 7,
  situacao: 'atendida',
  descricao_situacao: 'Atendida',
  titulo: 'Pedagogia da autonomia',
  autor: 'Paulo Freire',
  editor: 'Paz e Terra',
  edicao: null,
  isbn_issn: null,
  biblioteca: 'Biblioteca Central',
  cod_biblioteca: 1,
  quantidade: 3,
  data_cotacao: '2026-10-02',
  criado_em: '2026-09-30T12:00:00Z',
  obra_estrangeira: false,
  solicitante: 'Carlos Eduardo Pereira',
  total_entregue: 3,
  previsao_entrega: '2026-11-15',
  pedido: 4,
  cod_acervo: 42,
  nota: 'Já no acervo',
  historico: [
    { situacao: 'pre_sugestao', nota: null, em: '2026-09-30T12:00:00Z' },
    { situacao: 'em_cotacao', nota: null, em: '2026-10-02T12:00:00Z' },
    { situacao: 'aguardando_entrega', nota: null, em: '2026-10-05T12:00:00Z' },
    { situacao: 'atendida', nota: 'Já no acervo', em: '2026-11-10T12:00:00Z' },
  ],
  ...over,
});

describe('Meu Pergamum, suggestion query', () => {
  it('lists every suggestion at once, opens the delivered title, shows its steps, and filters by status', async () => {
    const pending = suggestion({
      codigo: 8,
      situacao: 'pre_sugestao',
      descricao_situacao: 'Pré-sugestão',
      titulo: 'Didática',
      cod_acervo: null,
      pedido: null,
      data_cotacao: null,
      previsao_entrega: null,
      total_entregue: 0,
      quantidade: 1,
      nota: null,
      historico: [{ situacao: 'pre_sugestao', nota: null, em: '2026-11-20T12:00:00Z' }],
    });
    const calls = fakeApi(
      answer(acquisitionsEndpoints.statuses, [...STATUSES]),
      answer(acquisitionsEndpoints.suggestions, ({ query }) =>
        [suggestion({}), pending].filter((s) => !query.get('situacao') || s.situacao === query.get('situacao')),
      ),
    );
    const { user } = renderScreen(<SuggestionsPage titleHref={(id) => `/acervo/${id}`} />);
    const table = await screen.findByRole('table', { name: 'Suas sugestões de aquisição' });
    const [, delivered, waiting] = within(table).getAllByRole('row');
    expect(within(delivered!).getByRole('link', { name: 'Pedagogia da autonomia' }).getAttribute('href')).toBe('/acervo/42');
    expect(delivered!.textContent).toContain('3 de 3');
    expect(delivered!.textContent).toContain('Pedido de compra nº 4');
    expect(delivered!.textContent).toContain('Nota da biblioteca: Já no acervo');
    expect(within(waiting!).queryByRole('link')).toBeNull();
    expect(waiting!.textContent).toContain('Pré-sugestão');

    await user.click(within(delivered!).getByText('4 etapas'));
    const steps = within(delivered!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps.some((s) => s?.includes('Em cotação'))).toBe(true);
    expect(steps.some((s) => s?.includes('Atendida — Já no acervo'))).toBe(true);

    await user.click(screen.getByRole('textbox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Pré-sugestão' }));
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(
      calls
        .filter((c) => c.path === '/aquisicao/sugestoes')
        .at(-1)!
        .query.get('situacao'),
    ).toBe('pre_sugestao');
  });

  it('asks for both dates, in order, before it asks the library', async () => {
    const calls = fakeApi(answer(acquisitionsEndpoints.statuses, [...STATUSES]), answer(acquisitionsEndpoints.suggestions, []));
    const { user } = renderScreen(<SuggestionsPage titleHref={(id) => `/acervo/${id}`} />);
    expect(await screen.findByText('Nenhuma sugestão de aquisição encontrada.')).toBeTruthy();
    const before = calls.filter((c) => c.path === '/aquisicao/sugestoes').length;
    await user.type(screen.getByLabelText('De'), '2026-05-01');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Informe a data inicial e a final.');
    await user.type(screen.getByLabelText('Até'), '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A data inicial não pode ser depois da final.');
    expect(calls.filter((c) => c.path === '/aquisicao/sugestoes')).toHaveLength(before);
  });
});

describe('Meu Pergamum, purchase orders', () => {
  it("shows each order with the patron's items and whether it is closed", async () => {
    const order: PedidoCompra = {
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
      ],
    };
    fakeApi(answer(acquisitionsEndpoints.orders, [order]));
    renderScreen(<OrdersPage titleHref={(id) => `/acervo/${id}`} />);
    const article = await screen.findByRole('article', { name: 'Pedido de compra nº 4' });
    expect(article.textContent).toContain('Em andamento');
    expect(article.textContent).toContain('fornecedor Livraria Acadêmica');
    const table = within(article).getByRole('table', { name: 'Suas sugestões no pedido nº 4' });
    expect(within(table).getByRole('link', { name: 'Pedagogia da autonomia' }).getAttribute('href')).toBe('/acervo/42');
    expect(table.textContent).toContain('1 de 3');
  });
});
