import { networkEndpoints } from '@estante/contracts/network';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

/**
 * The partner network's calls, shared: the network record page reads a record, and Meu
 * Pergamum's inter-library loan starts its form from one (issue 22).
 */
export function acervoRedeQuery(id: number) {
  return queryOptions({
    queryKey: ['rede', 'acervo', id],
    queryFn: ({ signal }) => api(networkEndpoints.record, { params: { id: String(id) } }, signal),
    staleTime: 5 * 60_000,
  });
}

/** `GET /rede-pergamum/acervo/{id}` (disabled without a record number). */
export function useAcervoRede(id: number | null) {
  return useQuery({ ...acervoRedeQuery(id ?? 0), enabled: id !== null });
}

/** `GET /rede-pergamum/oai/instituicoes`: the partner institutions and how many records each has here. */
export function useInstituicoesRede() {
  return useQuery({
    queryKey: ['rede', 'instituicoes'],
    queryFn: ({ signal }) => api(networkEndpoints.institutions, {}, signal),
    staleTime: 10 * 60_000,
  });
}
