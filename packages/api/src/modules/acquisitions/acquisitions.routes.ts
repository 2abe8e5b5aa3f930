import { acquisitionsEndpoints } from '@estante/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { route } from '../../lib/route.js';
import { patronOf } from '../../plugins/auth.js';
import { requireDeskStaff } from '../circulation/desk.service.js';
import { act, closeOrder, myOrders, mySuggestion, mySuggestions, placeOrder, queue, type StaffDeps, statistics, statuses } from './acquisitions.service.js';

/** The acquisition calls (spec §7 "Acquisition") and the staff API of a suggestion's life. */
export const acquisitionsRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer; config: Pick<Config, 'publicUrl'> }> = async (app, { db, mailer, config }) => {
  /** The staff's side: the desk's staff role, the mailer, the catalogue's address for links. */
  const staff = async (request: FastifyRequest): Promise<StaffDeps> => {
    await requireDeskStaff(db, patronOf(request));
    return { mailer, origin: config.publicUrl ?? `${request.protocol}://${request.host}` };
  };

  route(app, acquisitionsEndpoints.statuses, (request) => statuses(request.language));
  route(app, acquisitionsEndpoints.suggestions, (request) => mySuggestions(db, patronOf(request), request.query, request.language));
  route(app, acquisitionsEndpoints.suggestion, (request) => mySuggestion(db, patronOf(request), request.params.id, request.language));
  route(app, acquisitionsEndpoints.statistics, (request) => statistics(db, patronOf(request), request.query, request.language));
  route(app, acquisitionsEndpoints.orders, (request) => myOrders(db, patronOf(request), request.language));
  route(app, acquisitionsEndpoints.queue, async (request) => {
    await staff(request);
    return queue(db, request.query.situacao, request.language);
  });
  route(app, acquisitionsEndpoints.act, async (request) => act(db, await staff(request), request.params.id, request.body, request.language));
  route(app, acquisitionsEndpoints.order, async (request) => placeOrder(db, await staff(request), request.body, request.language));
  route(app, acquisitionsEndpoints.closeOrder, async (request) => closeOrder(db, await staff(request), request.params.id, request.language));
};
