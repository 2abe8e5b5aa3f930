import {
  consultaQueryFromParams,
  parseSearchState,
  readConsultaQuery,
  type SearchFilter,
  type SearchState,
  searchesWithoutWords,
  searchStateToParams,
} from '@estante/contracts/search';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** How results are shown: D detailed (default), C compact (spec §3 opcoesResultado.exibicao). */
export type Display = 'D' | 'C';

/**
 * The search state the URL holds, or null when the URL holds no valid search: checked as the
 * server checks it (consultaQuerySchema's rules, without zod: readConsultaQuery).
 */
export function readSearchState(params: URLSearchParams): SearchState | null {
  const query = readConsultaQuery(consultaQueryFromParams(params));
  if (!query) return null;
  const state = parseSearchState(query);
  // A search has words, or is a new-acquisitions list (a period), a teaching-plan
  // bibliography (a plan field) or a base of one kind of record; words are optional in those.
  return state.linhas.length || searchesWithoutWords(state) ? state : null;
}

/** The address's query as it is now (a navigation may not be rendered yet). */
function latestParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/**
 * The URL is the search state (Blacklight's SearchState): read it, and change it by writing a
 * new URL, so reload, the back button and a shared link all reproduce the page.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const display: Display = params.get('exibicao') === 'C' ? 'C' : 'D';

  const update = useCallback(
    (change: Partial<SearchState> | ((current: SearchState) => Partial<SearchState>)) => {
      // From the address as it is now, not as last rendered: the router renders a navigation
      // in a transition, and a click meanwhile (page 2 just after a new sort) must keep it.
      const now = latestParams();
      const current = readSearchState(now);
      if (!current) return;
      const changed = typeof change === 'function' ? change(current) : change;
      // Any change but a page change starts again from the first page.
      const nextParams = searchStateToParams({ ...current, ...changed, pagina: changed.pagina ?? 1 });
      if (now.get('exibicao') === 'C') nextParams.set('exibicao', 'C');
      setParams(nextParams);
    },
    [setParams],
  );

  const toggleFilter = useCallback(
    (filter: SearchFilter) => {
      const same = (f: SearchFilter) => f.tipo === filter.tipo && f.codigo === filter.codigo;
      update((current) => ({ filtros: current.filtros.some(same) ? current.filtros.filter((f) => !same(f)) : [...current.filtros, filter] }));
    },
    [update],
  );

  const setDisplay = useCallback(
    (value: Display) => {
      const next = latestParams();
      if (value === 'C') next.set('exibicao', 'C');
      else next.delete('exibicao');
      setParams(next, { replace: true });
    },
    [setParams],
  );

  return { state, display, update, toggleFilter, setDisplay };
}
