import type { Comentario, MeuComentario } from '@estante/contracts/comments';
import type { Db } from '../../db/client.js';
import { errors } from './comments.messages.js';
import { titleExists } from '../catalog/title.service.js';
import { institutionNumber, isActivityEnabled } from '../parameters/parameters.service.js';
import {
  approve,
  approvedComments,
  commentedTitles,
  deletePending,
  insertComment,
  libraryExists,
  lockPerson,
  ownComments,
  pendingComments,
  pendingCount,
  reject,
} from './comments.queries.js';

/** Activity 13 switches comments on (spec §6). */
const COMMENTS_ACTIVITY = 13;
/** Comments a patron may have awaiting approval when the institution sets no `limite_comentarios`. */
export const DEFAULT_PENDING_LIMIT = 3;

/** `GET /comentarios/acervo/{id}`: the approved comments; pending ones are never public. */
export async function titleComments(db: Db, codAcervo: number): Promise<Comentario[]> {
  if (!(await titleExists(db, codAcervo))) throw errors.titleNotFound(codAcervo);
  return approvedComments(db, codAcervo);
}

/**
 * `POST /comentarios/acervo/{id}`: a patron's comment, pending until the library approves it.
 * Refused with 422 `limite_comentarios_excedido` when the patron already has the institution's
 * limit awaiting approval; the count and the insert run under a lock on the patron, so two
 * comments sent at once cannot both slip under the limit.
 */
export async function postComment(db: Db, codPessoa: number, codAcervo: number, body: { biblioteca: number; texto: string }): Promise<MeuComentario> {
  if (!(await isActivityEnabled(db, COMMENTS_ACTIVITY))) throw errors.commentsDisabled();
  if (!(await titleExists(db, codAcervo))) throw errors.titleNotFound(codAcervo);
  if (!(await libraryExists(db, body.biblioteca))) throw errors.libraryInvalid(body.biblioteca);
  const limit = await institutionNumber(db, 'limite_comentarios', DEFAULT_PENDING_LIMIT);
  const id = await db.transaction(async (tx) => {
    if (!(await lockPerson(tx, codPessoa))) throw errors.tokenInvalid();
    if ((await pendingCount(tx, codPessoa)) >= limit) throw errors.commentLimit(limit);
    return insertComment(tx, { codAcervo, codPessoa, codBiblioteca: body.biblioteca, texto: body.texto });
  });
  const mine = await ownComments(db, codPessoa, codAcervo);
  return mine.find((c) => c.cod_comentario === id)!;
}

/** `GET /comentarios/usuario/acervo/{id}`: the patron's own comments on a title, pending ones too. */
export async function myCommentsOn(db: Db, codPessoa: number, codAcervo: number): Promise<MeuComentario[]> {
  if (!(await titleExists(db, codAcervo))) throw errors.titleNotFound(codAcervo);
  return ownComments(db, codPessoa, codAcervo);
}

/** `GET /comentarios/usuario/acervos`: the titles the patron commented on. */
export async function myCommentedTitles(db: Db, codPessoa: number) {
  return commentedTitles(db, codPessoa);
}

/** `DELETE /comentarios/usuario/{id}`: only the author, only while under moderation. */
export async function deleteMyComment(db: Db, codPessoa: number, codComentario: number): Promise<void> {
  const outcome = await deletePending(db, codPessoa, codComentario);
  if (outcome === 'missing') throw errors.commentNotFound(codComentario);
  if (outcome === 'moderated') throw errors.commentAlreadyModerated();
}

/** Staff moderation (the `comments` command, docs in README): publish a pending comment. */
export async function approveComment(db: Db, codComentario: number): Promise<boolean> {
  return approve(db, codComentario);
}

/** Staff moderation: delete a comment that awaits approval. */
export async function rejectComment(db: Db, codComentario: number): Promise<boolean> {
  return reject(db, codComentario);
}

/** Staff moderation: the comments awaiting approval, oldest first. */
export async function pendingForModeration(db: Db) {
  return pendingComments(db);
}
