import { staffEndpoints } from '@estante/contracts/staff';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { grant, members, revoke } from './staff.service.js';

/** The staff accounts (role `administracao`, checked from the declarations): what `npm run staff -- staff` does. */
export const staffRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const actor = (codPessoa: number) => `pessoa:${codPessoa}`;
  route(app, staffEndpoints.members, () => members(db));
  route(app, staffEndpoints.grant, (request) => grant(db, request.body.login, request.body.papeis, actor(request.staff!.codPessoa)));
  route(app, staffEndpoints.revoke, (request) => revoke(db, request.params.codPessoa, request.body.papeis, actor(request.staff!.codPessoa)));
};
