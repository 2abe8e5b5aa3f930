import { peopleEndpoints } from '@estante/contracts/people';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { route } from '../../lib/route.js';
import { signInPair, type TokenService } from '../auth/auth.service.js';
import { passwordRules } from '../parameters/parameters.service.js';
import { messages } from './people.messages.js';
import {
  erasureRequests,
  listDepartments,
  myData,
  personalData,
  registrationName,
  requestErasure,
  savePersonalData,
  signedInEmail,
  swapUser,
} from './people.service.js';

/** The patron's own record (spec §7 "People"): personal data, departments, swapping registrations, LGPD. */
export const peopleRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer; tokens: TokenService; session: Pick<Config, 'refreshTokenTtl'> }> = async (
  app,
  { db, mailer, tokens, session },
) => {
  route(app, peopleEndpoints.personalData, (request, reply) => {
    reply.header('cache-control', 'no-store');
    return personalData(db, request.patron.codPessoa, request.language);
  });
  route(app, peopleEndpoints.savePersonalData, (request) => savePersonalData(db, request.patron.codPessoa, request.body, request.language));
  route(app, peopleEndpoints.departments, () => listDepartments(db));
  route(app, peopleEndpoints.registrationName, (request) => registrationName(db, request.patron.codPessoa, request.params.user, request.language));
  route(app, peopleEndpoints.passwordRules, () => passwordRules(db));
  route(app, peopleEndpoints.signedInEmail, (request) => signedInEmail(db, request.patron.codPessoa));
  route(app, peopleEndpoints.swapUser, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const codPessoa = await swapUser(db, request.patron.codPessoa, request.body.usuario);
    // The new registration's session keeps the login signed in with (GET /pessoas reports it).
    return signInPair(db, tokens, codPessoa, request.principal!.clientId, session.refreshTokenTtl, request.patron.login);
  });
  route(app, peopleEndpoints.myData, (request, reply) => {
    reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${messages.t('file.myData', request.language)}.json"`);
    return myData(db, request.patron.codPessoa);
  });
  route(app, peopleEndpoints.erasureRequests, (request) => erasureRequests(db, request.patron.codPessoa));
  route(app, peopleEndpoints.requestErasure, (request) => requestErasure(db, mailer, request.patron.codPessoa, request.body.motivo, request.language));
};
