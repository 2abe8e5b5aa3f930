import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchEndpoints } from '@estante/contracts/search';
import { api } from '../../../api/client';

export const ordenacaoQuery = queryOptions({
  queryKey: ['consulta', 'ordenacao'],
  queryFn: ({ signal }) => api(searchEndpoints.sortOrders, {}, signal),
  staleTime: Infinity,
});

/** The sort orders, named by the server in the interface language. */
export function useOrdenacao() {
  return useQuery(ordenacaoQuery);
}
