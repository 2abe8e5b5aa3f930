import { type Instituicao, parametersEndpoints } from '@estante/contracts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const instituicaoQuery = queryOptions({
  queryKey: ['parametros', 'instituicao'],
  queryFn: ({ signal }) => api(parametersEndpoints.institution, {}, signal),
  staleTime: Infinity,
});

/** The institution's settings; loaded before the app shows (see LoadingGate). */
export function useInstituicao(): Instituicao {
  return useSuspenseQuery(instituicaoQuery).data;
}
