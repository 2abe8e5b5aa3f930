import type { Evento } from '@estante/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

/** `GET /parametros/eventos_institucionais` or `/eventos_eventum`: events not yet over. */
export function useEventos(origem: 'institucionais' | 'eventum') {
  return useQuery({
    queryKey: ['parametros', 'eventos', origem],
    queryFn: ({ signal }) => apiGet<Evento[]>(`/parametros/eventos_${origem}`, signal),
    staleTime: 5 * 60_000,
  });
}
