import { acquisitionsEndpoints } from '@estante/contracts/acquisitions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import {
  act,
  budgets,
  closeOrder,
  myOrders,
  mySuggestion,
  mySuggestions,
  placeOrder,
  queue,
  setBudget,
  type StaffDeps,
  staffOrders,
  statistics,
  statuses,
} from './acquisitions.service.js';

/** The acquisition calls (spec §7 "Acquisition") and the staff API of a suggestion's life. */
export const acquisitionsRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer; config: Pick<Config, 'publicUrl'> }> = async (app, { db, mailer, config }) => {
  /** What the staff's side needs (its role checked by the declaration): the mailer, the catalogue's address for links. */
  const staff = (request: FastifyRequest): StaffDeps => ({
    mailer,
    origin: config.publicUrl ?? `${request.protocol}://${request.host}`,
    actor: staffActor(request),
  });

  route(app, acquisitionsEndpoints.statuses, (request) => statuses(request.language));
  route(app, acquisitionsEndpoints.suggestions, (request) => mySuggestions(db, request.patron.codPessoa, request.query, request.language));
  route(app, acquisitionsEndpoints.suggestion, (request) => mySuggestion(db, request.patron.codPessoa, request.params.id, request.language));
  route(app, acquisitionsEndpoints.statistics, (request) => statistics(db, request.patron.codPessoa, request.query, request.language));
  route(app, acquisitionsEndpoints.orders, (request) => myOrders(db, request.patron.codPessoa, request.language));
  route(app, acquisitionsEndpoints.queue, (request) => queue(db, request.query, request.language));
  route(app, acquisitionsEndpoints.staffOrders, (request) => staffOrders(db, request.query.biblioteca, request.language));
  route(app, acquisitionsEndpoints.budgets, (request) => budgets(db, request.query.ano));
  route(app, acquisitionsEndpoints.setBudget, (request) =>
    setBudget(db, request.params.biblioteca, request.params.ano, request.body.valor, staffActor(request)),
  );
  route(app, acquisitionsEndpoints.act, (request) => act(db, staff(request), request.params.id, request.body, request.language));
  route(app, acquisitionsEndpoints.order, (request) => placeOrder(db, staff(request), request.body, request.language));
  route(app, acquisitionsEndpoints.closeOrder, (request) => closeOrder(db, staff(request), request.params.id, request.language));
};
