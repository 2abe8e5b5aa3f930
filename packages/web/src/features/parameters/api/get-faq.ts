import { parametersEndpoints } from '@estante/contracts/parameters';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /parametros/faq`. */
export function useFaq() {
  return useQuery({ queryKey: ['parametros', 'faq'], queryFn: ({ signal }) => api(parametersEndpoints.faq, {}, signal), staleTime: 10 * 60_000 });
}
