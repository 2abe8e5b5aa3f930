import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { jobsRoutes } from './jobs.routes.js';
import { pruneMailLog } from './operations.service.js';

/** The work the server runs by itself and the mail it sends, as the staff see them: the jobs and mail pages, `npm run staff -- jobs list`. */
export const jobsModule: ApiModule = async (app, { scheduler, mailer, config }) => {
  scheduler.define({
    name: 'jobs.mail-log',
    cron: '40 3 * * *',
    description: 'removes from the mail log the messages older than 90 days',
    run: (batch) => pruneMailLog(batch),
  });
  await app.register(jobsRoutes, { db: app.db, scheduler, mailer, mailFrom: config.mailFrom });
};

export default { plugin: jobsModule } satisfies ModuleDefinition;
