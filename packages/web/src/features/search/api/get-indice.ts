import { type IndexType, searchEndpoints } from '@estante/contracts/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiAnonymous } from '../../../api/client';

export const opcoesIndiceQuery = queryOptions({
  queryKey: ['consulta', 'opcoes-indice'],
  queryFn: ({ signal }) => api(searchEndpoints.indexTypes, {}, signal),
  staleTime: Infinity,
});

/** The index types, named by the server in the interface language. */
export function useOpcoesIndice() {
  return useQuery(opcoesIndiceQuery);
}

/** A page of an index from a starting word (`GET /consulta/indice`). */
export function useIndice(tipo: IndexType | null, inicio: string) {
  return useQuery({
    queryKey: ['consulta', 'indice', tipo, inicio],
    queryFn: ({ signal }) => apiAnonymous(searchEndpoints.browse, { query: { tipo: tipo!, inicio, quantidade: '30' } }, signal),
    enabled: tipo !== null,
    staleTime: 60_000,
  });
}
