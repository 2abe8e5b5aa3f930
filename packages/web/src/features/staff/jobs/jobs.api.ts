import { jobsEndpoints } from '@estante/contracts/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /api/equipe/tarefas`: read again every half minute while the page is open (a run may end meanwhile). */
export function useJobs() {
  return useQuery(queryOptions({ queryKey: ['equipe', 'tarefas'], queryFn: ({ signal }) => api(jobsEndpoints.list, {}, signal), refetchInterval: 30_000 }));
}
