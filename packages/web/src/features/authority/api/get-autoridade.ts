import { authorityEndpoints } from '@estante/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /autoridade/{id}`: heading, references, notes and titles. */
export function autoridadeQuery(id: number) {
  return queryOptions({
    queryKey: ['autoridade', id],
    queryFn: ({ signal }) => api(authorityEndpoints.record, { params: { id: String(id) } }, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}

export function useAutoridade(id: number) {
  return useQuery(autoridadeQuery(id));
}

/** `GET /autoridade/{id}/marc`. */
export function useAutoridadeMarc(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['autoridade', id, 'marc'],
    queryFn: ({ signal }) => api(authorityEndpoints.marc, { params: { id: String(id) } }, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
