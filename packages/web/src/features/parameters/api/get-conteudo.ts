import type { Conteudo } from '@estante/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

export type PageKey = 'secao_1' | 'secao_2' | 'informacoes_gerais';

export const conteudoQuery = (chave: PageKey) =>
  queryOptions({
    queryKey: ['parametros', chave],
    queryFn: ({ signal }) => apiGet<Conteudo>(`/parametros/${chave}`, signal),
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
    queryFn: ({ signal }) => apiGet<Conteudo>(`/parametros/atividade/${codAtividade}/informativo`, signal),
    staleTime: 10 * 60_000,
  });
}
