import { z } from 'zod';

/** Comment text area limits (spec §9: 5 rows); the server keeps a comment to 2,000 characters. */
export const COMMENT_MAX_LENGTH = 2000;

/** `POST /comentarios/acervo/{id}`: a library chosen and non-empty trimmed text (spec §5). */
export const comentarioBodySchema = z.object({
  biblioteca: z.number().int().positive(),
  texto: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { error: 'comment text is required' }).max(COMMENT_MAX_LENGTH, { error: 'comment text is too long' })),
});

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
