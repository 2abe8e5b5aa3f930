import { auditEndpoints, staffEndpoints } from '@estante/contracts/staff';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { auditCsv, auditPage } from './staff.audit.js';
import { grant, members, revoke } from './staff.service.js';

/** The staff accounts and the audit (role `administracao`, checked from the declarations): what `npm run staff -- staff` does, and who did what. */
export const staffRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const actor = (codPessoa: number) => `pessoa:${codPessoa}`;
  route(app, staffEndpoints.members, () => members(db));
  route(app, staffEndpoints.grant, (request) => grant(db, request.body.login, request.body.papeis, actor(request.staff!.codPessoa)));
  route(app, staffEndpoints.revoke, (request) => revoke(db, request.params.codPessoa, request.body.papeis, actor(request.staff!.codPessoa)));
  route(app, auditEndpoints.list, (request) => {
    const { pagina, ...filter } = request.query;
    return auditPage(db, filter, pagina);
  });
  route(app, auditEndpoints.csv, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="auditoria.csv"')
      .send(await auditCsv(db, request.query)),
  );
};
