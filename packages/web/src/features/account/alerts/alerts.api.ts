import { alertsEndpoints } from '@estante/contracts/interest';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

const KEY = ['alertas'];

/** `GET /api/solicitacoes/alertas`: all, or those of a period; and how many are unread. */
export function useAlerts(period: { dataIni: string; dataFim: string } | null = null) {
  return useQuery(queryOptions({ queryKey: [...KEY, period], queryFn: ({ signal }) => api(alertsEndpoints.list, { query: period ?? {} }, signal) }));
}

/** `PUT /api/solicitacoes/alertas/{id}`: read. */
export function useReadAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(alertsEndpoints.read, { params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

/** `DELETE /api/solicitacoes/alertas/{id}`. */
export function useRemoveAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(alertsEndpoints.remove, { params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
