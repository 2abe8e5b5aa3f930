import { loanRequestsEndpoints, type SolicitacaoBody } from '@estante/contracts/circulation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * `GET /solicitacao-emprestimo/{id}/informacoes-iniciais`. Asked again once the visitor signs in
 * (the answer then carries the patron's e-mail).
 */
export function useRequestStart(codAcervo: number, signedIn: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['solicitacao', codAcervo, 'inicial', signedIn],
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
