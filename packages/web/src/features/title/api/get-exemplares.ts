import type { Exemplar, Acervo } from '@estante/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';

export interface Exemplares {
  exemplares: Exemplar[];
  disponibilidade: Acervo['disponibilidade'];
}

/** `GET /acervo/{id}/exemplares[?cod_unidade=]`: copies, of one library or all. */
export function exemplaresQuery(id: number, library: number | null) {
  const filter = library === null ? '' : `?cod_unidade=${library}`;
  return queryOptions({
    queryKey: ['acervo', id, 'exemplares', library],
    queryFn: ({ signal }) => apiCall<Exemplares>('GET', `/acervo/${id}/exemplares${filter}`, undefined, signal),
    staleTime: 60_000,
  });
}

export function useExemplares(id: number, library: number | null) {
  return useQuery(exemplaresQuery(id, library));
}
