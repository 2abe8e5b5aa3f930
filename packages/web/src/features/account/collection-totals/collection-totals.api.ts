import { collectionEndpoints } from '@estante/contracts/collection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The titles and copies acquired in a period (at one library), once a period is given. */
export type TotalsQuery = { dataIni: string; dataFim: string; biblioteca?: string };

/** `GET …/meu-pergamum/totais-acervo`. */
export function useCollectionTotals(query: TotalsQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: ['totais-acervo', query],
      queryFn: ({ signal }) => api(collectionEndpoints.totals, { query: query! }, signal),
      enabled: query !== null,
    }),
  );
}
