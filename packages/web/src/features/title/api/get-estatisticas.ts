import type { DadosEstatisticos } from '@estante/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';

/** `GET /acervo/{id}/dados-estatisticos/anos`: years with loans, newest first. */
export function statisticsYearsQuery(id: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'estatisticas'],
    queryFn: ({ signal }) => apiCall<number[]>('GET', `/acervo/${id}/dados-estatisticos/anos`, undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** `GET /acervo/{id}/dados-estatisticos/dados/{year}`: loans per month. */
export function statisticsQuery(id: number, year: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'estatisticas', year],
    queryFn: ({ signal }) => apiCall<DadosEstatisticos>('GET', `/acervo/${id}/dados-estatisticos/dados/${year}`, undefined, signal),
    staleTime: 5 * 60_000,
  });
}

export function useStatisticsYears(id: number) {
  return useQuery(statisticsYearsQuery(id));
}

export function useStatistics(id: number, year: number | null) {
  return useQuery({ ...statisticsQuery(id, year ?? 0), enabled: year !== null });
}
