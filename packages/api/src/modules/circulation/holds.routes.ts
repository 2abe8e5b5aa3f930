import { holdsEndpoints, type reservaBodySchema } from '@estante/contracts/circulation';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { cancelHolds, holdStart, myHoldHistory, myHolds, placeHold, validateHold } from './holds.service.js';

const toRequest = (body: z.output<typeof reservaBodySchema>) => ({ ...body, material_adicional: body.material_adicional ?? null });

/** Holds (spec §7 "Reservations"): what can be held, placing one, the patron's holds, cancelling, history. */
export const holdsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, holdsEndpoints.start, (request) => holdStart(db, request.params.id, request.patron?.codPessoa ?? null));
  route(app, holdsEndpoints.validate, (request) => validateHold(db, request.patron.codPessoa, toRequest(request.body)));
  route(app, holdsEndpoints.place, (request) => placeHold(db, request.patron.codPessoa, toRequest(request.body)));
  route(app, holdsEndpoints.mine, (request) => myHolds(db, request.patron.codPessoa));
  route(app, holdsEndpoints.cancel, (request) => cancelHolds(db, request.patron.codPessoa, request.query.reservas));
  route(app, holdsEndpoints.history, (request) => myHoldHistory(db, request.patron.codPessoa, request.query.dataIni, request.query.dataFim));
};
