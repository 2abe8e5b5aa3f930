import { type ConsultaResponse, newSearchState, searchEndpoints, searchRow } from '@estante/contracts/search';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { ResultsView } from './results-view';

const state = newSearchState({ linhas: [searchRow('machado de assis')] });

const empty: ConsultaResponse = { total: 0, pagina: 1, quantPag: 20, acervos: [], facetas: [], filtros: [] };

const sorts = answer(searchEndpoints.sortOrders, [{ codigo: 'C', descricao: 'Relevância' }]);

const screenWith = (ui: React.ReactElement) =>
  renderScreen(
    <Routes>
      <Route path="*" element={ui} />
    </Routes>,
  );

describe('the results page when the search fails (spec §8)', () => {
  it('says the unexpected-error message for a 500, not that the server could not be reached', async () => {
    fakeApi(
      answer(searchEndpoints.search, () => new Refusal(500, 'Internal Server Error')),
      sorts,
    );
    screenWith(<ResultsView state={state} titleHref={(cod) => `/acervo/${cod}`} contentsHref={(cod) => `/acervo/${cod}/sumarios`} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Ocorreu um erro inesperado no processamento.');
    expect(screen.queryByText(/Não foi possível conectar/)).toBeNull();
  });

  it('says the server could not be reached only when no answer came', async () => {
    fakeApi(sorts);
    // A fetch that fails outright (no response): what a network error is.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    screenWith(<ResultsView state={state} titleHref={(cod) => `/acervo/${cod}`} contentsHref={(cod) => `/acervo/${cod}/sumarios`} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível conectar ao servidor. Tente novamente mais tarde.');
  });

  it('says the server’s own words for a refusal', async () => {
    fakeApi(
      answer(searchEndpoints.search, () => new Refusal(422, 'Preencha o campo de pesquisa.')),
      sorts,
    );
    screenWith(<ResultsView state={state} titleHref={(cod) => `/acervo/${cod}`} contentsHref={(cod) => `/acervo/${cod}/sumarios`} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Preencha o campo de pesquisa.');
  });

  it('shows the results once the search answers', async () => {
    fakeApi(answer(searchEndpoints.search, empty), sorts);
    screenWith(<ResultsView state={state} titleHref={(cod) => `/acervo/${cod}`} contentsHref={(cod) => `/acervo/${cod}/sumarios`} />);
    expect(await screen.findByRole('heading', { name: /resultado/ })).toBeTruthy();
  });
});
