import type { Instituicao } from '@estante/contracts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

export const instituicaoQuery = queryOptions({
  queryKey: ['parametros', 'instituicao'],
  queryFn: ({ signal }) => apiGet<Instituicao>('/parametros/instituicao', signal),
  staleTime: Infinity,
});

/** The institution's settings; loaded before the app shows (see LoadingGate). */
export function useInstituicao(): Instituicao {
  return useSuspenseQuery(instituicaoQuery).data;
}
