import { useQueries } from '@tanstack/react-query';
import { myCommentsQuery, useMyCommentedTitles } from '../../../api/my-comments';

export { useDeleteComment } from '../../../api/my-comments';

/**
 * The patron's comments on every title they commented on, newest first: `GET
 * /comentarios/usuario/acervos`, then `GET /comentarios/usuario/acervo/{id}` for each title (the
 * API has no single list), the same cache entries the title page reads.
 */
export function useAllMyComments() {
  const titles = useMyCommentedTitles();
  const perTitle = useQueries({ queries: (titles.data ?? []).map((title) => myCommentsQuery(title.cod_acervo)) });
  const data =
    titles.data && perTitle.every((q) => q.data)
      ? perTitle.flatMap((q) => q.data!).sort((a, b) => b.data_envio.localeCompare(a.data_envio) || b.cod_comentario - a.cod_comentario)
      : undefined;
  return {
    isPending: titles.isPending || perTitle.some((q) => q.isPending),
    isError: titles.isError || perTitle.some((q) => q.isError),
    data,
  };
}
