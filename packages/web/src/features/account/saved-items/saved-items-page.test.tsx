import { type PesquisaSalva, savedEndpoints } from '@estante/contracts/saved';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { SavedItemsPage } from './saved-items-page';

const saved = (over: Partial<PesquisaSalva>): PesquisaSalva => ({
  id: 5,
  nome: 'Freire',
  consulta: 'termo1=pedagogia&termo2=freire&campo2=autor&filtro=Y%3A1970',
  guia: 'pesquisa-geral',
  criado_em: '2026-11-20T10:00:00Z',
  ...over,
});
/** As the account route builds it (paths.guide + the query string). */
const searchHref = (guia: string, consulta: string) => `/${guia}?${consulta}`;

/** Where a link took the patron: the results page's path and query. */
function Results() {
  const location = useLocation();
  return <output aria-label="results address">{`${location.pathname}${location.search}`}</output>;
}
const screenWith = () =>
  renderScreen(
    <Routes>
      <Route path="/" element={<SavedItemsPage searchHref={searchHref} />} />
      <Route path="/:guia" element={<Results />} />
    </Routes>,
  );

describe('Meu Pergamum, saved items', () => {
  it('lists each saved search with what it looks for and when it was saved; its name runs it again', async () => {
    fakeApi(
      answer(savedEndpoints.list, [
        saved({}),
        saved({ id: 6, nome: 'Novidades', consulta: 'novas=30', guia: 'novas-aquisicoes', criado_em: '2026-11-02T10:00:00Z' }),
        saved({ id: 7, nome: 'Sem guia', consulta: 'termo1=iracema', guia: null }),
      ]),
    );
    const { user } = screenWith();
    const table = await screen.findByRole('table', { name: 'Itens salvos' });
    const [header, first, second, third] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nome', 'Termos pesquisados', 'Salva em', 'Ações']);
    expect(first!.textContent).toContain('pedagogia · freire — 1 filtro');
    expect(first!.textContent).toContain('20/11/2026');
    expect(second!.textContent).toContain('novas aquisições dos últimos 30 dias');
    expect(within(third!).queryByRole('link')).toBeNull();
    expect(third!.textContent).toContain('Sem guia');

    await user.click(within(first!).getByRole('link', { name: 'Freire' }));
    expect((await screen.findByLabelText('results address')).textContent).toBe('/pesquisa-geral?termo1=pedagogia&termo2=freire&campo2=autor&filtro=Y%3A1970');
  });

  it('deletes one only after the confirmation', async () => {
    let list = [saved({}), saved({ id: 6, nome: 'Foucault', consulta: 'termo1=foucault' })];
    const calls = fakeApi(
      answer(savedEndpoints.list, () => list),
      answer(savedEndpoints.remove, ({ params }) => {
        if (!list.some((s) => s.id === Number(params.id))) return new Refusal(404, `Pesquisa salva ${params.id} não encontrada entre as suas.`);
        list = list.filter((s) => s.id !== Number(params.id));
        return null;
      }),
    );
    const { user } = screenWith();
    await user.click(await screen.findByRole('button', { name: 'Excluir: Foucault' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir pesquisa salva' });
    expect(dialog.textContent).toContain('Excluir a pesquisa salva “Foucault”?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect((await screen.findByRole('status')).textContent).toBe('Pesquisa “Foucault” excluída.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Excluir: Foucault' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Freire' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/pesquisas-salvas/6']);
  });

  it('says when there are none and how to save one, and when they cannot be read', async () => {
    fakeApi(answer(savedEndpoints.list, []));
    const { unmount } = screenWith();
    expect(await screen.findByText('Você não tem pesquisas salvas. Na página de resultados, use “Salvar esta pesquisa”.')).toBeTruthy();
    unmount();
    fakeApi(answer(savedEndpoints.list, () => new Refusal(503, 'fora do ar')));
    screenWith();
    expect(await screen.findByText('Não foi possível carregar as pesquisas salvas.')).toBeTruthy();
  });
});
