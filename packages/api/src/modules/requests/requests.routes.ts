import { requestsEndpoints } from '@estante/contracts/requests';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { messages } from './requests.messages.js';
import {
  assign,
  colleagues,
  createRequest,
  moveRequest,
  myRequests,
  parseSwitching,
  queue,
  queueCounts,
  reviewedSheet,
  sheetDraft,
  staffSheetPreview,
  startData,
} from './requests.service.js';

const sendPdf = (reply: FastifyReply, pdf: Uint8Array, filename: string, disposition: 'inline' | 'attachment') =>
  reply.header('content-type', 'application/pdf').header('content-disposition', `${disposition}; filename="${filename}"`).send(Buffer.from(pdf));

/** The patron's requests (spec §7 "Requests") and the library's queue (staff). */
export const requestsRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  route(app, requestsEndpoints.startData, (request) => startData(db, request.patron.codPessoa));
  route(app, requestsEndpoints.switching, (request) => {
    const body = parseSwitching(request.params.tipo, request.body);
    return createRequest(db, mailer, request.patron.codPessoa, 'comutacao-bibliografica', request.params.tipo, body, request.language);
  });
  route(app, requestsEndpoints.survey, (request) =>
    createRequest(db, mailer, request.patron.codPessoa, 'levantamento-bibliografico', null, request.body, request.language),
  );
  route(app, requestsEndpoints.sheet, (request) =>
    createRequest(db, mailer, request.patron.codPessoa, 'ficha-catalografica', null, request.body, request.language),
  );
  route(app, requestsEndpoints.sheetDraft, async (request, reply) =>
    sendPdf(reply, await sheetDraft(request.body), `${messages.t('file.sheetDraft', request.language)}.pdf`, 'inline'),
  );
  route(app, requestsEndpoints.sheetPdf, async (request, reply) => {
    const { pdf, name } = await reviewedSheet(db, request.patron.codPessoa, request.params.id, request.language);
    return sendPdf(reply, pdf, name, 'attachment');
  });
  route(app, requestsEndpoints.specialised, (request) =>
    createRequest(db, mailer, request.patron.codPessoa, 'pesquisa-especializada', null, request.body, request.language),
  );
  route(app, requestsEndpoints.interLibrary, (request) =>
    createRequest(db, mailer, request.patron.codPessoa, 'emprestimo-inter-bibliotecas', null, request.body, request.language),
  );
  route(app, requestsEndpoints.list, (request) => myRequests(db, request.patron.codPessoa, request.params.tipo, request.query.status));
  route(app, requestsEndpoints.queue, (request) => queue(db, request.query.tipo, request.query.status, request.query.biblioteca));
  route(app, requestsEndpoints.queueCounts, () => queueCounts(db));
  route(app, requestsEndpoints.colleagues, () => colleagues(db));
  route(app, requestsEndpoints.assign, (request) => assign(db, request.params.id, request.body.cod_pessoa, staffActor(request)));
  route(app, requestsEndpoints.change, (request) => moveRequest(db, mailer, request.params.id, request.body, staffActor(request)));
  route(app, requestsEndpoints.sheetPreview, async (request, reply) =>
    sendPdf(reply, await staffSheetPreview(db, request.params.id, request.body), `ficha-catalografica-${request.params.id}-previa.pdf`, 'inline'),
  );
};
