import { titleEndpoints } from '@estante/contracts/catalog';
import { type EndpointOutput } from '@estante/contracts/kernel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** One of the title's links; `url` is null for a restricted link: ask for it with fetchRestricted. */
export type TitleLink = EndpointOutput<typeof titleEndpoints.links>[number];

/** `GET /acervo/{id}/links`: online links (the resource, related pages, the cover). */
export function linksQuery(id: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'links'],
    queryFn: ({ signal }) => api(titleEndpoints.links, { params: { id: String(id) } }, signal),
    staleTime: 5 * 60_000,
  });
}

export function useLinks(id: number) {
  return useQuery(linksQuery(id));
}

/** `POST /vinculos/estatistica-acesso`: counts a followed link; failures are ignored (spec §7). */
export function countLinkAccess(codAcervo: number, url: string): void {
  api(titleEndpoints.linkAccess, { body: { cod_acervo: codAcervo, url, browser: navigator.userAgent.slice(0, 100) } }).catch(() => undefined);
}

/** `POST /vinculos/acesso-restrito/{acervo}/s/{seq}`: a restricted link's address, for a signed-in patron. */
export function fetchRestricted(codAcervo: number, seq: number) {
  return api(titleEndpoints.restrictedLink, { params: { acervo: String(codAcervo), seq: String(seq) }, body: { browser: navigator.userAgent.slice(0, 100) } });
}
