import type { Comentario, MeuComentario } from '@estante/contracts/comments';
import type { Db, Tx } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
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
  moderationRows,
  ownComments,
  pendingComments,
  pendingCount,
  reject,
  setCommentText,
  unpublish,
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

type ModerationRow = Awaited<ReturnType<typeof moderationRows>>[number];

/** Moderation (issue 53): the comments awaiting approval (oldest first) or published (newest first). */
export function moderationQueue(db: Db, published: boolean): Promise<ModerationRow[]> {
  return moderationRows(db, { published });
}

/**
 * A moderator's act on one comment, in one transaction with its staff_audit row: the comment
 * locked, checked (404 none, 409 not in the state the act needs), changed, recorded with the
 * text before (and after, for an edit). Answers the comment as it is now (null once deleted).
 */
async function moderate(
  db: Db,
  id: number,
  act: { acao: string; needs: 'pending' | 'published' | 'any'; motivo: string | null; actor: string },
  change: (tx: Tx, row: ModerationRow) => Promise<Record<string, unknown>>,
): Promise<ModerationRow | null> {
  await db.transaction(async (tx) => {
    const [row] = await moderationRows(tx, { id, lock: true });
    if (!row) throw errors.commentNotFound(id);
    if ((act.needs === 'pending' && row.publicado) || (act.needs === 'published' && !row.publicado)) throw errors.commentAlreadyModerated();
    const detalhes = await change(tx, row);
    await recordStaffAct(tx, {
      autor: act.actor,
      acao: act.acao,
      alvo: `comentario:${id}`,
      motivo: act.motivo,
      detalhes: { cod_acervo: row.cod_acervo, cod_pessoa: row.cod_pessoa, texto: row.texto, ...detalhes },
    });
  });
  return (await moderationRows(db, { id }))[0] ?? null;
}

/** Publishes a comment awaiting approval (409 when it is published already). */
export async function approveComment(db: Db, id: number, actor: string): Promise<ModerationRow> {
  return (await moderate(db, id, { acao: 'comments.approve', needs: 'pending', motivo: null, actor }, async (tx) => {
    await approve(tx, id);
    return {};
  }))!;
}

/** Deletes a comment awaiting approval; its text stays in the audit with the reason. */
export async function rejectComment(db: Db, id: number, reason: string | null, actor: string): Promise<void> {
  await moderate(db, id, { acao: 'comments.reject', needs: 'pending', motivo: reason, actor }, async (tx) => {
    await reject(tx, id);
    return {};
  });
}

/** Changes a comment's text (to edit out a name), published or not. */
export async function editComment(db: Db, id: number, texto: string, reason: string, actor: string): Promise<ModerationRow> {
  return (await moderate(db, id, { acao: 'comments.edit', needs: 'any', motivo: reason, actor }, async (tx) => {
    await setCommentText(tx, id, texto);
    return { novo_texto: texto };
  }))!;
}

/** Takes a published comment off its title page: it awaits approval again. */
export async function unpublishComment(db: Db, id: number, reason: string, actor: string): Promise<ModerationRow> {
  return (await moderate(db, id, { acao: 'comments.unpublish', needs: 'published', motivo: reason, actor }, async (tx) => {
    await unpublish(tx, id);
    return {};
  }))!;
}

/** Staff moderation: the comments awaiting approval, oldest first. */
export async function pendingForModeration(db: Db) {
  return pendingComments(db);
}
