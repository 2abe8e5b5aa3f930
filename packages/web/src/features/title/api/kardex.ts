import { type ISSUE_PART_CODES, serialsEndpoints } from '@estante/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** A serial's part: issues (F), supplements (S), indexes (I). */
export type KardexPart = (typeof ISSUE_PART_CODES)[number];

/** `GET /kardex/{id}/combobox-data`. */
export function useKardexCombo(id: number) {
  return useQuery({
    queryKey: ['kardex', id, 'combo'],
    queryFn: ({ signal }) => api(serialsEndpoints.combo, { params: { id: String(id) } }, signal),
    staleTime: 5 * 60_000,
  });
}

/** `GET /kardex/{id}/data`: one year of a library's issues of one part. */
export function useKardexData(id: number, library: number | null, year: number | null, part: KardexPart) {
  return useQuery({
    queryKey: ['kardex', id, 'data', library, year, part],
    queryFn: ({ signal }) =>
      api(serialsEndpoints.issues, { params: { id: String(id) }, query: { codBib: String(library), year: String(year), codPar: part } }, signal),
    enabled: library !== null && year !== null,
    staleTime: 60_000,
  });
}

/** `GET /kardex/{id}/item`: one issue with its table of contents. */
export function useKardexItem(id: number, seq: number | null, part: KardexPart) {
  return useQuery({
    queryKey: ['kardex', id, 'item', seq, part],
    queryFn: ({ signal }) => api(serialsEndpoints.issue, { params: { id: String(id) }, query: { seqPar: String(seq), codPar: part } }, signal),
    enabled: seq !== null,
    staleTime: 60_000,
  });
}
