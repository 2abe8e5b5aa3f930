import { parametersEndpoints } from '@estante/contracts/parameters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const autoatendimentoQuery = queryOptions({
  queryKey: ['parametros', 'autoatendimento'],
  queryFn: ({ signal }) => api(parametersEndpoints.selfService, {}, signal),
  staleTime: Infinity,
});

/** The self-service kiosk settings (spec §3 "Self-service info"); the button waits for them. */
export function useAutoatendimento() {
  return useQuery(autoatendimentoQuery);
}
