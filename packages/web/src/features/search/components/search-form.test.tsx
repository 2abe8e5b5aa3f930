import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { searchEndpoints } from '@estante/contracts/search';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { readSearchState } from '../search-state';
import { SearchForm } from './search-form';

/** Where the form sent the patron: the results page's address, decoded with the contracts' codec. */
function Results() {
  const location = useLocation();
  return <output aria-label="results address">{location.search}</output>;
}

const screenWith = (form: React.ReactElement) =>
  renderScreen(
    <Routes>
      <Route path="/" element={form} />
      <Route path="/resultados" element={<Results />} />
    </Routes>,
  );

describe('the search form', () => {
  it('refuses an empty search on the spot, saying what to do', async () => {
    const { user } = screenWith(<SearchForm resultsPath="/resultados" />);
    await user.type(screen.getByRole('combobox', { name: 'Termo de pesquisa' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(screen.getByText('Preencha o campo de pesquisa.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Termo de pesquisa' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByLabelText('results address')).toBeNull();
  });

  it('opens the results with the term, the field and the guide’s filters in the address', async () => {
    const { user } = screenWith(<SearchForm resultsPath="/resultados" filtros={[{ tipo: 'X', codigo: 'O' }]} />);
    await user.type(screen.getByRole('combobox', { name: 'Termo de pesquisa' }), 'machado de assis');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campo' }), 'autor');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    const address = await screen.findByLabelText('results address');
    const state = readSearchState(new URLSearchParams(address.textContent!))!;
    expect(state.linhas).toEqual([expect.objectContaining({ termo: 'machado de assis', campo: 'autor' })]);
    expect(state.filtros).toEqual([{ tipo: 'X', codigo: 'O' }]);
  });

  it('in its advanced form joins three rows, leaving out the empty ones', async () => {
    const { user } = screenWith(<SearchForm resultsPath="/resultados" advanced />);
    await user.type(screen.getByRole('combobox', { name: 'Termo 1' }), 'brasil');
    await user.type(screen.getByRole('combobox', { name: 'Termo 3' }), 'colônia');
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Operador' })[1]!, 'NAO');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    const state = readSearchState(new URLSearchParams((await screen.findByLabelText('results address')).textContent!))!;
    expect(state.linhas.map((l) => [l.termo, l.operador])).toEqual([
      ['brasil', expect.any(String)],
      ['colônia', 'NAO'],
    ]);
  });

  it('suggests headings as the patron types, chosen with the keyboard alone', async () => {
    const calls = fakeApi(
      answer(searchEndpoints.suggestions, ({ query }) => ({
        sugestoes:
          query.get('termo') === 'pedag'
            ? [
                { texto: 'Pedagogia do oprimido', campo: 'titulo' as const, total: 1 },
                { texto: 'Pedagogia', campo: 'assunto' as const, total: 10 },
              ]
            : [],
      })),
    );
    const { user } = screenWith(<SearchForm resultsPath="/resultados" />);
    const box = screen.getByRole('combobox', { name: 'Termo de pesquisa' });
    await user.type(box, 'pe');
    // Nothing is asked below three characters, however long the patron waits.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.filter((c) => c.path === '/consulta/sugestoes')).toHaveLength(0);
    await user.type(box, 'dag');
    const list = await screen.findByRole('listbox', { name: 'Sugestões' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pedagogia do oprimidoTítulo · 1 título', 'PedagogiaAssunto · 10 títulos']);
    expect(calls.filter((c) => c.path === '/consulta/sugestoes').map((c) => c.query.get('termo'))).toEqual(['pedag']);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1]!.id);
    expect(within(list).getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    const state = readSearchState(new URLSearchParams((await screen.findByLabelText('results address')).textContent!))!;
    expect(state.linhas).toEqual([expect.objectContaining({ termo: 'Pedagogia', campo: 'assunto' })]);
  });

  it('closes the suggestions with Escape, and Enter then searches the words typed', async () => {
    fakeApi(answer(searchEndpoints.suggestions, { sugestoes: [{ texto: 'Freire, Paulo', campo: 'autor', total: 3 }] }));
    const { user } = screenWith(<SearchForm resultsPath="/resultados" />);
    const box = screen.getByRole('combobox', { name: 'Termo de pesquisa' });
    await user.type(box, 'freire');
    await screen.findByRole('option', { name: /Freire, Paulo/ });
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Enter}');
    const state = readSearchState(new URLSearchParams((await screen.findByLabelText('results address')).textContent!))!;
    expect(state.linhas).toEqual([expect.objectContaining({ termo: 'freire', campo: 'livre' })]);
  });
});
