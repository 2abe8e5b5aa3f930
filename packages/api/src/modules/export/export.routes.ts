import { exportEndpoints, IMPORT_ARGUMENTS_HEADER } from '@estante/contracts/export';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { exportCatalogue, exportPeopleFile, type ExportStream, mapForExport } from './export.service.js';

/** Sends an export as a download: its media type, its file name, and its bytes as they are read. */
function download(reply: FastifyReply, file: ExportStream): FastifyReply {
  reply.header('content-type', file.mediaType).header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store');
  if (file.importArgs.length > 0) reply.header(IMPORT_ARGUMENTS_HEADER, file.importArgs.join(' '));
  return reply.send(file.stream);
}

/** The administration's exports (role `administracao`, from the declarations): the catalogue as MARC, the patrons and their state as CSV. */
export const exportRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, exportEndpoints.catalogue, async (request, reply) => {
    const { formato, exemplares, mapa } = request.body;
    const map = mapForExport(exemplares, mapa);
    return download(reply, await exportCatalogue(db, { format: formato, map, actor: staffActor(request) }));
  });
  route(app, exportEndpoints.people, (request, reply) => download(reply, exportPeopleFile(db, request.params.arquivo, { actor: staffActor(request) })));
};
