import { LOAN_REQUEST_FILTERS, loanRequestQueueEndpoints, type SolicitacaoFila } from '@estante/contracts/circulation';
import { type PedidoFila, type RequestStatus, type RequestType, REQUEST_FILTERS, requestsEndpoints } from '@estante/contracts/requests';
import { endpointUrl } from '@estante/contracts/kernel';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Every query of the queue starts with this key: a write on a request reads them all again (the list and the counts). */
const QUEUE = ['solicitacoes-balcao'] as const;

/** What the queue is filtered by: the kind, the status (or all), the library (or all). */
export interface QueueFilter {
  tipo: RequestType;
  status: (typeof REQUEST_FILTERS)[number];
  biblioteca: number | null;
}

/** `GET /api/solicitacoes/balcao/fila`: the requests of a kind, status and library, oldest first. */
export function useQueue(filter: QueueFilter) {
  const { tipo, status, biblioteca } = filter;
  return useQuery(
    queryOptions({
      queryKey: [...QUEUE, 'fila', tipo, status, biblioteca ?? 'todas'],
      queryFn: ({ signal }) => api(requestsEndpoints.queue, { query: { tipo, status, ...(biblioteca === null ? {} : { biblioteca }) } }, signal),
    }),
  );
}

/** `GET /api/solicitacoes/balcao/contagem`: how many requests of each kind are open (the menu's counts). */
export function useQueueCounts() {
  return useQuery(queryOptions({ queryKey: [...QUEUE, 'contagem'], queryFn: ({ signal }) => api(requestsEndpoints.queueCounts, {}, signal) }));
}

/** `GET /api/solicitacoes/balcao/equipe`: the colleagues a request may be assigned to. */
export function useColleagues() {
  return useQuery(
    queryOptions({ queryKey: ['solicitacoes-equipe'], queryFn: ({ signal }) => api(requestsEndpoints.colleagues, {}, signal), staleTime: 5 * 60_000 }),
  );
}

/**
 * A write on a request, which answers the request: shown at once as answered wherever its queue
 * (`queue`, the balcão's by default) lists it, then the queue and its counts are read again when
 * it ends, done or refused (a colleague may have got there first).
 */
function useQueueWrite<I, R extends { cod_solicitacao: number } = PedidoFila>(write: (input: I) => Promise<R>, queue: readonly string[] = QUEUE) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (request) => {
      client.setQueriesData<R[]>({ queryKey: [...queue, 'fila'] }, (list) => list?.map((r) => (r.cod_solicitacao === request.cod_solicitacao ? request : r)));
    },
    onSettled: () => client.invalidateQueries({ queryKey: queue }),
  });
}

/** A status change as the screen sends it: the new status, the library's note, a catalogue sheet's classification and author mark. */
export interface Change {
  situacao: RequestStatus;
  nota?: string;
  classificacao?: string;
  cutter?: string;
}

/** `PUT /api/solicitacoes/balcao/:id`: moves a request on, with a note (the patron is e-mailed); answers the request. */
export function useChangeRequest() {
  return useQueueWrite(({ id, body }: { id: number; body: Change }) => api(requestsEndpoints.change, { params: { id }, body }));
}

/** `PUT /api/solicitacoes/balcao/:id/responsavel`: assigns a request to a colleague, or to nobody (null); answers the request. */
export function useAssignRequest() {
  return useQueueWrite(({ id, codPessoa }: { id: number; codPessoa: number | null }) =>
    api(requestsEndpoints.assign, { params: { id }, body: { cod_pessoa: codPessoa } }),
  );
}

/** `POST /api/solicitacoes/balcao/:id/ficha-previa`'s address: a catalogue sheet as it would be released (a PDF, fetched by downloadFile). */
export const sheetPreviewPath = (id: number) => endpointUrl(requestsEndpoints.sheetPreview, { params: { id } });

/** Every query of the loan requests' queue starts with this key: a move reads them all again (the list and the count). */
const LOAN_QUEUE = ['solicitacoes-emprestimo-fila'] as const;

/** What the loan requests' queue is filtered by: the status (or all), the receiving library (or all). */
export interface LoanQueueFilter {
  status: (typeof LOAN_REQUEST_FILTERS)[number];
  biblioteca: number | null;
}

/** `GET /api/circulacao/solicitacoes-emprestimo/fila`: the loan requests of a status and receiving library, oldest first. */
export function useLoanQueue(filter: LoanQueueFilter) {
  const { status, biblioteca } = filter;
  return useQuery(
    queryOptions({
      queryKey: [...LOAN_QUEUE, 'fila', status, biblioteca ?? 'todas'],
      queryFn: ({ signal }) => api(loanRequestQueueEndpoints.queue, { query: { status, ...(biblioteca === null ? {} : { biblioteca }) } }, signal),
    }),
  );
}

/** `GET /api/circulacao/solicitacoes-emprestimo/fila/contagem`: how many loan requests are open (the tab's count). */
export function useLoanOpenCount() {
  return useQuery(queryOptions({ queryKey: [...LOAN_QUEUE, 'contagem'], queryFn: ({ signal }) => api(loanRequestQueueEndpoints.openCount, {}, signal) }));
}

/** The statuses a loan request may be moved to: all but awaiting, where it starts. */
export type LoanMoveStatus = Exclude<SolicitacaoFila['situacao'], 'aguardando'>;

/** `PUT /api/circulacao/solicitacoes-emprestimo/:id`: moves a loan request one step on (409 when out of order); answers the request. */
export function useMoveLoanRequest() {
  return useQueueWrite(
    ({ id, situacao }: { id: number; situacao: LoanMoveStatus }) => api(loanRequestQueueEndpoints.move, { params: { id }, body: { situacao } }),
    LOAN_QUEUE,
  );
}
