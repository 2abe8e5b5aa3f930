import { acquisitionsEndpoints, type SuggestionStatus } from '@estante/contracts/acquisitions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';

/** What the suggestion list and the statistics are narrowed to (all optional). */
export interface SuggestionFilter {
  dataIni?: string;
  dataFim?: string;
  situacao?: SuggestionStatus;
  biblioteca?: number;
}

export const SUGGESTIONS_KEY = ['aquisicao'];

/** `GET /aquisicao/sugestoes/situacao`: the statuses named in the interface language. */
export function useSuggestionStatuses() {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: [...SUGGESTIONS_KEY, 'situacao', i18n.language],
      queryFn: ({ signal }) => api(acquisitionsEndpoints.statuses, {}, signal),
      staleTime: Infinity,
    }),
  );
}

/** `GET /aquisicao/sugestoes`: the patron's suggestions, newest first. */
export function useSuggestions(filter: SuggestionFilter) {
  const { dataIni, dataFim, situacao } = filter;
  return useQuery(
    queryOptions({
      queryKey: [...SUGGESTIONS_KEY, 'sugestoes', { dataIni, dataFim, situacao }],
      queryFn: ({ signal }) => api(acquisitionsEndpoints.suggestions, { query: { dataIni, dataFim, situacao } }, signal),
    }),
  );
}

/** `GET /aquisicao/estatisticas`: the same suggestions counted by status, library and month. */
export function useSuggestionStatistics(filter: SuggestionFilter) {
  const { dataIni, dataFim, biblioteca } = filter;
  return useQuery(
    queryOptions({
      queryKey: [...SUGGESTIONS_KEY, 'estatisticas', { dataIni, dataFim, biblioteca }],
      queryFn: ({ signal }) =>
        api(acquisitionsEndpoints.statistics, { query: { dataIni, dataFim, biblioteca: biblioteca === undefined ? undefined : String(biblioteca) } }, signal),
    }),
  );
}

/** `GET /aquisicao/pedidos`: the purchase orders that hold the patron's suggestions. */
export function usePurchaseOrders() {
  return useQuery(queryOptions({ queryKey: [...SUGGESTIONS_KEY, 'pedidos'], queryFn: ({ signal }) => api(acquisitionsEndpoints.orders, {}, signal) }));
}
