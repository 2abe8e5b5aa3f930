import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { authRoutes, peopleRoutes, revokeRoutes } from './auth.routes.js';
import { recoveryRoutes } from './recovery.routes.js';
import { ssoRoutes } from './sso.routes.js';

/** Signing in and out (tokens, SSO, the duplicate chooser), the person's data and password recovery. */
export const authModule: ApiModule = async (app, { config, tokens, captcha, sso, mailer }) => {
  const { db } = app;
  await app.register(authRoutes, { tokens, db, session: config, captcha });
  await app.register(revokeRoutes, { db });
  await app.register(ssoRoutes, { sso, tokens, db, session: config });
  await app.register(peopleRoutes, { db, tokens, session: config });
  await app.register(recoveryRoutes, { db, mailer, captcha, session: config });
};

export default { plugin: authModule } satisfies ModuleDefinition;
