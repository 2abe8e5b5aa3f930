import { deskEndpoints } from '@estante/contracts/circulation';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { checkIn, checkOut } from './desk.service.js';

/** The circulation desk (staff only): lend a copy, take it back — what `npm run circ` does, over HTTP. */
export const deskRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, deskEndpoints.checkOut, (request) => checkOut(db, request.body.tombo, request.body.login));
  route(app, deskEndpoints.checkIn, (request) => checkIn(db, request.body.tombo));
};
