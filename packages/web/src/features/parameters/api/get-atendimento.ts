import { parametersEndpoints } from '@estante/contracts/parameters';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /parametros/atendimento[/{campus}]`: opening hours, Monday to Sunday. */
export function useAtendimento(codCampus?: number) {
  return useQuery({
    queryKey: ['parametros', 'atendimento', codCampus ?? 'todos'],
    queryFn: ({ signal }) =>
      codCampus === undefined
        ? api(parametersEndpoints.openingHours, {}, signal)
        : api(parametersEndpoints.campusOpeningHours, { params: { campus: String(codCampus) } }, signal),
    staleTime: 10 * 60_000,
  });
}
