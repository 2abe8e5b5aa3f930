import { type ComentarioModeracao, moderationEndpoints } from '@estante/contracts/comments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Every moderation query starts with this key. */
const MODERATION = ['moderacao'] as const;
/** The comments' two lists (awaiting approval, published): a write reads both again. */
const COMMENTS = [...MODERATION, 'comentarios'] as const;

/** Which list of comments: awaiting approval (oldest first) or published (newest first). */
export type Situacao = 'pendente' | 'publicado';

function commentsQuery(situacao: Situacao) {
  return queryOptions({
    queryKey: [...COMMENTS, situacao],
    queryFn: ({ signal }) => api(moderationEndpoints.comments, { query: { situacao } }, signal),
  });
}

/** `GET /api/moderacao/comentarios?situacao=`: the comments awaiting approval, or the published ones. */
export function useModerationComments(situacao: Situacao) {
  return useQuery(commentsQuery(situacao));
}

/** `GET /api/moderacao/comentarios-gerais`: the latest general comments sent from the footer form. */
export function useGeneralComments() {
  return useQuery(
    queryOptions({ queryKey: [...MODERATION, 'comentarios-gerais'], queryFn: ({ signal }) => api(moderationEndpoints.generalComments, {}, signal) }),
  );
}

/** `GET /api/moderacao/sugestoes`: the latest acquisition suggestions sent from the footer form. */
export function useReceivedSuggestions() {
  return useQuery(queryOptions({ queryKey: [...MODERATION, 'sugestoes'], queryFn: ({ signal }) => api(moderationEndpoints.suggestions, {}, signal) }));
}

/**
 * A write on a comment of the list `from`: done, the comment leaves that list at once, or, when
 * the write answers the comment as it stays there (`stays`), shows as answered; both lists are
 * read again when it ends, done or refused (another moderator may have got there first).
 */
function useCommentWrite<I extends { id: number }, O>(write: (input: I) => Promise<O>, from: Situacao, stays?: (output: O) => ComentarioModeracao) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (output, input) => {
      client.setQueryData(commentsQuery(from).queryKey, (list) =>
        stays ? list?.map((c) => (c.cod_comentario === input.id ? stays(output) : c)) : list?.filter((c) => c.cod_comentario !== input.id),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: COMMENTS }),
  });
}

/** `POST /api/moderacao/comentarios/:id/aprovar`: publishes a comment awaiting approval. */
export function useApproveComment() {
  return useCommentWrite(({ id }: { id: number }) => api(moderationEndpoints.approve, { params: { id } }), 'pendente');
}

/** `POST /api/moderacao/comentarios/:id/rejeitar`: rejects (deletes) a comment awaiting approval, with a reason. */
export function useRejectComment() {
  return useCommentWrite(({ id, motivo }: { id: number; motivo: string }) => api(moderationEndpoints.reject, { params: { id }, body: { motivo } }), 'pendente');
}

/** `PUT /api/moderacao/comentarios/:id`: changes a comment's text awaiting approval (to edit out a name), with a reason. */
export function useEditComment() {
  return useCommentWrite(
    ({ id, texto, motivo }: { id: number; texto: string; motivo: string }) => api(moderationEndpoints.edit, { params: { id }, body: { texto, motivo } }),
    'pendente',
    (comment) => comment,
  );
}

/** `POST /api/moderacao/comentarios/:id/despublicar`: takes a published comment off its title page, with a reason. */
export function useUnpublishComment() {
  return useCommentWrite(
    ({ id, motivo }: { id: number; motivo: string }) => api(moderationEndpoints.unpublish, { params: { id }, body: { motivo } }),
    'publicado',
  );
}
