import { accountEndpoints } from '@estante/contracts/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

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
