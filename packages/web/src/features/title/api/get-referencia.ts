import type { Referencia, ReferenceStyle } from '@estante/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';

/** `GET /acervo/{id}/referencia?estilo=`: the reference in ABNT, APA or Vancouver. */
export function referenciaQuery(id: number, style: ReferenceStyle) {
  return queryOptions({
    queryKey: ['acervo', id, 'referencia', style],
    queryFn: ({ signal }) => apiCall<Referencia>('GET', `/acervo/${id}/referencia?estilo=${style}`, undefined, signal),
    staleTime: 5 * 60_000,
  });
}

export function useReferencia(id: number, style: ReferenceStyle) {
  return useQuery(referenciaQuery(id, style));
}
