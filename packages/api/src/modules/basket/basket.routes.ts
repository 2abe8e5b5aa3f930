import { basketEndpoints } from '@estante/contracts/basket';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { route } from '../../lib/route.js';
import { getInstituicao } from '../parameters/parameters.service.js';
import type { ExportPool } from './basket.pool.js';
import { dropFromPermanent, exportBasket, keepInPermanent, permanentCollection } from './basket.service.js';

/** The basket: export, e-mail, the permanent basket (spec §7 "Title"). */
export const basketRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer; exports: ExportPool }> = async (app, { db, mailer, exports }) => {
  route(app, basketEndpoints.export, async (request, reply) => {
    const institution = await getInstituicao(db).then(
      (i) => i.sigla,
      () => 'Estante',
    );
    const outcome = await exportBasket(db, mailer, exports, request.body, request.language, institution, request.ip);
    if (outcome.kind === 'file') {
      return reply
        .header('content-type', outcome.file.mediaType)
        .header('content-disposition', `attachment; filename="${outcome.file.filename}"`)
        .send(outcome.file.content);
    }
    if (outcome.kind === 'text') return { texto: outcome.texto, html: outcome.html };
    return { enviado: true as const, destinatarios: outcome.destinatarios, titulos: outcome.titulos };
  });
  route(app, basketEndpoints.keep, (request) => keepInPermanent(db, request.patron.codPessoa, request.body.acervos));
  route(app, basketEndpoints.collection, (request) => permanentCollection(db, request.patron.codPessoa, request.query));
  route(app, basketEndpoints.add, (request) => keepInPermanent(db, request.patron.codPessoa, [request.body.acervo]));
  route(app, basketEndpoints.drop, (request) => dropFromPermanent(db, request.patron.codPessoa, request.params.id));
};
