import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { defineNetworkJobs } from './network.jobs.js';
import { networkRoutes } from './network.routes.js';

/**
 * The partner network (spec §7 "Partner network"): partners' catalogues harvested over
 * OAI-PMH on the scheduler (network.harvest.ts, network.jobs.ts), searched with the catalogue's
 * own engine over network_titles, and each harvested record (network.routes.ts).
 */
export const networkModule: ApiModule = async (app, { scheduler }) => {
  defineNetworkJobs(scheduler);
  await app.register(networkRoutes, { db: app.db, scheduler });
};

export default { plugin: networkModule } satisfies ModuleDefinition;
