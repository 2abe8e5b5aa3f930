import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';

export interface Sumario {
  cod_acervo: number;
  itens: { titulo: string; autoria: string | null }[];
}

/** `GET /sumario/{id}/dados`: a book's table of contents. */
export function sumarioQuery(id: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'sumario'],
    queryFn: ({ signal }) => apiCall<Sumario>('GET', `/sumario/${id}/dados`, undefined, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSumario(id: number) {
  return useQuery(sumarioQuery(id));
}
