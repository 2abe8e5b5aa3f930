import { unitsEndpoints } from '@estante/contracts/parameters';
import { useQuery } from '@tanstack/react-query';
import { apiAnonymous } from './client';

/** `GET /campus`: every campus. */
export function useCampuses() {
  return useQuery({ queryKey: ['campus'], queryFn: ({ signal }) => apiAnonymous(unitsEndpoints.campuses, {}, signal), staleTime: 10 * 60_000 });
}

/** `GET /unidade-informacao`: the libraries, of one campus when given (the footer forms, the account's library filters). */
export function useLibraries(codCampus?: number) {
  return useQuery({
    queryKey: ['unidade-informacao', codCampus ?? 'todas'],
    queryFn: ({ signal }) => apiAnonymous(unitsEndpoints.libraries, { query: codCampus === undefined ? {} : { campus: String(codCampus) } }, signal),
    staleTime: 10 * 60_000,
  });
}
