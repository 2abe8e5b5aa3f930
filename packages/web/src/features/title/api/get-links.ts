import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';

export interface TitleLink {
  url: string;
  descricao: string | null;
  tipo: 'recurso' | 'capa' | 'relacionado';
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
