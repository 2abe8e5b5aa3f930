import {
  comentarioBodySchema,
  comentarioSchema,
  comentariosUsuarioAcervosSchema,
  errorSchema,
  meuComentarioSchema,
  recordIdParamsSchema,
} from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { patronOf } from '../../plugins/auth.js';
import { deleteMyComment, myCommentedTitles, myCommentsOn, postComment, titleComments } from './comments.service.js';

const common = { tags: ['Comentários'], security: [{ bearer: [] }] };
const failures = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Comments on titles (spec §7 "Comments"). */
export const commentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/comentarios/acervo/:id',
    {
      config: { access: 'either' },
      schema: { ...common, summary: 'Approved comments on a title', params: recordIdParamsSchema, response: { 200: z.array(comentarioSchema), ...failures } },
    },
    (request) => titleComments(db, request.params.id),
  );
  app.post(
    '/comentarios/acervo/:id',
    {
      config: { access: 'private' },
      schema: {
        ...common,
        summary: 'Comment on a title (published after the library approves it)',
        params: recordIdParamsSchema,
        body: comentarioBodySchema,
        response: { 201: meuComentarioSchema, ...failures, 422: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await postComment(db, patronOf(request), request.params.id, request.body)),
  );
  app.get(
    '/comentarios/usuario/acervos',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'The titles the signed-in patron commented on', response: { 200: comentariosUsuarioAcervosSchema, ...failures } },
    },
    (request) => myCommentedTitles(db, patronOf(request)),
  );
  app.get(
    '/comentarios/usuario/acervo/:id',
    {
      config: { access: 'private' },
      schema: { ...common, summary: "The signed-in patron's comments on a title, pending ones too", params: recordIdParamsSchema, response: { 200: z.array(meuComentarioSchema), ...failures } },
    },
    (request) => myCommentsOn(db, patronOf(request), request.params.id),
  );
  app.delete(
    '/comentarios/usuario/:id',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Delete one of your comments while it awaits approval', params: recordIdParamsSchema, response: { 204: z.null(), ...failures, 409: errorSchema } },
    },
    async (request, reply) => {
      await deleteMyComment(db, patronOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
