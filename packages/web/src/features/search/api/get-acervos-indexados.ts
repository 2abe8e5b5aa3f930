import { searchEndpoints } from '@estante/contracts/search';
import { useQuery } from '@tanstack/react-query';
import { apiAnonymous } from '../../../api/client';

/** `GET /consulta/acervos-indexados` for a results page: the serials among them with indexed articles. */
export function useAcervosIndexados(ids: number[]) {
  const list = ids.join(',');
  return useQuery({
    queryKey: ['consulta', 'acervos-indexados', list],
    queryFn: ({ signal }) => apiAnonymous(searchEndpoints.indexedTitles, { query: { acervos: list } }, signal),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });
}
