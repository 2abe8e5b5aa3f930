import { interestEndpoints } from '@estante/contracts/interest';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /api/perfil-interesse/titulos`: the last month, or the period given. */
export function useProfileTitles(period: { dataIni: string; dataFim: string } | null) {
  return useQuery(
    queryOptions({
      queryKey: ['perfil-interesse', 'titulos', period],
      queryFn: ({ signal }) => api(interestEndpoints.titles, { query: period ?? {} }, signal),
    }),
  );
}
