import type { GuiaPesquisa } from '@estante/contracts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

export const guiasPesquisaQuery = queryOptions({
  queryKey: ['parametros', 'guias-pesquisa'],
  queryFn: ({ signal }) => apiGet<GuiaPesquisa[]>('/parametros/guias-pesquisa', signal),
  staleTime: Infinity,
});

/** The search guides (tabs) of the home page, in order. */
export function useGuiasPesquisa(): GuiaPesquisa[] {
  return useSuspenseQuery(guiasPesquisaQuery).data;
}
