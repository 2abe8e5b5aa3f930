import { lookupsEndpoints as calls } from '@estante/contracts/catalog';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { authorities, campus, campuses, course, courses, discipline, disciplines, libraries, library, professor, professors } from './lookups.service.js';

/** Campus, library, course, discipline and professor look-ups of the search forms (spec §7 "Search"). */
export const lookupsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, calls.campuses, (request) => campuses(db, request.query));
  route(app, calls.campus, (request) => campus(db, request.params.id));
  route(app, calls.libraries, (request) => libraries(db, request.query));
  route(app, calls.library, (request) => library(db, request.params.id));
  route(app, calls.courses, (request) => courses(db, request.query));
  route(app, calls.disciplines, (request) => disciplines(db, request.query));
  route(app, calls.professors, (request) => professors(db, request.query));
  route(app, calls.course, (request) => course(db, request.params.id));
  route(app, calls.discipline, (request) => discipline(db, request.params.id));
  route(app, calls.professor, (request) => professor(db, request.params.id));
  route(app, calls.authorities, (request) => authorities(db, request.query));
};
