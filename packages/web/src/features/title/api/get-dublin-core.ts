import { titleEndpoints } from '@estante/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /acervo/{id}/dublin-core`. */
export function dublinCoreQuery(id: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'dublin-core'],
    queryFn: ({ signal }) => api(titleEndpoints.dublinCore, { params: { id: String(id) } }, signal),
    staleTime: 5 * 60_000,
  });
}

export function useDublinCore(id: number) {
  return useQuery(dublinCoreQuery(id));
}
