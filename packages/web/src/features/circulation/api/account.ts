import { accountEndpoints, endpointUrl } from '@estante/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../api/client';

/** `GET /api/emprestimo/debitos-pendentes`. */
export function useDebts() {
  return useQuery(queryOptions({ queryKey: ['debitos'], queryFn: ({ signal }) => api(accountEndpoints.debts, {}, signal) }));
}

/** `POST /unidade-informacao/gru`: the payment slip of every open debt, downloaded. */
export const downloadPaymentSlip = () => downloadFile(endpointUrl(accountEndpoints.paymentSlip), {});

/** `GET /pessoas/afastamentos`. */
export function useDeviations() {
  return useQuery(queryOptions({ queryKey: ['afastamentos'], queryFn: ({ signal }) => api(accountEndpoints.deviations, {}, signal) }));
}

/** `GET /unidade-informacao/nada-consta/verifica`. */
export function useNoDebtsCheck() {
  return useQuery(queryOptions({ queryKey: ['nada-consta'], queryFn: ({ signal }) => api(accountEndpoints.noDebtsCheck, {}, signal) }));
}

/** `POST /unidade-informacao/nada-consta`: issues the declaration; the check and the deviations are read again. */
export function useIssueNoDebts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(accountEndpoints.issueNoDebts),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['nada-consta'] });
      void client.invalidateQueries({ queryKey: ['afastamentos'] });
    },
  });
}

export const downloadDeclaration = (codigo: string) => downloadFile(endpointUrl(accountEndpoints.declarationPdf, { params: { codigo } }));
export const mailDeclaration = () => api(accountEndpoints.mailDeclaration);

/** `GET /api/emprestimo/token` and `POST` for a new one. */
export function useLoanToken() {
  return useQuery(queryOptions({ queryKey: ['token-emprestimo'], queryFn: ({ signal }) => api(accountEndpoints.loanToken, {}, signal) }));
}
export function useNewLoanToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(accountEndpoints.newLoanToken),
    onSuccess: (token) => client.setQueryData(['token-emprestimo'], token),
  });
}
