import type { Autoatendimento } from '@estante/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

export const autoatendimentoQuery = queryOptions({
  queryKey: ['parametros', 'autoatendimento'],
  queryFn: ({ signal }) => apiGet<Autoatendimento>('/parametros/autoatendimento', signal),
  staleTime: Infinity,
});

/** The self-service kiosk settings (spec §3 "Self-service info"); the button waits for them. */
export function useAutoatendimento() {
  return useQuery(autoatendimentoQuery);
}
