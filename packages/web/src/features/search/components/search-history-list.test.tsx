import { newSearchState, searchRow, searchStateToParams } from '@estante/contracts/search';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { historyKey, useSearchHistory } from '../search-history';
import { SearchHistoryList } from './search-history-list';

const pedagogia = newSearchState({ linhas: [searchRow('pedagogia')] });
const href = (state: typeof pedagogia) => `/pesquisa-geral?${searchStateToParams(state)}`;
/** What the results page remembers of a search it shows (results-view.tsx). */
const seen = (state: typeof pedagogia, details: string[] = [], total = 12) =>
  useSearchHistory.getState().remember({ label: 'pedagogia', href: href(state), total, key: historyKey('/pesquisa-geral', state), details });

afterEach(() => useSearchHistory.getState().clear());

describe('the search history (issue 55)', () => {
  it('lists a search repeated once, the most recent visit, whatever its page', () => {
    seen(pedagogia);
    seen({ ...pedagogia, pagina: 2 });
    seen(pedagogia);
    seen({ ...pedagogia, pagina: 3 });
    const { searches } = useSearchHistory.getState();
    expect(searches).toHaveLength(1);
    expect(searches[0]!.href).toBe(href({ ...pedagogia, pagina: 3 }));
  });

  it('tells apart searches of the same words by what differs: filters, sort, base', () => {
    seen(pedagogia);
    seen({ ...pedagogia, filtros: [{ tipo: 'Y', codigo: '2024' }] }, ['Ano de publicação: 2024'], 1);
    seen({ ...pedagogia, ordenacao: 'T' }, ['ordenado por Título']);
    seen(pedagogia);
    renderScreen(<SearchHistoryList />);
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    // Newest first, the repeated search once.
    expect(links).toEqual(['pedagogia', 'pedagogia — ordenado por Título', 'pedagogia — Ano de publicação: 2024']);
  });

  it('counts an entry of an older session (no key) as the search of its address', () => {
    useSearchHistory.setState({ searches: [{ label: 'pedagogia', href: href(pedagogia), total: 12 }] });
    seen({ ...pedagogia, pagina: 2 });
    expect(useSearchHistory.getState().searches).toEqual([expect.objectContaining({ href: href({ ...pedagogia, pagina: 2 }) })]);
  });
});
