import { unitsEndpoints } from '@estante/contracts/parameters';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { route } from '../../lib/route.js';
import { campuses, libraries, sendGeneralComment, sendSuggestion } from './units.service.js';

/** Campuses, libraries and the footer's two forms (spec §7 "Library units"). */
export const unitsRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  route(app, unitsEndpoints.campuses, () => campuses(db));
  route(app, unitsEndpoints.libraries, (request) => libraries(db, request.query.campus));
  route(app, unitsEndpoints.generalComment, (request) => sendGeneralComment(db, mailer, request.patron.codPessoa, request.body, request.language));
  route(app, unitsEndpoints.suggestion, (request) => sendSuggestion(db, mailer, request.patron.codPessoa, request.body, request.language));
};
