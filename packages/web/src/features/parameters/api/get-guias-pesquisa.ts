import { type GuiaPesquisa, parametersEndpoints } from '@estante/contracts/parameters';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const guiasPesquisaQuery = queryOptions({
  queryKey: ['parametros', 'guias-pesquisa'],
  queryFn: ({ signal }) => api(parametersEndpoints.guides, {}, signal),
  staleTime: Infinity,
});

/** The search guides (tabs) of the home page, in order. */
export function useGuiasPesquisa(): GuiaPesquisa[] {
  return useSuspenseQuery(guiasPesquisaQuery).data;
}
