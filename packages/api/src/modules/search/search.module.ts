import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { pruneSearchChanges, SEARCH_CHANGES_DAYS } from './search.patch.js';
import { searchRoutes } from './search.routes.js';

/**
 * Search (issue 51: a module of its own): the catalogue's and the partner network's searches,
 * their options, suggestions as the patron types. The engine is in-memory (decision 0007): a
 * snapshot of the catalogue, word atoms read on demand, a run of named steps (search.run.ts),
 * served by the primary to every worker (search.remote.ts, decision 0040). A replica may answer.
 */
export const searchModule: ApiModule = async (app, { searchIndex, networkIndex, scheduler }) => {
  scheduler.define({
    name: 'search.prune-changes',
    cron: '50 3 * * *',
    description: `forgets the catalogue changes older than ${SEARCH_CHANGES_DAYS} days that search indexes patch their snapshots from`,
    run: (batch) => pruneSearchChanges(batch),
  });
  await app.register(searchRoutes, { db: app.readDb, index: searchIndex, networkIndex });
};

export default { plugin: searchModule } satisfies ModuleDefinition;
