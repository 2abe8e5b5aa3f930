import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

export const ordenacaoQuery = queryOptions({
  queryKey: ['consulta', 'ordenacao'],
  queryFn: ({ signal }) => apiGet<{ codigo: string; descricao: string }[]>('/consulta/ordenacao', signal),
  staleTime: Infinity,
});

/** The sort orders, named by the server in the interface language. */
export function useOrdenacao() {
  return useQuery(ordenacaoQuery);
}
