import { type Atividade, parametersEndpoints } from '@estante/contracts/parameters';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const funcionalidadesQuery = queryOptions({
  queryKey: ['parametros', 'funcionalidades'],
  queryFn: ({ signal }) => api(parametersEndpoints.features, {}, signal),
  staleTime: Infinity,
});

/** The activities (features) the institution has switched on. */
export function useFuncionalidades(): Atividade[] {
  return useSuspenseQuery(funcionalidadesQuery).data;
}
