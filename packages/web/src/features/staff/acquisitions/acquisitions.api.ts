import {
  type acaoSugestaoSchema,
  acquisitionsEndpoints,
  type novoPedidoCompraSchema,
  type Orcamento,
  type SugestaoEquipe,
  type SuggestionStatus,
} from '@estante/contracts/acquisitions';
import { newSearchState, searchEndpoints, searchRow, searchStateToParams } from '@estante/contracts/search';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api, apiAnonymous } from '../../../api/client';

/** What the library does to a suggestion, as a form sends it (before the contract's trimming). */
export type ActBody = z.input<typeof acaoSugestaoSchema>;

/** Every query of the section starts with this key: a write on a suggestion or an order reads them all again (queue, orders, budgets). */
const ROOT = ['aquisicao-balcao'] as const;

/** What the queue is filtered by, as the query string carries it (every field optional: absent is "all"). */
export interface QueueFilter {
  situacao?: SuggestionStatus;
  /** A library's number, as text. */
  biblioteca?: string;
  /** The requester's category code. */
  categoria?: string;
  dataIni?: string;
  dataFim?: string;
}

/** `GET /api/aquisicao/balcao/sugestoes`: the suggestions as filtered, oldest first. */
export function useQueue(filter: QueueFilter, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...ROOT, 'sugestoes', filter],
      queryFn: ({ signal }) => api(acquisitionsEndpoints.queue, { query: filter }, signal),
      enabled,
    }),
  );
}

/** `GET /aquisicao/sugestoes/situacao`: the statuses named in the interface language. */
export function useStatuses() {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: [...ROOT, 'situacao', i18n.language],
      queryFn: ({ signal }) => api(acquisitionsEndpoints.statuses, {}, signal),
      staleTime: Infinity,
    }),
  );
}

/** A status's name as the API gives it in the interface language (its code while the names load). */
export function useStatusName(): (situacao: SuggestionStatus) => string {
  const statuses = useStatuses();
  return (situacao) => statuses.data?.find((s) => s.codigo === situacao)?.descricao ?? situacao;
}

/**
 * `PUT /api/aquisicao/balcao/sugestoes/:id`: takes up, quotes, negotiates, refuses or receives a
 * suggestion (the patron is e-mailed); answers the suggestion, shown at once wherever a queue
 * lists it, then everything is read again (an order's items and the budgets move with it).
 */
export function useAct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ActBody }) => api(acquisitionsEndpoints.act, { params: { id }, body }),
    onSuccess: (suggestion) => {
      client.setQueriesData<SugestaoEquipe[]>({ queryKey: [...ROOT, 'sugestoes'] }, (list) =>
        list?.map((s) => (s.codigo === suggestion.codigo ? suggestion : s)),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}

/** `GET /api/aquisicao/balcao/pedidos`: the purchase orders (of a library, when given), open first then newest. */
export function useOrders(biblioteca: string) {
  return useQuery(
    queryOptions({
      queryKey: [...ROOT, 'pedidos', biblioteca || 'todas'],
      queryFn: ({ signal }) => api(acquisitionsEndpoints.staffOrders, { query: biblioteca ? { biblioteca } : {} }, signal),
    }),
  );
}

/** `POST /api/aquisicao/balcao/pedidos`: a purchase order of suggestions of one library (each patron is e-mailed). */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof novoPedidoCompraSchema>) => api(acquisitionsEndpoints.order, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}

/** `PUT /api/aquisicao/balcao/pedidos/:id/encerrar`: closes an order (what was partly delivered finishes incomplete, the rest not attended). */
export function useCloseOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(acquisitionsEndpoints.closeOrder, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}

/** `GET /api/aquisicao/balcao/orcamentos`: every library's budget for a year, with what is committed and spent. */
export function useBudgets(ano: number) {
  return useQuery(
    queryOptions({
      queryKey: [...ROOT, 'orcamentos', ano],
      queryFn: ({ signal }) => api(acquisitionsEndpoints.budgets, { query: { ano } }, signal),
    }),
  );
}

/** `PUT /api/aquisicao/balcao/orcamentos/:biblioteca/:ano`: sets a library's budget for a year; answers the row, shown at once. */
export function useSetBudget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ biblioteca, ano, valor }: { biblioteca: number; ano: number; valor: string }) =>
      api(acquisitionsEndpoints.setBudget, { params: { biblioteca, ano }, body: { valor } }),
    onSuccess: (budget) => {
      client.setQueryData<Orcamento[]>([...ROOT, 'orcamentos', budget.ano], (list) =>
        list?.map((b) => (b.cod_biblioteca === budget.cod_biblioteca ? budget : b)),
      );
    },
    onSettled: (_budget, _error, { ano }) => client.invalidateQueries({ queryKey: [...ROOT, 'orcamentos', ano] }),
  });
}

/** How many titles the title search lists. */
const TITLE_SEARCH_SIZE = 10;

/**
 * `GET /consulta`: the catalogue's own titles matching the words (a partner network's records are
 * left out: a suggestion links a title the library holds), for the title search of a refusal or
 * a delivery; nothing is asked until there are words.
 */
export function useTitleSearch(words: string) {
  return useQuery(
    queryOptions({
      queryKey: ['aquisicao-titulos', words],
      queryFn: async ({ signal }) => {
        const query = searchStateToParams(newSearchState({ linhas: [searchRow(words)], quantPag: TITLE_SEARCH_SIZE, exato: true }));
        const found = await apiAnonymous(searchEndpoints.search, { query }, signal);
        return found.acervos.filter((title) => !title.instituicao);
      },
      enabled: words !== '',
      staleTime: 60_000,
    }),
  );
}
