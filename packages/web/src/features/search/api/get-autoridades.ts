import { type AuthorityType, lookupsEndpoints } from '@estante/contracts/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export interface AuthorityQuery {
  text: string;
  tipo: AuthorityType | null;
  page: number;
}

/** A page of authority headings (the authorities guide); `enabled` once a search is asked for. */
export function useAutoridades(query: AuthorityQuery, enabled: boolean) {
  const params = new URLSearchParams();
  if (query.text.trim()) params.set('search_text', query.text.trim());
  if (query.tipo) params.set('tipo', query.tipo);
  if (query.page > 1) params.set('page', String(query.page));
  return useQuery({
    queryKey: ['consulta', 'autoridades', params.toString()],
    queryFn: ({ signal }) => api(lookupsEndpoints.authorities, { query: params }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
