import type { Faq } from '@estante/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

/** `GET /parametros/faq`. */
export function useFaq() {
  return useQuery({ queryKey: ['parametros', 'faq'], queryFn: ({ signal }) => apiGet<Faq>('/parametros/faq', signal), staleTime: 10 * 60_000 });
}
