import { describeJobs, listJobs } from '../../lib/scheduler.js';
import { staffCommands } from '../../lib/staff-commands.js';

staffCommands.define({
  group: 'jobs',
  verb: 'list',
  screen: 'reads',
  summary: 'the scheduled jobs, their last run and outcome, what is queued',
  run: async (_args, { db }) => describeJobs(await listJobs(db)),
});
