import {
  consultaQueryFromParams,
  consultaQuerySchema,
  parseSearchState,
  type SearchFilter,
  type SearchState,
  searchesWithoutWords,
  searchStateToParams,
} from '@estante/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** How results are shown: D detailed (default), C compact (spec §3 opcoesResultado.exibicao). */
export type Display = 'D' | 'C';

/** The search state the URL holds, or null when the URL holds no valid search. */
export function readSearchState(params: URLSearchParams): SearchState | null {
  const parsed = consultaQuerySchema.safeParse(consultaQueryFromParams(params));
  if (!parsed.success) return null;
  const state = parseSearchState(parsed.data);
  // A search has words, or is a new-acquisitions list (a period), a teaching-plan
  // bibliography (a plan field) or a base of one kind of record; words are optional in those.
  return state.linhas.length || searchesWithoutWords(state) ? state : null;
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
    (change: Partial<SearchState>) => {
      if (!state) return;
      // Any change but a page change starts again from the first page.
      const next = { ...state, ...change, pagina: change.pagina ?? 1 };
      const nextParams = searchStateToParams(next);
      if (display === 'C') nextParams.set('exibicao', 'C');
      setParams(nextParams);
    },
    [state, display, setParams],
  );

  const toggleFilter = useCallback(
    (filter: SearchFilter) => {
      if (!state) return;
      const on = state.filtros.some((f) => f.tipo === filter.tipo && f.codigo === filter.codigo);
      update({ filtros: on ? state.filtros.filter((f) => !(f.tipo === filter.tipo && f.codigo === filter.codigo)) : [...state.filtros, filter] });
    },
    [state, update],
  );

  const setDisplay = useCallback(
    (value: Display) => {
      const next = new URLSearchParams(params);
      if (value === 'C') next.set('exibicao', 'C');
      else next.delete('exibicao');
      setParams(next, { replace: true });
    },
    [params, setParams],
  );

  return { state, display, update, toggleFilter, setDisplay };
}
