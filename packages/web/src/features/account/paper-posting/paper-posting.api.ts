import { linksEndpoints } from '@estante/contracts/links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The institutional repository among the configured providers (`GET /vinculos/provedores`), or null. */
export function useRepository() {
  return useQuery(
    queryOptions({
      queryKey: ['vinculos', 'provedores', true],
      queryFn: ({ signal }) => api(linksEndpoints.providers, {}, signal),
      staleTime: 5 * 60_000,
      select: (providers) => providers.find((p) => p.recurso === 'repositorio') ?? null,
    }),
  );
}

/** `POST /pessoas/postagem-trabalho/redirect`: the repository's address, with the patron's one-time token. */
export function paperPostingAddress() {
  return api(linksEndpoints.paperPosting);
}
