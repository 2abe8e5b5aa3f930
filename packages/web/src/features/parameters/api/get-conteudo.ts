import { PAGE_ENDPOINTS, parametersEndpoints } from '@estante/contracts/parameters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export type PageKey = keyof typeof PAGE_ENDPOINTS;

export const conteudoQuery = (chave: PageKey) =>
  queryOptions({
    queryKey: ['parametros', chave],
    queryFn: ({ signal }) => api(PAGE_ENDPOINTS[chave], {}, signal),
    staleTime: 10 * 60_000,
  });

/** One of the institution's pages (null when it wrote none). */
export function useConteudo(chave: PageKey) {
  return useQuery(conteudoQuery(chave));
}

/** An activity's informativo: what the institution says about the feature (null when nothing); fetched once `enabled`. */
export function useInformativo(codAtividade: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['parametros', 'atividade', codAtividade, 'informativo'],
    queryFn: ({ signal }) => api(parametersEndpoints.activityNote, { params: { id: String(codAtividade) } }, signal),
    staleTime: 10 * 60_000,
  });
}
