import { jobsEndpoints, operationsEndpoints as ops } from '@estante/contracts/jobs';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import type { Mailer } from '../../lib/mail.js';
import { route } from '../../lib/route.js';
import type { Scheduler } from '../../lib/scheduler.js';
import { jobsOverview } from './jobs.service.js';
import { jobRuns, mailLogPage, mailSettings, resendMail, runJobNow, setSender } from './operations.service.js';

/** The staff area's jobs and mail pages (administração). */
export const jobsRoutes: FastifyPluginAsync<{ db: Db; scheduler: Scheduler; mailer: Mailer; mailFrom: string }> = async (
  app,
  { db, scheduler, mailer, mailFrom },
) => {
  route(app, jobsEndpoints.list, () => jobsOverview(db, scheduler.definitions));
  route(app, ops.runs, (request) => jobRuns(db, scheduler.definitions, request.params.nome));
  route(app, ops.runNow, (request) => runJobNow(db, scheduler, request.params.nome, staffActor(request)));
  route(app, ops.mail, (request) => mailLogPage(db, request.query));
  route(app, ops.resend, (request) => resendMail(db, mailer, request.params.id, staffActor(request)));
  route(app, ops.mailSettings, () => mailSettings(db, mailFrom));
  route(app, ops.setSender, (request) => setSender(db, request.body.remetente, mailFrom, staffActor(request)));
};
