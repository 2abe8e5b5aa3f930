import { savedEndpoints } from '@estante/contracts/saved';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The saved searches' cache key; saving one from a results page (features/search) refreshes it too. */
const SAVED = ['pesquisas-salvas'];

/** `GET /api/pesquisas-salvas`: the patron's saved searches, newest first. */
export function useSavedSearches() {
  return useQuery({ queryKey: SAVED, queryFn: ({ signal }) => api(savedEndpoints.list, {}, signal) });
}

/** `DELETE /api/pesquisas-salvas/{id}`. */
export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(savedEndpoints.remove, { params: { id: String(id) } }),
    onSettled: () => client.invalidateQueries({ queryKey: SAVED }),
  });
}
