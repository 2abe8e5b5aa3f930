import { titleEndpoints } from '@estante/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /acervo/{id}/marc?liberacao=1`: the labelled record, with MARCXML and ISO 2709 to download. */
export function marcQuery(id: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'marc'],
    queryFn: ({ signal }) => api(titleEndpoints.marc, { params: { id: String(id) }, query: { liberacao: '1' } }, signal),
    staleTime: 5 * 60_000,
  });
}

export function useMarc(id: number) {
  return useQuery(marcQuery(id));
}
