import { commentsEndpoints } from '@estante/contracts/comments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/**
 * The signed-in patron's own comments, shared by the title page's comments and Meu Pergamum's
 * "Meus comentários": the same calls and cache keys, so a comment deleted in one place is gone
 * from the other (features do not import each other; both import this).
 */
const COMMENTS = ['comentarios'];

/** `GET /comentarios/usuario/acervo/{id}`: the patron's comments on a title, pending ones too. */
export function myCommentsQuery(id: number) {
  return queryOptions({
    queryKey: [...COMMENTS, id, 'meus'],
    queryFn: ({ signal }) => api(commentsEndpoints.mineOnTitle, { params: { id: String(id) } }, signal),
  });
}

export function useMyComments(id: number, signedIn: boolean) {
  return useQuery({ ...myCommentsQuery(id), enabled: signedIn });
}

/** `GET /comentarios/usuario/acervos`: the titles the patron commented on, with their counts. */
export function useMyCommentedTitles() {
  return useQuery({
    queryKey: [...COMMENTS, 'usuario'],
    queryFn: ({ signal }) => api(commentsEndpoints.myTitles, {}, signal),
  });
}

/**
 * `DELETE /comentarios/usuario/{id}` (only while under moderation); refreshes every comment list,
 * after a refusal too (a 409: the library approved it meanwhile, and the lists say so).
 */
export function useDeleteComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (codComentario: number) => api(commentsEndpoints.deleteMine, { params: { id: String(codComentario) } }),
    onSettled: () => client.invalidateQueries({ queryKey: COMMENTS }),
  });
}
