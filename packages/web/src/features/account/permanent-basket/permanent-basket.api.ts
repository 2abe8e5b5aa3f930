import { basketEndpoints } from '@estante/contracts/basket';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Period } from '../period-form';

/** The permanent basket's cache key; the basket page's "keep" (POST /acervo/cesta-permanente) refreshes it too. */
const PERMANENT = ['cesta-permanente'];

/** `GET /api/acervo/cesta-permanente/colecao`: all the patron's kept titles, or those kept in a period. */
export function usePermanentBasket(period: Period | null) {
  return useQuery({
    queryKey: [...PERMANENT, period],
    queryFn: ({ signal }) =>
      api(
        basketEndpoints.collection,
        { query: period ? { tipoBusca: 'periodo', dataIni: period.dataIni, dataFim: period.dataFim } : { tipoBusca: 'todos' } },
        signal,
      ),
  });
}

/** `DELETE /api/acervo/cesta-permanente/{id}`. */
export function useDropPermanent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(basketEndpoints.drop, { params: { id: String(id) } }),
    onSettled: () => client.invalidateQueries({ queryKey: PERMANENT }),
  });
}
