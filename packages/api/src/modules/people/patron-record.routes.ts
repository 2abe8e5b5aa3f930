import { patronRecordEndpoints } from '@estante/contracts/people';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import {
  addNote,
  removeNote,
  categories,
  createPatron,
  endSessions,
  findPatrons,
  patronRecord,
  saveDataByLibrary,
  saveRegistration,
  sendRecoveryFor,
} from './patron-record.service.js';

/** The patrons' records for the staff (roles circulação and atendimento, checked from the declarations). */
export const patronRecordRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  route(app, patronRecordEndpoints.search, (request) => findPatrons(db, request.query.busca, request.language));
  route(app, patronRecordEndpoints.record, (request) => patronRecord(db, request.params.codPessoa, request.language));
  route(app, patronRecordEndpoints.categories, (request) => categories(db, request.language));
  route(app, patronRecordEndpoints.saveData, (request) => saveDataByLibrary(db, request.params.codPessoa, request.body, request.language, staffActor(request)));
  route(app, patronRecordEndpoints.saveRegistration, (request) =>
    saveRegistration(db, request.params.codPessoa, request.body, staffActor(request), request.language),
  );
  route(app, patronRecordEndpoints.sendRecovery, (request) => sendRecoveryFor(db, mailer, request.params.codPessoa, request.language, staffActor(request)));
  route(app, patronRecordEndpoints.endSessions, (request) => endSessions(db, request.params.codPessoa, staffActor(request), request.language));
  route(app, patronRecordEndpoints.addNote, (request) => addNote(db, request.params.codPessoa, request.body.texto, request.staff!.codPessoa));
  route(app, patronRecordEndpoints.removeNote, (request) => removeNote(db, request.params.codPessoa, request.params.id, staffActor(request)));
  route(app, patronRecordEndpoints.create, (request) => createPatron(db, request.body, staffActor(request), request.language));
};
