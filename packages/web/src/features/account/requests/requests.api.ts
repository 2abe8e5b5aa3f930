import { type RequestStatus, type RequestType, requestsEndpoints } from '@estante/contracts/requests';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

const KEY = ['pedidos'];

/** `GET …/emprestimo-inter-bibliotecas/dados`: the libraries, the patron's address, the institution, the limit. */
export function useRequestStart() {
  return useQuery(queryOptions({ queryKey: [...KEY, 'dados'], queryFn: ({ signal }) => api(requestsEndpoints.startData, {}, signal), staleTime: 300_000 }));
}

/** `GET /api/solicitacoes/{tipo}?status=`: the patron's requests of a type. */
export function usePatronRequests(tipo: RequestType, status: RequestStatus | 'todas') {
  return useQuery(
    queryOptions({ queryKey: [...KEY, tipo, status], queryFn: ({ signal }) => api(requestsEndpoints.list, { params: { tipo }, query: { status } }, signal) }),
  );
}

/** A new request of any type (`send` makes the call); the histories refresh. */
export function useSendRequest<B>(send: (body: B) => Promise<{ codigo: number; mensagem: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => void client.invalidateQueries({ queryKey: KEY }) });
}
