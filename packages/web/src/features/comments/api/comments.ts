import { commentsEndpoints, lookupsEndpoints } from '@estante/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

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

/** `GET /comentarios/usuario/acervo/{id}`: the signed-in patron's own comments, pending ones too. */
export function useMyComments(id: number, signedIn: boolean) {
  return useQuery({
    queryKey: ['comentarios', id, 'meus'],
    queryFn: ({ signal }) => api(commentsEndpoints.mineOnTitle, { params: { id: String(id) } }, signal),
    enabled: signedIn,
  });
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

/** `DELETE /comentarios/usuario/{id}` (only while under moderation). */
export function useDeleteComment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (codComentario: number) => api(commentsEndpoints.deleteMine, { params: { id: String(codComentario) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['comentarios', id] }),
  });
}
