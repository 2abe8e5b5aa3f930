import { accountEndpoints } from '@estante/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /pessoas/afastamentos`. */
export function useDeviations() {
  return useQuery(queryOptions({ queryKey: ['afastamentos'], queryFn: ({ signal }) => api(accountEndpoints.deviations, {}, signal) }));
}
