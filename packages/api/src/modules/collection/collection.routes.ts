import { collectionEndpoints } from '@estante/contracts/collection';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { bibliography, bibliographyFile, collectionTotals, databases, planOffers } from './collection.service.js';

/** Meu Pergamum's collection calls: the teaching plan bibliography (JSON, CSV, PDF), the databases, the collection's totals. */
export const collectionRoutes: FastifyPluginAsync<{ db: Db; providerSecret: string | null }> = async (app, { db, providerSecret }) => {
  route(app, collectionEndpoints.planOffers, (request) => planOffers(db, request.patron.codPessoa));
  route(app, collectionEndpoints.bibliography, (request) => bibliography(db, request.patron.codPessoa, request.query));
  route(app, collectionEndpoints.bibliographyFile, async (request, reply) => {
    const file = await bibliographyFile(db, request.patron.codPessoa, request.params.formato, request.query, request.language);
    return reply.header('content-type', file.type).header('content-disposition', `attachment; filename="${file.name}"`).send(file.body);
  });
  route(app, collectionEndpoints.databases, (request) => databases(db, request.patron.codPessoa, providerSecret));
  route(app, collectionEndpoints.totals, (request) => collectionTotals(db, request.query, request.language));
};
