import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { patronRecordRoutes } from './patron-record.routes.js';
import { peopleRoutes } from './people.routes.js';

/**
 * The patron's own record (spec §7 "People", §3 Personal data): personal data, the departments,
 * another registration's name, the signed-in e-mail, swapping to another registration of the
 * same person (decision 0022), and the LGPD "my data" — the export and the request for erasure;
 * and, for the staff, the patrons' records (find, read, correct, help, create: issue 53).
 */
export const peopleModule: ApiModule = async (app, { config, mailer, tokens }) => {
  await app.register(peopleRoutes, { db: app.db, mailer, tokens, session: config });
  await app.register(patronRecordRoutes, { db: app.db, mailer });
};

export default { plugin: peopleModule } satisfies ModuleDefinition;
