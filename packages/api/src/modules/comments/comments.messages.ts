import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The comments module's texts in pt, en and es: its error messages. */
export const messages = defineMessages('comments', {
  ComentarioNaoEncontrado: {
    pt: 'Comentário {id} não encontrado entre os seus comentários.',
    en: 'Comment {id} was not found among your comments.',
    es: 'Comentario {id} no encontrado entre sus comentarios.',
  },
  ComentarioJaModerado: {
    pt: 'Este comentário já foi aprovado pela biblioteca e não pode mais ser excluído.',
    en: 'This comment has already been approved by the library and can no longer be deleted.',
    es: 'Este comentario ya fue aprobado por la biblioteca y ya no se puede eliminar.',
  },
  limite_comentarios_excedido: {
    pt: 'Você já tem {limit} comentários aguardando aprovação da biblioteca. O comentário não foi enviado.',
    en: "You already have {limit} comments awaiting the library's approval. The comment was not sent.",
    es: 'Ya tiene {limit} comentarios esperando la aprobación de la biblioteca. El comentario no fue enviado.',
  },
  ComentariosDesativados: {
    pt: 'Os comentários não estão disponíveis nesta instituição.',
    en: 'Comments are not available at this institution.',
    es: 'Los comentarios no están disponibles en esta institución.',
  },
});

/** The errors the comments module throws: the common ones and its own. */
export const errors = {
  ...common,
  commentNotFound: (id: number) => messages.error(404, 'ComentarioNaoEncontrado', { id }),
  commentAlreadyModerated: () => messages.error(409, 'ComentarioJaModerado'),
  commentLimit: (limit: number) => messages.error(422, 'limite_comentarios_excedido', { limit }),
  commentsDisabled: () => messages.error(403, 'ComentariosDesativados'),
};
