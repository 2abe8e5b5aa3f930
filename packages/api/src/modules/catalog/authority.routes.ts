import { authorityEndpoints } from '@estante/contracts/catalog';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { authority, authorityCombo, authorityMarc } from './authority.service.js';

/** Authority records (spec §7 "Authority"). */
export const authorityRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, authorityEndpoints.combo, (request) => authorityCombo(db, request.query.autoridades));
  route(app, authorityEndpoints.record, (request) => authority(db, request.params.id));
  route(app, authorityEndpoints.marc, (request) => authorityMarc(db, request.params.id, request.language));
};
