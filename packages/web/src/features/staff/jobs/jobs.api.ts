import { type execucaoSchema, jobsEndpoints, operationsEndpoints } from '@estante/contracts/jobs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { api } from '../../../api/client';

/** One run of a job, as the runs call answers it (the contract names no type for it). */
export type Execucao = z.infer<typeof execucaoSchema>;

/** pg-boss's states of a run not over yet: waiting for a worker, under way, or waiting to be tried again. */
export const UNDER_WAY_STATES: readonly string[] = ['created', 'active', 'retry'];
/** How often an opened job's runs are read again while one of them is not over. */
export const RUNS_POLL_MS = 2_000;

/** `GET /api/equipe/tarefas`: read again every half minute while the page is open (a run may end meanwhile). */
const jobsQuery = queryOptions({
  queryKey: ['equipe', 'tarefas'],
  queryFn: ({ signal }) => api(jobsEndpoints.list, {}, signal),
  refetchInterval: 30_000,
});

export function useJobs() {
  return useQuery(jobsQuery);
}

/** Whether any of `runs` is not over yet (queued, running or to be retried). */
export function anyUnderWay(runs: readonly Execucao[] | undefined): boolean {
  return (runs ?? []).some((run) => UNDER_WAY_STATES.includes(run.estado));
}

/** The query key of a job's runs (below the list's: a run asked for refreshes both). */
const runsKey = (nome: string) => [...jobsQuery.queryKey, 'execucoes', nome] as const;

/**
 * `GET /api/equipe/tarefas/:nome/execucoes`: a job's latest runs, newest first, asked only while
 * `nome` is given (the job opened); read again every 2 s while one of them is not over, not otherwise.
 */
export function useJobRuns(nome: string | null) {
  return useQuery({
    queryKey: runsKey(nome ?? ''),
    queryFn: ({ signal }) => api(operationsEndpoints.runs, { params: { nome: nome! } }, signal),
    enabled: nome !== null,
    refetchInterval: (query) => (anyUnderWay(query.state.data) ? RUNS_POLL_MS : false),
  });
}

/** The jobs list read again (a run of one of them just ended: its last run and queue changed). */
export function useRefreshJobs(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: jobsQuery.queryKey, exact: true }), [client]);
}

/**
 * `POST /api/equipe/tarefas/:nome/execucoes`: runs a job now (queued; a free worker takes it within
 * seconds); answers its name and queue. The list and that job's runs are read again.
 */
export function useRunNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nome: string) => api(operationsEndpoints.runNow, { params: { nome } }),
    onSuccess: ({ nome }) =>
      Promise.all([client.invalidateQueries({ queryKey: jobsQuery.queryKey, exact: true }), client.invalidateQueries({ queryKey: runsKey(nome) })]),
  });
}
