import type { Autoridade, MarcView } from '@estante/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';

/** `GET /autoridade/{id}`: heading, references, notes and titles. */
export function autoridadeQuery(id: number) {
  return queryOptions({
    queryKey: ['autoridade', id],
    queryFn: ({ signal }) => apiCall<Autoridade>('GET', `/autoridade/${id}`, undefined, signal),
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
    queryFn: ({ signal }) => apiCall<MarcView>('GET', `/autoridade/${id}/marc`, undefined, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
