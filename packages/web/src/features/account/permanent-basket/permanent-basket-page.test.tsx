import { basketEndpoints, type Colecao } from '@estante/contracts/basket';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBasket } from '../../../stores/basket';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { PermanentBasketPage } from './permanent-basket-page';

type Item = Colecao['itens'][number];
const item = (over: Partial<Item>): Item => ({
  cod_acervo: 10,
  titulo: 'Iracema',
  autor: 'Alencar, José de',
  ano_publicacao: 1865,
  link_capa: null,
  adicionado_em: '2026-11-20T13:00:00Z',
  ...over,
});
const titleHref = (id: number) => `/acervo/${id}`;

beforeEach(() => useBasket.setState({ items: [] }));

describe('Meu Pergamum, permanent basket', () => {
  it('lists the kept titles, each linked; a period narrows them, and "show all" brings them back', async () => {
    const kept = [
      item({}),
      item({ cod_acervo: 11, titulo: 'Dom Casmurro', autor: 'Assis, Machado de', ano_publicacao: 1899, adicionado_em: '2026-10-02T09:00:00Z' }),
    ];
    const calls = fakeApi(
      answer(basketEndpoints.collection, ({ query }) => {
        const itens = query.get('tipoBusca') === 'periodo' ? kept.filter((k) => k.adicionado_em.slice(0, 10) >= query.get('dataIni')!) : kept;
        return { total: itens.length, itens };
      }),
    );
    const { user } = renderScreen(<PermanentBasketPage titleHref={titleHref} />);
    const table = await screen.findByRole('table', { name: '2 títulos na cesta permanente' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Título', 'Salvo em', 'Ações']);
    expect(within(first!).getByRole('link', { name: 'Iracema' }).getAttribute('href')).toBe('/acervo/10');
    expect(first!.textContent).toContain('Alencar, José de · 1865');
    expect(first!.textContent).toContain('20/11/2026');
    expect(within(second!).getByRole('link', { name: 'Dom Casmurro' }).getAttribute('href')).toBe('/acervo/11');
    expect(calls[calls.length - 1]!.query.get('tipoBusca')).toBe('todos');

    await user.type(screen.getByLabelText(/^De/), '2026-11-01');
    await user.type(screen.getByLabelText(/^Até/), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    const inPeriod = await screen.findByRole('table', { name: '1 título salvo no período' });
    expect(within(inPeriod).queryByRole('link', { name: 'Dom Casmurro' })).toBeNull();
    const asked = calls.filter((c) => c.path === '/api/acervo/cesta-permanente/colecao').at(-1)!;
    expect([asked.query.get('tipoBusca'), asked.query.get('dataIni'), asked.query.get('dataFim')]).toEqual(['periodo', '2026-11-01', '2026-11-30']);

    await user.click(screen.getByRole('button', { name: 'Mostrar todos' }));
    expect(await screen.findByRole('table', { name: '2 títulos na cesta permanente' })).toBeTruthy();
  });

  it('takes a title out only after the confirmation', async () => {
    let kept = [item({}), item({ cod_acervo: 11, titulo: 'Dom Casmurro' })];
    const calls = fakeApi(
      answer(basketEndpoints.collection, () => ({ total: kept.length, itens: kept })),
      answer(basketEndpoints.drop, ({ params }) => {
        if (!kept.some((k) => k.cod_acervo === Number(params.id))) return new Refusal(404, 'Título fora da cesta permanente.');
        kept = kept.filter((k) => k.cod_acervo !== Number(params.id));
        return null;
      }),
    );
    const { user } = renderScreen(<PermanentBasketPage titleHref={titleHref} />);
    await screen.findByRole('table', { name: '2 títulos na cesta permanente' });

    await user.click(screen.getByRole('button', { name: 'Remover: Dom Casmurro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover da cesta permanente' });
    expect(dialog.textContent).toContain('Tirar “Dom Casmurro” da sua cesta permanente?');
    await user.click(within(dialog).getByRole('button', { name: 'Manter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remover: Dom Casmurro' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remover da cesta permanente' })).getByRole('button', { name: 'Remover' }));
    expect((await screen.findByRole('status')).textContent).toBe('“Dom Casmurro” saiu da cesta permanente.');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dom Casmurro' })).toBeNull());
    expect(screen.getByRole('table', { name: '1 título na cesta permanente' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/acervo/cesta-permanente/11']);
  });

  it('puts the listed titles in the basket, where they are exported; says so when they were there already', async () => {
    fakeApi(answer(basketEndpoints.collection, { total: 2, itens: [item({}), item({ cod_acervo: 11, titulo: 'Dom Casmurro' })] }));
    const { user } = renderScreen(<PermanentBasketPage titleHref={titleHref} />);
    await user.click(await screen.findByRole('button', { name: 'Pôr estes 2 títulos na cesta' }));
    expect(useBasket.getState().items).toEqual([10, 11]);
    expect(screen.getByRole('status').textContent).toBe('2 títulos postos na cesta, onde podem ser exportados, copiados ou enviados por e-mail.');
    await user.click(screen.getByRole('button', { name: 'Pôr estes 2 títulos na cesta' }));
    expect(screen.getByRole('status').textContent).toBe('Esses títulos já estavam na cesta.');
    expect(useBasket.getState().items).toEqual([10, 11]);
  });

  it('says when it is empty, or when nothing was kept in the period, and when it cannot be read', async () => {
    fakeApi(answer(basketEndpoints.collection, { total: 0, itens: [] }));
    const { user, unmount } = renderScreen(<PermanentBasketPage titleHref={titleHref} />);
    expect(await screen.findByText(/^Sua cesta permanente está vazia\./)).toBeTruthy();
    await user.type(screen.getByLabelText(/^De/), '2026-11-01');
    await user.type(screen.getByLabelText(/^Até/), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(await screen.findByText('Nenhum título salvo neste período.')).toBeTruthy();
    unmount();

    fakeApi(answer(basketEndpoints.collection, () => new Refusal(503, 'fora do ar')));
    renderScreen(<PermanentBasketPage titleHref={titleHref} />);
    expect(await screen.findByText('Não foi possível carregar a cesta permanente.')).toBeTruthy();
  });
});
