import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { purgeHandovers } from './links.queries.js';
import { linksRoutes } from './links.routes.js';

/**
 * Every door out of the catalogue (issue 21, decision 0023): the providers of spec §9 and the
 * institution's other systems, each handed the patron over by a one-time signed token or a plain
 * link; the account area's address and the patron's choice of it; the redirect codes that carry a
 * session to /pergamum_redireciona (the mobile app's web view). A daily job forgets hand-overs a
 * day past their expiry.
 */
export const linksModule: ApiModule = async (app, { config, tokens, scheduler }) => {
  const { db } = app;
  scheduler.define({
    name: 'links.purge-handovers',
    cron: '40 3 * * *',
    description: 'forgets hand-over tokens and redirect codes a day past their expiry (used or not)',
    run: async (batch) => `${await purgeHandovers(batch)} hand-over(s) forgotten`,
  });
  await app.register(linksRoutes, { db, config, tokens });
};

export default { plugin: linksModule } satisfies ModuleDefinition;
