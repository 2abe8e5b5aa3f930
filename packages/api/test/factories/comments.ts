import type { Db } from '../../src/db/client.js';
import { comments } from '../../src/db/schema/index.js';

type CommentInsert = typeof comments.$inferInsert;

/** A patron's comment on a title, waiting for moderation unless said otherwise. Answers its number. */
export async function createComment(db: Db, comment: Pick<CommentInsert, 'codAcervo' | 'codPessoa' | 'codBiblioteca' | 'texto'> & Partial<CommentInsert>) {
  const [row] = await db.insert(comments).values(comment).returning({ codComentario: comments.codComentario });
  return row!.codComentario;
}
