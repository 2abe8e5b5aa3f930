import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

export const imagemPadraoQuery = queryOptions({
  queryKey: ['consulta', 'imagem-padrao'],
  queryFn: ({ signal }) => apiGet<{ imagem: string }>('/consulta/imagem-padrao', signal),
  staleTime: Infinity,
});

/** The default cover for titles without one (a data URL), or undefined while it loads. */
export function useImagemPadrao(): string | undefined {
  return useQuery(imagemPadraoQuery).data?.imagem;
}
