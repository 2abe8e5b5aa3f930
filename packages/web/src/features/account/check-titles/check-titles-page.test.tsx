import { interestEndpoints, type TituloPerfil } from '@estante/contracts/interest';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBasket } from '../../../stores/basket';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { CheckTitlesPage } from './check-titles-page';

const titulo = (over: Partial<TituloPerfil>): TituloPerfil => ({
  cod_acervo: 10,
  titulo: 'Dom Casmurro',
  autor: 'Assis, Machado de',
  ano_publicacao: 1899,
  desc_tipo_obra: 'Livro',
  catalogado_em: '2026-11-20T12:00:00Z',
  motivo: 'Autor: Assis, Machado de',
  ...over,
});
const titleHref = (id: number) => `/acervo/${id}`;
const titleCalls = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.method === 'GET' && c.path === '/api/perfil-interesse/titulos');

beforeEach(() => useBasket.setState({ items: [] }));

describe('Meu Pergamum, check titles', () => {
  it("lists the last month's titles the profile matches, each linked, with why and when; one goes to the basket", async () => {
    useBasket.setState({ items: [11] });
    const calls = fakeApi(
      answer(interestEndpoints.titles, [
        titulo({}),
        titulo({
          cod_acervo: 11,
          titulo: 'Revista Brasileira de Educação',
          autor: null,
          ano_publicacao: null,
          desc_tipo_obra: 'Periódico',
          catalogado_em: '2026-11-03T12:00:00Z',
          motivo: 'Área: Educação',
        }),
      ]),
    );
    const { user } = renderScreen(<CheckTitlesPage titleHref={titleHref} />);
    expect(screen.getByText('Títulos do seu perfil de interesse catalogados no último mês.')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Verificar títulos' });
    const [header, casmurro, revista] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Título', 'Do seu perfil', 'Catalogado em', 'Cesta']);
    // The last month: asked for without dates.
    expect([...titleCalls(calls)[0]!.query.keys()]).toEqual([]);

    expect(within(casmurro!).getByRole('link', { name: 'Dom Casmurro' }).getAttribute('href')).toBe('/acervo/10');
    expect(within(casmurro!).getByText('Assis, Machado de · 1899 · Livro')).toBeTruthy();
    expect(within(casmurro!).getByText('Autor: Assis, Machado de')).toBeTruthy();
    expect(within(casmurro!).getByText('20/11/2026')).toBeTruthy();
    // What is missing is left out of the line under the title; a title already in the basket says so.
    expect(within(revista!).getByRole('link', { name: 'Revista Brasileira de Educação' }).getAttribute('href')).toBe('/acervo/11');
    expect(within(revista!).getByText('Periódico')).toBeTruthy();
    expect(within(revista!).getByText('Área: Educação')).toBeTruthy();
    expect(within(revista!).getByText('03/11/2026')).toBeTruthy();
    expect(within(revista!).getByText('Na cesta')).toBeTruthy();
    expect(within(revista!).queryByRole('button')).toBeNull();

    await user.click(within(casmurro!).getByRole('button', { name: 'Pôr na cesta: Dom Casmurro' }));
    expect(useBasket.getState().items).toEqual([11, 10]);
    await waitFor(() => expect(within(casmurro!).getByText('Na cesta')).toBeTruthy());
    expect(within(casmurro!).queryByRole('button', { name: 'Pôr na cesta: Dom Casmurro' })).toBeNull();
  });

  it('checks a period, the start first, and says when it has none', async () => {
    const calls = fakeApi(
      answer(interestEndpoints.titles, ({ query }) =>
        query.get('dataIni') === '2026-10-01'
          ? [titulo({ cod_acervo: 12, titulo: 'Iracema', catalogado_em: '2026-10-15T12:00:00Z', motivo: 'Assunto: Literatura brasileira' })]
          : [],
      ),
    );
    const { user } = renderScreen(<CheckTitlesPage titleHref={titleHref} />);
    expect(await screen.findByText('Nenhum título novo do seu perfil de interesse.')).toBeTruthy();

    // Both dates are needed, the start not after the end; nothing is asked for until they are.
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Informe a data inicial e a final.');
    const from = screen.getByLabelText(/^De\b/);
    const to = screen.getByLabelText(/^Até/);
    await user.type(from, '2026-10-31');
    await user.type(to, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A data inicial não pode ser depois da final.'));
    expect(titleCalls(calls).length).toBe(1);
    expect(screen.getByText('Títulos do seu perfil de interesse catalogados no último mês.')).toBeTruthy();

    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    const table = await screen.findByRole('table', { name: 'Verificar títulos' });
    expect(within(table).getByRole('link', { name: 'Iracema' }).getAttribute('href')).toBe('/acervo/12');
    expect(within(table).getByText('Assunto: Literatura brasileira')).toBeTruthy();
    expect(within(table).getByText('15/10/2026')).toBeTruthy();
    expect(screen.getByText('Títulos do seu perfil de interesse catalogados no período.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const last = titleCalls(calls).at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({ dataIni: '2026-10-01', dataFim: '2026-10-31' });
  });

  it('says when the titles cannot be checked', async () => {
    fakeApi(answer(interestEndpoints.titles, () => new Refusal(503, 'fora do ar')));
    renderScreen(<CheckTitlesPage titleHref={titleHref} />);
    expect(await screen.findByText('Não foi possível verificar os títulos.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
