import { type LOAN_REQUEST_FILTERS, loanRequestsEndpoints, type SolicitacaoBody } from '@estante/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /solicitacao-emprestimo/{id}/informacoes-iniciais`. */
export function useRequestStart(codAcervo: number) {
  return useQuery(
    queryOptions({
      queryKey: ['solicitacao', codAcervo, 'inicial'],
      queryFn: ({ signal }) => api(loanRequestsEndpoints.start, { params: { id: String(codAcervo) } }, signal),
    }),
  );
}

/** `POST /solicitacao-emprestimo/{id}`. */
export function useRequestLoan(codAcervo: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SolicitacaoBody) => api(loanRequestsEndpoints.request, { params: { id: String(codAcervo) }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['solicitacoes'] }),
  });
}

/** `GET /api/solicitacao-emprestimo` (once a period is given). */
export function useMyRequests(query: { dataIni: string; dataFim: string; status: (typeof LOAN_REQUEST_FILTERS)[number] } | null) {
  return useQuery(
    queryOptions({
      queryKey: ['solicitacoes', query],
      queryFn: ({ signal }) => api(loanRequestsEndpoints.mine, { query: query! }, signal),
      enabled: query !== null,
    }),
  );
}
