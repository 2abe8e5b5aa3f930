import { parametersEndpoints } from '@estante/contracts/parameters';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /parametros/eventos_institucionais` or `/eventos_eventum`: events not yet over. */
export function useEventos(origem: 'institucionais' | 'eventum') {
  return useQuery({
    queryKey: ['parametros', 'eventos', origem],
    queryFn: ({ signal }) => api(origem === 'institucionais' ? parametersEndpoints.institutionEvents : parametersEndpoints.eventumEvents, {}, signal),
    staleTime: 5 * 60_000,
  });
}
