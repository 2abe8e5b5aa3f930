import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchEndpoints } from '@estante/contracts';
import { api } from './client';

export const imagemPadraoQuery = queryOptions({
  queryKey: ['consulta', 'imagem-padrao'],
  queryFn: ({ signal }) => api(searchEndpoints.defaultCover, {}, signal),
  staleTime: Infinity,
});

/** The default cover for titles without one (a data URL), or undefined while it loads. */
export function useImagemPadrao(): string | undefined {
  return useQuery(imagemPadraoQuery).data?.imagem;
}
