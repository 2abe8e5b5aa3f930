import { moderationEndpoints } from '@estante/contracts/comments';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { recentGeneralComments, recentSuggestions } from '../units/units.service.js';
import { approveComment, editComment, moderationQueue, rejectComment, unpublishComment } from './comments.service.js';

const iso = (date: Date) => date.toISOString();

/** Moderation (role `moderacao`, checked from the declarations): comments, and what the footer forms sent. */
export const moderationRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, moderationEndpoints.comments, (request) => moderationQueue(db, request.query.situacao === 'publicado'));
  route(app, moderationEndpoints.approve, (request) => approveComment(db, request.params.id, staffActor(request)));
  route(app, moderationEndpoints.reject, async (request) => {
    await rejectComment(db, request.params.id, request.body.motivo, staffActor(request));
    return { cod_comentario: request.params.id };
  });
  route(app, moderationEndpoints.edit, (request) => editComment(db, request.params.id, request.body.texto, request.body.motivo, staffActor(request)));
  route(app, moderationEndpoints.unpublish, (request) => unpublishComment(db, request.params.id, request.body.motivo, staffActor(request)));
  route(app, moderationEndpoints.generalComments, async () =>
    (await recentGeneralComments(db, 100)).map((c) => ({ id: c.id, enviado_em: iso(c.enviadoEm), nome: c.pessoa, biblioteca: c.biblioteca, texto: c.texto })),
  );
  route(app, moderationEndpoints.suggestions, async () =>
    (await recentSuggestions(db, 100)).map((s) => ({
      id: s.id,
      enviado_em: iso(s.enviadoEm),
      nome: s.pessoa,
      biblioteca: s.biblioteca,
      titulo: s.titulo,
      autor: s.autor,
      editor: s.editor,
      situacao: s.situacao,
    })),
  );
};
