import { linksEndpoints } from '@estante/contracts/links';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

const KEY = ['meu-pergamum', 'redirect'] as const;

/**
 * `GET /pessoas/meu-pergamum/redirect`: where the patron's account area opens, and its address
 * (spec §7 "generate the access URL for the account area"). An external address carries a
 * one-time token, so it is asked for when the patron goes there, not kept.
 */
export const accountAreaQuery = queryOptions({ queryKey: KEY, queryFn: ({ signal }) => api(linksEndpoints.accountRedirect, {}, signal), staleTime: 0 });

export function useAccountArea() {
  return useQuery(accountAreaQuery);
}

/** The account area's address now (a fresh one-time token when it is the external one). */
export function fetchAccountArea() {
  return api(linksEndpoints.accountRedirect);
}

/** `PUT /pessoas/meu-pergamum/redirect-base`: the patron chooses where the account area opens. */
export function useChooseAccountArea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (base: 'interna' | 'externa') => api(linksEndpoints.accountBase, { body: { base } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
