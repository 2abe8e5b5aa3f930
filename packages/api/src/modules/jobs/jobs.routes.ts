import { jobsEndpoints } from '@estante/contracts/jobs';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import type { Scheduler } from '../../lib/scheduler.js';
import { jobsOverview } from './jobs.service.js';

/** The staff area's jobs page (administração). */
export const jobsRoutes: FastifyPluginAsync<{ db: Db; scheduler: Scheduler }> = async (app, { db, scheduler }) => {
  route(app, jobsEndpoints.list, () => jobsOverview(db, scheduler.definitions));
};
