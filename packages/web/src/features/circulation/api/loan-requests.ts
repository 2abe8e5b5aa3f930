import type { Solicitacao, SolicitacaoBody, SolicitacaoInicial } from '@estante/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';

/** `GET /solicitacao-emprestimo/{id}/informacoes-iniciais`. */
export function useRequestStart(codAcervo: number) {
  return useQuery(
    queryOptions({
      queryKey: ['solicitacao', codAcervo, 'inicial'],
      queryFn: ({ signal }) => apiCall<SolicitacaoInicial>('GET', `/solicitacao-emprestimo/${codAcervo}/informacoes-iniciais`, undefined, signal),
    }),
  );
}

/** `POST /solicitacao-emprestimo/{id}`. */
export function useRequestLoan(codAcervo: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SolicitacaoBody) => apiCall<{ cod_solicitacao: number }>('POST', `/solicitacao-emprestimo/${codAcervo}`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['solicitacoes'] }),
  });
}

/** `GET /api/solicitacao-emprestimo` (once a period is given). */
export function useMyRequests(query: { dataIni: string; dataFim: string; status: string } | null) {
  return useQuery(
    queryOptions({
      queryKey: ['solicitacoes', query],
      queryFn: ({ signal }) => apiCall<Solicitacao[]>('GET', `/api/solicitacao-emprestimo?${new URLSearchParams(query!)}`, undefined, signal),
      enabled: query !== null,
    }),
  );
}
