import { holdsEndpoints, type reservaBodySchema } from '@estante/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { patronOf } from '../../plugins/auth.js';
import { cancelHolds, holdStart, myHoldHistory, myHolds, placeHold, validateHold } from './holds.service.js';

const toRequest = (body: z.output<typeof reservaBodySchema>) => ({ ...body, material_adicional: body.material_adicional ?? null });

/** Holds (spec §7 "Reservations"): what can be held, placing one, the patron's holds, cancelling, history. */
export const holdsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, holdsEndpoints.start, (request) => holdStart(db, request.params.id, request.principal?.kind === 'patron' ? request.principal.codPessoa : null));
  route(app, holdsEndpoints.validate, (request) => validateHold(db, patronOf(request), toRequest(request.body)));
  route(app, holdsEndpoints.place, (request) => placeHold(db, patronOf(request), toRequest(request.body)));
  route(app, holdsEndpoints.mine, (request) => myHolds(db, patronOf(request)));
  route(app, holdsEndpoints.cancel, (request) => cancelHolds(db, patronOf(request), request.query.reservas));
  route(app, holdsEndpoints.history, (request) => myHoldHistory(db, patronOf(request), request.query.dataIni, request.query.dataFim));
};
