import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { authRoutes, peopleRoutes, revokeRoutes } from './modules/auth/auth.routes.js';
import { recoveryRoutes } from './modules/auth/recovery.routes.js';
import { createTokenService } from './modules/auth/auth.service.js';
import { createCaptcha } from './modules/auth/captcha.js';
import { ssoRoutes } from './modules/auth/sso.routes.js';
import { SsoService } from './modules/auth/sso.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { authorityRoutes } from './modules/catalog/authority.routes.js';
import { lookupsRoutes } from './modules/catalog/lookups.routes.js';
import { SearchIndex } from './modules/catalog/search.index.js';
import { searchRoutes } from './modules/catalog/search.routes.js';
import { titleRoutes } from './modules/catalog/title.routes.js';
import { closedStacksRoutes } from './modules/circulation/closed-stacks.routes.js';
import { holdsRoutes } from './modules/circulation/holds.routes.js';
import { loansRoutes } from './modules/circulation/loans.routes.js';
import { accountRoutes } from './modules/circulation/account.routes.js';
import { loanRequestsRoutes } from './modules/circulation/loan-requests.routes.js';
import { deskRoutes } from './modules/circulation/desk.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { basketRoutes } from './modules/basket/basket.routes.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { parametersRoutes } from './modules/parameters/parameters.routes.js';
import { unitsRoutes } from './modules/units/units.routes.js';
import { authPlugin } from './plugins/auth.js';
import { devMailPlugin } from './plugins/dev-mail.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { languagePlugin } from './plugins/language.js';
import { webPlugin } from './plugins/web.js';

/** Without SMTP_URL and outside main.ts (which starts the local sink), sending fails as a 502. */
const unconfiguredMailer: Mailer = {
  send: () => Promise.reject(new Error('no SMTP server configured')),
};

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The search index; one is made over `database` when not given. */
  searchIndex?: SearchIndex;
  /** Where e-mail goes; by default SMTP to `config.smtpUrl`. */
  mailer?: Mailer;
  /** The local mail sink's folder when e-mail goes there: its messages are shown at /dev/correio. */
  mailSinkDir?: string;
}

/**
 * Builds the Fastify app: cross-cutting plugins first (errors, language, auth), then the API
 * modules under the base path, then the web app. Used by main.ts and by tests (`app.inject`).
 */
export async function buildApp({
  config,
  database,
  logger = false,
  searchIndex = new SearchIndex(database.db, { cacheMegabytes: config.searchCacheMb, prewarmWords: config.searchPrewarmWords }),
  mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : unconfiguredMailer,
  mailSinkDir,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // Long enough for a slow client, short enough that shutdown is never held for minutes.
    requestTimeout: 60_000,
    bodyLimit: 1_048_576,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = await createTokenService(database.db, config);
  const captcha = await createCaptcha(database.db, config.recaptcha);
  await app.register(errorsPlugin);
  await app.register(languagePlugin);
  await app.register(authPlugin, { tokens });
  await app.register(formbody);
  const libras = librasSources(config.librasWidgetUrl);
  await app.register(helmet, {
    // The app sets its own CSP below; swagger-ui needs inline styles, so docs are relaxed there.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Google's reCAPTCHA widget only when it is configured (the default ALTCHA is self-hosted).
        scriptSrc: ["'self'", ...(config.recaptcha ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : []), ...libras.script],
        frameSrc: config.recaptcha ? ['https://www.google.com/recaptcha/'] : ["'none'"],
        connectSrc: ["'self'", ...libras.connect],
        workerSrc: ["'self'", ...libras.worker],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(docsPlugin, { basePath: config.apiBasePath });
  if (mailSinkDir) await app.register(devMailPlugin, { dir: mailSinkDir, basePath: config.apiBasePath });
  await app.register(healthRoutes, { ping: database.ping });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { tokens, db: database.db, session: config, captcha });
      await api.register(revokeRoutes, { db: database.db });
      const sso = new SsoService(database.db, config, (message, error) => app.log.warn({ err: error }, message));
      await api.register(ssoRoutes, { sso, tokens, db: database.db, session: config });
      await api.register(peopleRoutes, { db: database.db, tokens, session: config });
      await api.register(recoveryRoutes, { db: database.db, mailer, captcha });
      await api.register(parametersRoutes, { db: database.db });
      await api.register(unitsRoutes, { db: database.db, mailer });
      await api.register(searchRoutes, { db: database.db, index: searchIndex });
      await api.register(lookupsRoutes, { db: database.db });
      await api.register(titleRoutes, { db: database.db });
      await api.register(authorityRoutes, { db: database.db });
      await api.register(commentsRoutes, { db: database.db });
      await api.register(closedStacksRoutes, { db: database.db });
      await api.register(holdsRoutes, { db: database.db });
      await api.register(loansRoutes, { db: database.db });
      await api.register(accountRoutes, { db: database.db, mailer });
      await api.register(loanRequestsRoutes, { db: database.db });
      await api.register(deskRoutes, { db: database.db });
      await api.register(basketRoutes, { db: database.db, mailer });
    },
    { prefix: config.apiBasePath },
  );
  await app.register(webPlugin, {
    dist: config.webDist,
    runtime: {
      apiBase: config.apiBasePath,
      publicClient: config.publicClient,
      recaptchaSiteKey: config.recaptcha?.siteKey ?? null,
      librasWidgetUrl: config.librasWidgetUrl,
      sso: { oidc: Boolean(config.oidc), saml: Boolean(config.saml) },
    },
  });
  return app;
}

/**
 * What the Libras widget needs past the default policy: its scripts and their WebAssembly
 * avatar, the translation service on its own domain (and subdomains), and blob workers.
 */
function librasSources(widgetUrl: string | null) {
  if (!widgetUrl) return { script: [], connect: [], worker: [] };
  const { origin, hostname, protocol } = new URL(widgetUrl);
  const domain = hostname.split('.').slice(-3).join('.');
  return { script: [origin, "'wasm-unsafe-eval'"], connect: [origin, `${protocol}//*.${domain}`], worker: ['blob:'] };
}
