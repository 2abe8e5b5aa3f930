import type { Afastamento, Debitos, NadaConstaVerifica } from '@estante/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, downloadFile } from '../../../api/client';

/** `GET /api/emprestimo/debitos-pendentes`. */
export function useDebts() {
  return useQuery(queryOptions({ queryKey: ['debitos'], queryFn: ({ signal }) => apiCall<Debitos>('GET', '/api/emprestimo/debitos-pendentes', undefined, signal) }));
}

/** `POST /unidade-informacao/gru`: the payment slip of every open debt, downloaded. */
export const downloadPaymentSlip = () => downloadFile('/unidade-informacao/gru', {});

/** `GET /pessoas/afastamentos`. */
export function useDeviations() {
  return useQuery(queryOptions({ queryKey: ['afastamentos'], queryFn: ({ signal }) => apiCall<Afastamento[]>('GET', '/pessoas/afastamentos', undefined, signal) }));
}

/** `GET /unidade-informacao/nada-consta/verifica`. */
export function useNoDebtsCheck() {
  return useQuery(
    queryOptions({ queryKey: ['nada-consta'], queryFn: ({ signal }) => apiCall<NadaConstaVerifica>('GET', '/unidade-informacao/nada-consta/verifica', undefined, signal) }),
  );
}

/** `POST /unidade-informacao/nada-consta`: issues the declaration; the check and the deviations are read again. */
export function useIssueNoDebts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall<{ codigo: string; emitida_em: string }>('POST', '/unidade-informacao/nada-consta'),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['nada-consta'] });
      void client.invalidateQueries({ queryKey: ['afastamentos'] });
    },
  });
}

export const downloadDeclaration = (codigo: string) => downloadFile(`/unidade-informacao/nada-consta/${codigo}/pdf`);
export const mailDeclaration = () => apiCall<{ enviado: true; email: string }>('POST', '/nada-consta/send-mail');

/** `GET /api/emprestimo/token` and `POST` for a new one. */
export function useLoanToken() {
  return useQuery(
    queryOptions({ queryKey: ['token-emprestimo'], queryFn: ({ signal }) => apiCall<{ valor: string; valido_ate: string } | null>('GET', '/api/emprestimo/token', undefined, signal) }),
  );
}
export function useNewLoanToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall<{ valor: string; valido_ate: string }>('POST', '/api/emprestimo/token'),
    onSuccess: (token) => client.setQueryData(['token-emprestimo'], token),
  });
}
