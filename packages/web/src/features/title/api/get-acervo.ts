import { titleEndpoints } from '@estante/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /acervo/{id}`: the title record and the tabs it offers. */
export function acervoQuery(id: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'detail'],
    queryFn: ({ signal }) => api(titleEndpoints.record, { params: { id: String(id) } }, signal),
    staleTime: 5 * 60_000,
  });
}

export function useAcervo(id: number) {
  return useQuery(acervoQuery(id));
}
