import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';

export interface TitleLink {
  /** Null for a restricted link: ask for it with openRestricted. */
  url: string | null;
  descricao: string | null;
  tipo: 'recurso' | 'capa' | 'relacionado';
  restrito: boolean;
  seq: number;
}

/** `GET /acervo/{id}/links`: online links (the resource, related pages, the cover). */
export function linksQuery(id: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'links'],
    queryFn: ({ signal }) => apiCall<TitleLink[]>('GET', `/acervo/${id}/links`, undefined, signal),
    staleTime: 5 * 60_000,
  });
}

export function useLinks(id: number) {
  return useQuery(linksQuery(id));
}

/** `POST /vinculos/estatistica-acesso`: counts a followed link; failures are ignored (spec §7). */
export function countLinkAccess(codAcervo: number, url: string): void {
  apiCall('POST', '/vinculos/estatistica-acesso', { cod_acervo: codAcervo, url, browser: navigator.userAgent.slice(0, 100) }).catch(() => undefined);
}

/** `POST /vinculos/acesso-restrito/{acervo}/s/{seq}`: a restricted link's address, for a signed-in patron. */
export function fetchRestricted(codAcervo: number, seq: number): Promise<{ url: string }> {
  return apiCall<{ url: string }>('POST', `/vinculos/acesso-restrito/${codAcervo}/s/${seq}`, { browser: navigator.userAgent.slice(0, 100) });
}
