import { type LOAN_REQUEST_FILTERS, loanRequestsEndpoints } from '@estante/contracts/circulation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /api/solicitacao-emprestimo` (once a period is given). */
export function useMyLoanRequests(query: { dataIni: string; dataFim: string; status: (typeof LOAN_REQUEST_FILTERS)[number] } | null) {
  return useQuery(
    queryOptions({
      queryKey: ['solicitacoes', query],
      queryFn: ({ signal }) => api(loanRequestsEndpoints.mine, { query: query! }, signal),
      enabled: query !== null,
    }),
  );
}
