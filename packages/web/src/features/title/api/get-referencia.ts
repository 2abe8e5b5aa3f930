import { type ReferenceStyle, titleEndpoints } from '@estante/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /acervo/{id}/referencia?estilo=`: the reference in ABNT, APA or Vancouver. */
export function referenciaQuery(id: number, style: ReferenceStyle) {
  return queryOptions({
    queryKey: ['acervo', id, 'referencia', style],
    queryFn: ({ signal }) => api(titleEndpoints.reference, { params: { id: String(id) }, query: { estilo: style } }, signal),
    staleTime: 5 * 60_000,
  });
}

export function useReferencia(id: number, style: ReferenceStyle) {
  return useQuery(referenciaQuery(id, style));
}
