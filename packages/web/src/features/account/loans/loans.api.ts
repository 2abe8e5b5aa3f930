import { loansEndpoints } from '@estante/contracts/circulation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /api/emprestimo/titulos-pendentes`: the patron's open loans. */
export function usePendingLoans() {
  return useQuery(
    queryOptions({
      queryKey: ['emprestimos', 'pendentes'],
      queryFn: ({ signal }) => api(loansEndpoints.pending, { query: { showDetails: 'true' } }, signal),
    }),
  );
}

/** `POST /api/emprestimo/renovacao`: renews the selected loans; the list is read again. */
export function useRenewLoans() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api(loansEndpoints.renew, { body: { emprestimos: ids } }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['emprestimos'] }),
  });
}

/** `GET /api/emprestimo/historico`: returned loans of a period (only once one is given). */
export function useLoanHistory(query: { dataIni: string; dataFim: string; multa: boolean } | null) {
  return useQuery(
    queryOptions({
      queryKey: ['emprestimos', 'historico', query],
      queryFn: ({ signal }) =>
        api(loansEndpoints.history, { query: { dataIni: query!.dataIni, dataFim: query!.dataFim, ...(query!.multa ? { multa: 'S' as const } : {}) } }, signal),
      enabled: query !== null,
    }),
  );
}
