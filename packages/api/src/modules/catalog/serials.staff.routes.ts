import { serialsStaffEndpoints as calls } from '@estante/contracts/catalog';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { claimIssue, indexArticleAtDesk, receiveAtDesk, staffKardex, subscribe, subscriptionList } from './serials.desk.js';

/** The serials desk (issue 54; roles catalogação or aquisição): subscriptions, the Kardex, receiving, claiming, indexing. */
export const serialsStaffRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, calls.subscriptions, () => subscriptionList(db));
  route(app, calls.kardex, (request) => staffKardex(db, request.params.acervo, request.params.biblioteca));
  route(app, calls.subscribe, (request) => subscribe(db, request.params.acervo, request.params.biblioteca, request.body, staffActor(request)));
  route(app, calls.receive, (request) => receiveAtDesk(db, request.params.acervo, request.params.biblioteca, request.body, staffActor(request)));
  route(app, calls.claim, (request) => claimIssue(db, request.params.acervo, request.params.biblioteca, request.body, staffActor(request)));
  route(app, calls.indexArticle, (request) => indexArticleAtDesk(db, request.params.id, request.body, staffActor(request)));
};
