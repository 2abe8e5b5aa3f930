import type { Db } from '../../db/client.js';
import type { Scheduler } from '../../lib/scheduler.js';

/** The network's scheduled work: harvesting every partner (filled in by the harvester). */
export function defineNetworkJobs(_scheduler: Scheduler, _db: Db): void {}
