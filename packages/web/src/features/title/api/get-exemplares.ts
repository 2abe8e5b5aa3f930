import { titleEndpoints } from '@estante/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /acervo/{id}/exemplares[?cod_unidade=]`: copies, of one library or all. */
export function exemplaresQuery(id: number, library: number | null) {
  return queryOptions({
    queryKey: ['acervo', id, 'exemplares', library],
    queryFn: ({ signal }) =>
      api(titleEndpoints.copies, { params: { id: String(id) }, query: library === null ? {} : { cod_unidade: String(library) } }, signal),
    staleTime: 60_000,
  });
}

export function useExemplares(id: number, library: number | null) {
  return useQuery(exemplaresQuery(id, library));
}
