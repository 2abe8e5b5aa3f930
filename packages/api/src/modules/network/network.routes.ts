import { networkEndpoints as calls, networkPartnerEndpoints as partners } from '@estante/contracts/network';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import type { Scheduler } from '../../lib/scheduler.js';
import { addPartner, harvestSoon, partnerList, removePartner } from './network.partners.service.js';
import { institutions, record } from './network.service.js';

/**
 * The partner network's calls (spec §7); its search is /consulta?base=rede (catalog's search
 * routes, on the network index). The administration's partners (issue 54) under /api/equipe/rede.
 */
export const networkRoutes: FastifyPluginAsync<{ db: Db; scheduler: Scheduler }> = async (app, { db, scheduler }) => {
  route(app, calls.institutions, () => institutions(db));
  route(app, calls.record, (request) => record(db, request.params.id, request.language));
  route(app, partners.list, () => partnerList(db));
  route(app, partners.add, async (request) => (await addPartner(db, request.body, staffActor(request))).parceiro);
  route(app, partners.harvest, (request) => harvestSoon(db, scheduler, request.params.id, staffActor(request)));
  route(app, partners.remove, (request) => removePartner(db, request.params.id, staffActor(request)));
};
