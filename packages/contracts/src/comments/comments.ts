import { z } from 'zod';
import { comentarioBodySchema } from './comments.forms.js';
import { endpoint } from '../endpoint.js';
import { recordIdParamsSchema } from '../catalog/title.js';

/** A published comment as everybody sees it: text, date, who (first name only) and where. */
export const comentarioSchema = z
  .object({
    cod_comentario: z.number().int(),
    texto: z.string(),
    data_envio: z.string(),
    nome: z.string(),
    desc_biblioteca: z.string(),
  })
  .meta({ id: 'Comentario' });
export type Comentario = z.infer<typeof comentarioSchema>;

/** One of the signed-in patron's own comments, with its moderation state (spec §4 "Comment"). */
export const meuComentarioSchema = z.object({
  cod_comentario: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  texto: z.string(),
  data_envio: z.string(),
  moderado: z.boolean(),
  desc_biblioteca: z.string(),
});
export type MeuComentario = z.infer<typeof meuComentarioSchema>;

/** `GET /comentarios/usuario/acervos`: the titles the patron commented on, with counts. */
export const comentariosUsuarioAcervosSchema = z.array(
  z.object({ cod_acervo: z.number().int(), titulo: z.string(), total: z.number().int(), pendentes: z.number().int() }),
);

/** Comments on titles (spec §7 "Comments"). */
export const commentsEndpoints = {
  ofTitle: endpoint({
    method: 'GET',
    path: '/comentarios/acervo/:id',
    access: 'either',
    tag: 'Comentários',
    summary: 'Approved comments on a title',
    params: recordIdParamsSchema,
    response: z.array(comentarioSchema),
    errors: [404],
  }),
  post: endpoint({
    method: 'POST',
    path: '/comentarios/acervo/:id',
    access: 'private',
    tag: 'Comentários',
    summary: 'Comment on a title (published after the library approves it)',
    params: recordIdParamsSchema,
    body: comentarioBodySchema,
    response: meuComentarioSchema,
    status: 201,
    errors: [404, 422],
  }),
  myTitles: endpoint({
    method: 'GET',
    path: '/comentarios/usuario/acervos',
    access: 'private',
    tag: 'Comentários',
    summary: 'The titles the signed-in patron commented on',
    response: comentariosUsuarioAcervosSchema,
    errors: [404],
  }),
  mineOnTitle: endpoint({
    method: 'GET',
    path: '/comentarios/usuario/acervo/:id',
    access: 'private',
    tag: 'Comentários',
    summary: "The signed-in patron's comments on a title, pending ones too",
    params: recordIdParamsSchema,
    response: z.array(meuComentarioSchema),
    errors: [404],
  }),
  deleteMine: endpoint({
    method: 'DELETE',
    path: '/comentarios/usuario/:id',
    access: 'private',
    tag: 'Comentários',
    summary: 'Delete one of your comments while it awaits approval',
    params: recordIdParamsSchema,
    response: z.null(),
    status: 204,
    errors: [404, 409],
  }),
};
