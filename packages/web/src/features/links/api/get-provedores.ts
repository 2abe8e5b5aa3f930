import { linksEndpoints, type Provedor } from '@estante/contracts/links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /vinculos/provedores`: the providers the institution configured (for a patron, whether they may use each). */
export const providersQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: ['vinculos', 'provedores', signedIn],
    queryFn: ({ signal }) => api(linksEndpoints.providers, {}, signal),
    staleTime: 5 * 60_000,
  });

/** The configured providers; `enabled` false asks for nothing (a page that needs them only sometimes). */
export function useProviders(signedIn: boolean, enabled = true) {
  return useQuery({ ...providersQuery(signedIn), enabled });
}

/** The configured provider with that key, if any. */
export function findProvider(providers: Provedor[] | undefined, recurso: string): Provedor | undefined {
  return providers?.find((p) => p.recurso === recurso);
}
