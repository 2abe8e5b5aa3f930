import { commentsEndpoints } from '@estante/contracts/comments';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { deleteMyComment, myCommentedTitles, myCommentsOn, postComment, titleComments } from './comments.service.js';

/** Comments on titles (spec §7 "Comments"). */
export const commentsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, commentsEndpoints.ofTitle, (request) => titleComments(db, request.params.id));
  route(app, commentsEndpoints.post, (request) => postComment(db, request.patron.codPessoa, request.params.id, request.body));
  route(app, commentsEndpoints.myTitles, (request) => myCommentedTitles(db, request.patron.codPessoa));
  route(app, commentsEndpoints.mineOnTitle, (request) => myCommentsOn(db, request.patron.codPessoa, request.params.id));
  route(app, commentsEndpoints.deleteMine, (request) => deleteMyComment(db, request.patron.codPessoa, request.params.id));
};
