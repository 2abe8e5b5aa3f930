import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { interestRoutes } from './interest.routes.js';
import { matchAndNotify, sendDigests } from './interest.service.js';

/**
 * The interest profile (selective dissemination of information): what a patron follows, the
 * alerts new titles raise, and the work that runs by itself — matching every minute the titles
 * catalogued since the last run (immediate digests sent at once), and the daily and weekly
 * digests, hourly for whoever is due.
 */
export const interestModule: ApiModule = async (app, { mailer, scheduler }) => {
  const { db } = app;
  scheduler.define({
    name: 'interest.match',
    cron: '* * * * *',
    description: 'matches the titles catalogued since the last run against every interest profile: alerts, and the immediate digests',
    run: (batch) => matchAndNotify(batch, mailer),
  });
  scheduler.define({
    name: 'interest.digest',
    cron: '5 * * * *',
    description: 'e-mails the daily and weekly alert digests of the patrons due one',
    run: (batch) => sendDigests(batch, mailer, ['diaria', 'semanal']),
  });
  await app.register(interestRoutes, { db });
};

export default { plugin: interestModule } satisfies ModuleDefinition;
