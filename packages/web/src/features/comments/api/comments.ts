import { lookupsEndpoints } from '@estante/contracts/catalog';
import { commentsEndpoints } from '@estante/contracts/comments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The patron's own comments (shared with Meu Pergamum's "Meus comentários"). */
export { useDeleteComment, useMyComments } from '../../../api/my-comments';

/** `GET /comentarios/acervo/{id}`: the published comments on a title. */
export function commentsQuery(id: number) {
  return queryOptions({
    queryKey: ['comentarios', id],
    queryFn: ({ signal }) => api(commentsEndpoints.ofTitle, { params: { id: String(id) } }, signal),
    staleTime: 30_000,
  });
}

export function useComments(id: number) {
  return useQuery(commentsQuery(id));
}

/** `GET /consulta/bibliotecas`: the libraries a comment can be addressed to. */
export function useLibraries() {
  return useQuery({
    queryKey: ['consulta', 'bibliotecas', 'todas'],
    queryFn: ({ signal }) => api(lookupsEndpoints.libraries, { query: { page: '1' } }, signal),
    staleTime: Infinity,
  });
}

/** `POST /comentarios/acervo/{id}`; refreshes the patron's list. */
export function usePostComment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { biblioteca: number; texto: string }) => api(commentsEndpoints.post, { params: { id: String(id) }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['comentarios', id] }),
  });
}
