import type { KardexData, KardexItem } from '@estante/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';

export interface KardexCombo {
  bibliotecas: { cod_biblioteca: number; desc_biblioteca: string }[];
  anos: number[];
  partes: ('F' | 'S' | 'I')[];
  periodicidade: string;
}

/** `GET /kardex/{id}/combobox-data`. */
export function useKardexCombo(id: number) {
  return useQuery({
    queryKey: ['kardex', id, 'combo'],
    queryFn: ({ signal }) => apiCall<KardexCombo>('GET', `/kardex/${id}/combobox-data`, undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** `GET /kardex/{id}/data`: one year of a library's issues of one part. */
export function useKardexData(id: number, library: number | null, year: number | null, part: string) {
  return useQuery({
    queryKey: ['kardex', id, 'data', library, year, part],
    queryFn: ({ signal }) => apiCall<KardexData>('GET', `/kardex/${id}/data?codBib=${library}&year=${year}&codPar=${part}`, undefined, signal),
    enabled: library !== null && year !== null,
    staleTime: 60_000,
  });
}

/** `GET /kardex/{id}/item`: one issue with its table of contents. */
export function useKardexItem(id: number, seq: number | null, part: string) {
  return useQuery({
    queryKey: ['kardex', id, 'item', seq, part],
    queryFn: ({ signal }) => apiCall<KardexItem>('GET', `/kardex/${id}/item?seqPar=${seq}&codPar=${part}`, undefined, signal),
    enabled: seq !== null,
    staleTime: 60_000,
  });
}
