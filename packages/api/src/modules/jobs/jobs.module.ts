import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { jobsRoutes } from './jobs.routes.js';

/** The work the server runs by itself, as the staff see it: the jobs page and `npm run staff -- jobs list`. */
export const jobsModule: ApiModule = async (app, { scheduler }) => {
  await app.register(jobsRoutes, { db: app.db, scheduler });
};

export default { plugin: jobsModule } satisfies ModuleDefinition;
