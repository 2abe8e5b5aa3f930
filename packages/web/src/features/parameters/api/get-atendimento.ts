import type { Atendimento } from '@estante/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

/** `GET /parametros/atendimento[/{campus}]`: opening hours, Monday to Sunday. */
export function useAtendimento(codCampus?: number) {
  return useQuery({
    queryKey: ['parametros', 'atendimento', codCampus ?? 'todos'],
    queryFn: ({ signal }) => apiGet<Atendimento>(codCampus === undefined ? '/parametros/atendimento' : `/parametros/atendimento/${codCampus}`, signal),
    staleTime: 10 * 60_000,
  });
}
