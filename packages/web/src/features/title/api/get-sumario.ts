import { titleEndpoints } from '@estante/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /sumario/{id}/dados`: a book's contents and a serial's issues' tables of contents. */
export function sumarioQuery(id: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'sumario'],
    queryFn: ({ signal }) => api(titleEndpoints.contents, { params: { id: String(id) } }, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSumario(id: number) {
  return useQuery(sumarioQuery(id));
}
