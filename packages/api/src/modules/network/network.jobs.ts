import type { Scheduler } from '../../lib/scheduler.js';
import { harvestDue, summarizeHarvests } from './network.harvest.js';

/**
 * The network's scheduled work (decision 0026): every hour, the partners whose next attempt has
 * come are harvested one after another — each about once a day when all is well, sooner again
 * after a failure (15 minutes, doubling, a day at most), and a harvest the run's time budget cut
 * short goes on at the next run from its saved token. A partner's failure is recorded on the
 * partner, not thrown: only a database fault fails the job (and pg-boss retries it).
 */
export function defineNetworkJobs(scheduler: Scheduler): void {
  scheduler.define({
    name: 'network.harvest',
    cron: '25 * * * *',
    description: "harvests the partner libraries' catalogues over OAI-PMH: each partner due (about once a day; sooner after a failure, with back-off)",
    run: async (batch) => summarizeHarvests(await harvestDue(batch)),
  });
}
