import {
  type ConsultaResponse,
  consultaQueryFromParams,
  isEmptyTargetQuery,
  type SearchState,
  searchEndpoints,
  searchStateToParams,
} from '@estante/contracts/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiAnonymous } from '../../../api/client';

/**
 * `GET /consulta` for a search state; the previous page stays on screen while the next loads.
 * A target_gedweb search without words is empty without a call (spec §5).
 */
export function consultaQuery(state: SearchState) {
  const params = searchStateToParams(state);
  return queryOptions({
    queryKey: ['consulta', params.toString()],
    queryFn: ({ signal }) =>
      isEmptyTargetQuery(consultaQueryFromParams(params))
        ? Promise.resolve<ConsultaResponse>({ total: 0, pagina: state.pagina, quantPag: state.quantPag, acervos: [], facetas: [], filtros: [] })
        : apiAnonymous(searchEndpoints.search, { query: params }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useConsulta(state: SearchState) {
  return useQuery(consultaQuery(state));
}
