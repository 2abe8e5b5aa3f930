import { patronRecordEndpoints } from '@estante/contracts/people';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { route } from '../../lib/route.js';
import {
  categories,
  createPatron,
  endSessions,
  findPatrons,
  patronRecord,
  saveDataByLibrary,
  saveRegistration,
  sendRecoveryFor,
} from './patron-record.service.js';

const actorOf = (request: FastifyRequest) => `pessoa:${request.staff!.codPessoa}`;

/** The patrons' records for the staff (roles circulação and atendimento, checked from the declarations). */
export const patronRecordRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  route(app, patronRecordEndpoints.search, (request) => findPatrons(db, request.query.busca));
  route(app, patronRecordEndpoints.record, (request) => patronRecord(db, request.params.codPessoa));
  route(app, patronRecordEndpoints.categories, () => categories(db));
  route(app, patronRecordEndpoints.saveData, (request) => saveDataByLibrary(db, request.params.codPessoa, request.body, request.language, actorOf(request)));
  route(app, patronRecordEndpoints.saveRegistration, (request) => saveRegistration(db, request.params.codPessoa, request.body, actorOf(request)));
  route(app, patronRecordEndpoints.sendRecovery, (request) => sendRecoveryFor(db, mailer, request.params.codPessoa, request.language, actorOf(request)));
  route(app, patronRecordEndpoints.endSessions, (request) => endSessions(db, request.params.codPessoa, actorOf(request)));
  route(app, patronRecordEndpoints.create, (request) => createPatron(db, request.body, actorOf(request)));
};
