import { titleEndpoints } from '@estante/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /acervo/{id}/dados-estatisticos/anos`: years with loans, newest first. */
export function statisticsYearsQuery(id: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'estatisticas'],
    queryFn: ({ signal }) => api(titleEndpoints.statisticsYears, { params: { id: String(id) } }, signal),
    staleTime: 5 * 60_000,
  });
}

/** `GET /acervo/{id}/dados-estatisticos/dados/{year}`: loans per month. */
export function statisticsQuery(id: number, year: number) {
  return queryOptions({
    queryKey: ['acervo', id, 'estatisticas', year],
    queryFn: ({ signal }) => api(titleEndpoints.statistics, { params: { id: String(id), ano: String(year) } }, signal),
    staleTime: 5 * 60_000,
  });
}

export function useStatisticsYears(id: number) {
  return useQuery(statisticsYearsQuery(id));
}

export function useStatistics(id: number, year: number | null) {
  return useQuery({ ...statisticsQuery(id, year ?? 0), enabled: year !== null });
}
