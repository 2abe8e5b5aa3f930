import type { Atividade } from '@estante/contracts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

export const funcionalidadesQuery = queryOptions({
  queryKey: ['parametros', 'funcionalidades'],
  queryFn: ({ signal }) => apiGet<Atividade[]>('/parametros/funcionalidades', signal),
  staleTime: Infinity,
});

/** The activities (features) the institution has switched on. */
export function useFuncionalidades(): Atividade[] {
  return useSuspenseQuery(funcionalidadesQuery).data;
}
