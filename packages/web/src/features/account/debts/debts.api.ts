import { accountEndpoints } from '@estante/contracts/account';
import { endpointUrl } from '@estante/contracts/kernel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '../../../api/client';

/** `GET /api/emprestimo/debitos-pendentes`. */
export function useDebts() {
  return useQuery(queryOptions({ queryKey: ['debitos'], queryFn: ({ signal }) => api(accountEndpoints.debts, {}, signal) }));
}

/** `POST /unidade-informacao/gru`: the payment slip of every open debt, downloaded. */
export const downloadPaymentSlip = () => downloadFile(endpointUrl(accountEndpoints.paymentSlip), {});
