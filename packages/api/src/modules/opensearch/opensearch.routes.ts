import { OPEN_METADATA_ENDPOINTS, OPENSEARCH_TYPE } from '@estante/contracts/opensearch';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { openSearchDescription, openSearchXml } from './opensearch.service.js';

interface Options {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'apiBasePath'>;
}

/** `GET /opensearch.xml`: the catalogue's OpenSearch description (decision 0027). */
export const openSearchRoutes: FastifyPluginAsync<Options> = async (app, { db, config }) => {
  route(app, OPEN_METADATA_ENDPOINTS.openSearch, async (request, reply) => {
    const site = { origin: config.publicUrl ?? `${request.protocol}://${request.host}`, apiBase: config.apiBasePath };
    const description = await openSearchDescription(db, site, request.language);
    return reply.type(`${OPENSEARCH_TYPE}; charset=utf-8`).header('cache-control', 'public, max-age=3600').send(openSearchXml(description));
  });
};
