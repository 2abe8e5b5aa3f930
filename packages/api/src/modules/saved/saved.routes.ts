import { savedEndpoints } from '@estante/contracts/saved';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { removeSavedSearch, saveSearch, savedSearches } from './saved.service.js';

/** Meu Pergamum's saved items: the patron's saved searches (decision 0020). */
export const savedRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, savedEndpoints.list, (request) => savedSearches(db, request.patron.codPessoa));
  route(app, savedEndpoints.save, (request) => saveSearch(db, request.patron.codPessoa, request.body));
  route(app, savedEndpoints.remove, (request) => removeSavedSearch(db, request.patron.codPessoa, request.params.id));
};
