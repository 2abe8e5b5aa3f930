import { feedsEndpoints } from '@estante/contracts/feeds';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import type { Searcher } from '../search/search.remote.js';
import { alertsFeed, dueDatesFeed, feeds, makeFeed, revokeFeed, searchFeed, type Site } from './feeds.service.js';

interface Options {
  db: Db;
  index: Searcher;
  config: Pick<Config, 'publicUrl' | 'apiBasePath'>;
}

/** Feeds answer for a few minutes from a reader's cache; a private one is for its owner's reader only. */
function send(reply: FastifyReply, type: string, body: string, access: 'private' | 'public') {
  return reply.type(type).header('cache-control', `${access}, max-age=300`).send(body);
}

/** The private feeds (alerts, due dates) and "follow this search" (decision 0019). */
export const feedsRoutes: FastifyPluginAsync<Options> = async (app, { db, index, config }) => {
  const site = (request: FastifyRequest): Site => ({
    origin: config.publicUrl ?? `${request.protocol}://${request.host}`,
    apiBase: config.apiBasePath,
  });
  const language = (request: FastifyRequest<{ Querystring: { idioma?: 'pt' | 'en' | 'es' } }>) => request.query.idioma ?? request.language;

  route(app, feedsEndpoints.list, (request) => feeds(db, request.patron.codPessoa));
  route(app, feedsEndpoints.create, (request) => makeFeed(db, request.patron.codPessoa, request.params.tipo, site(request), request.language));
  route(app, feedsEndpoints.revoke, (request) => revokeFeed(db, request.patron.codPessoa, request.params.tipo));
  route(app, feedsEndpoints.alerts, async (request, reply) =>
    send(reply, 'application/atom+xml; charset=utf-8', await alertsFeed(db, request.params.chave, site(request), language(request)), 'private'),
  );
  route(app, feedsEndpoints.dueDates, async (request, reply) =>
    send(reply, 'text/calendar; charset=utf-8', await dueDatesFeed(db, request.params.chave, site(request), language(request)), 'private'),
  );
  route(app, feedsEndpoints.search, async (request, reply) => {
    const here = site(request);
    const self = `${here.origin}${request.url}`;
    return send(reply, 'application/atom+xml; charset=utf-8', await searchFeed(db, index, request.query, here, language(request), self), 'public');
  });
};
