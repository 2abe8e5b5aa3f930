import { holdsEndpoints } from '@estante/contracts/circulation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /api/reserva`: the patron's holds in the queue or waiting at the desk. */
export function useMyHolds() {
  return useQuery(queryOptions({ queryKey: ['minhas-reservas'], queryFn: ({ signal }) => api(holdsEndpoints.mine, {}, signal) }));
}

/** `GET /api/reserva/historico`: the holds placed in a period (only once a period is given). */
export function useHoldHistory(period: { dataIni: string; dataFim: string } | null) {
  return useQuery(
    queryOptions({
      queryKey: ['minhas-reservas', 'historico', period],
      queryFn: ({ signal }) => api(holdsEndpoints.history, { query: period! }, signal),
      enabled: period !== null,
    }),
  );
}

/** `DELETE /api/reserva?reservas=…`: cancels the selected holds (all or none). */
export function useCancelHolds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api(holdsEndpoints.cancel, { query: { reservas: ids.join(',') } }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['minhas-reservas'] }),
  });
}
