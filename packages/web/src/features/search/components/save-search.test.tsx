import { type PesquisaSalva, savedEndpoints } from '@estante/contracts/saved';
import { newSearchState, searchRow } from '@estante/contracts/search';
import { screen, waitFor, within } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionAuth } from '../../../stores/session';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { readSearchState } from '../search-state';
import { SaveSearch } from './save-search';

const state = newSearchState({
  linhas: [searchRow('pedagogia'), searchRow('freire', { campo: 'autor' })],
  filtros: [{ tipo: 'Y', codigo: '1970' }],
  pagina: 3,
});

/** The results page of the general guide, as the app routes it (`/:guia`). */
const screenWith = () =>
  renderScreen(
    <Routes>
      <Route path="/" element={<Navigate to="/pesquisa-geral" />} />
      <Route path="/:guia" element={<SaveSearch state={state} label="pedagogia · freire" />} />
    </Routes>,
  );
const signIn = () => useSessionAuth.setState({ token: 'patron-token', refresh: null, user: { login: 'ana', cod_pessoa: 1, nome_pessoa: 'Ana Souza' } });

afterEach(() => useSessionAuth.setState({ token: null, refresh: null, user: null }));

/** The button, once the dialog's module (lazy, with the schemas) has arrived: on a busy machine that takes more than a second. */
const saveButton = () => screen.findByRole('button', { name: 'Salvar esta pesquisa' }, { timeout: 10_000 });

describe('"save this search" on the results page', () => {
  it('is not offered to a visitor who has not signed in', async () => {
    screenWith();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Salvar/ })).toBeNull());
  });

  it('saves the search from page 1 under the name given, with its guide, and says where to find it', async () => {
    signIn();
    const calls = fakeApi(
      answer(savedEndpoints.save, ({ body }) => {
        const b = body as { nome: string; consulta: string; guia?: string };
        return { id: 9, nome: b.nome.trim(), consulta: b.consulta, guia: b.guia ?? null, criado_em: '2026-11-20T10:00:00Z' } satisfies PesquisaSalva;
      }),
    );
    const { user } = screenWith();
    await user.click(await saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Salvar esta pesquisa' });
    const name = within(dialog).getByRole('textbox', { name: /^Nome da pesquisa/ });
    expect((name as HTMLInputElement).value).toBe('pedagogia · freire');
    await user.clear(name);
    await user.type(name, 'Freire nos anos 70');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Pesquisa “Freire nos anos 70” salva em Meu Pergamum, Itens salvos.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/pesquisas-salvas')!.body as { nome: string; consulta: string; guia: string };
    expect(sent.nome).toBe('Freire nos anos 70');
    expect(sent.guia).toBe('pesquisa-geral');
    // The saved query string opens the same search, from its first page.
    expect(readSearchState(new URLSearchParams(sent.consulta))).toEqual({ ...state, pagina: 1 });
  });

  it('asks for a name before sending, and shows the server’s refusal in the dialog', async () => {
    signIn();
    const calls = fakeApi(answer(savedEndpoints.save, () => new Refusal(422, 'Você já tem 50 pesquisas salvas, o máximo.', 'LimitePesquisasSalvas')));
    const { user } = screenWith();
    await user.click(await saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Salvar esta pesquisa' });
    const name = within(dialog).getByRole('textbox', { name: /^Nome da pesquisa/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText('Preencha este campo.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(name, 'Mais uma');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Você já tem 50 pesquisas salvas, o máximo.');
    expect(screen.getByRole('dialog', { name: 'Salvar esta pesquisa' })).toBeTruthy();
  });
});
