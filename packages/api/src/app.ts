import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createTokenService } from './modules/auth/auth.service.js';
import { createCaptcha } from './modules/auth/captcha.js';
import { SsoService } from './modules/auth/sso.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { operationsRoutes } from './modules/health/operations.routes.js';
import { SearchIndex } from './modules/search/search.index.js';
import type { Searcher } from './modules/search/search.remote.js';
import { NETWORK } from './modules/search/search.source.js';
import { discoverModules, type ModuleDeps } from './lib/module.js';
import { loggedMailer } from './lib/mail-log.js';
import { countRequest, observeDatabase, observeSearch, startProcessMetrics } from './lib/metrics.js';
import { REQUEST_ID_HEADER, requestContext, requestIdFrom } from './lib/request-context.js';
import { configuredMailer, type Mailer } from './lib/mail.js';
import { Scheduler } from './lib/scheduler.js';
import { closePdfWorkers } from './lib/pdf.pool.js';
import { authPlugin } from './plugins/auth.js';
import { rolesOfPerson } from './modules/staff/staff.service.js';
import { devMailKey, devMailPlugin } from './plugins/dev-mail.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { inputPlugin } from './plugins/input.js';
import { languagePlugin } from './plugins/language.js';
import { readYourWritesPlugin } from './plugins/read-your-writes.js';
import { webPlugin } from './plugins/web.js';
import { getFuncionalidades, getGuiasPesquisa, getInstituicao } from './modules/parameters/parameters.service.js';
import { sitePage } from './modules/site/site.pages.js';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The search index; one is made over `database` when not given. */
  searchIndex?: Searcher;
  /** The partner network's search index; likewise. */
  networkIndex?: Searcher;
  /** Where e-mail goes; by default SMTP to `config.smtpUrl`. */
  mailer?: Mailer;
  /** The local mail sink's folder when e-mail goes there: its messages are shown at /dev/correio. */
  mailSinkDir?: string;
}

/**
 * Builds the Fastify app: the database decorated once, cross-cutting plugins (errors, language,
 * auth), then the API modules (every `modules/<name>/<name>.module.ts`, lib/module.ts) under the
 * base path or at the root, then the web app. Used by main.ts and by tests (`app.inject`).
 */
export async function buildApp({
  config,
  database,
  logger = false,
  searchIndex = new SearchIndex(database.reader, { cacheMegabytes: config.searchCacheMb, prewarmWords: config.searchPrewarmWords }),
  networkIndex = new SearchIndex(database.reader, { cacheMegabytes: config.searchCacheMb, prewarmWords: config.searchPrewarmWords, source: NETWORK }),
  mailer = configuredMailer(config.smtpUrl, config.mailFrom),
  mailSinkDir,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // One log line a request, once answered (the hook below), instead of Fastify's two (one on
    // arrival, one on answer): half the lines and half the log writes of a busy server.
    logController: new LogController({ disableRequestLogging: true }),
    // Long enough for a slow client, short enough that shutdown is never held for minutes.
    requestTimeout: 60_000,
    bodyLimit: 1_048_576,
    // The proxy's X-Request-Id when well-formed (nginx's $request_id), else a new UUID: logged as
    // `reqId`, sent back in X-Request-Id, carried into jobs and mail (decision 0059).
    genReqId: (raw) => requestIdFrom(raw.headers[REQUEST_ID_HEADER]),
    // The client's address and scheme from X-Forwarded-* only when the proxy listed in TRUST_PROXY
    // sent them (decision 0062); with none listed such headers change nothing.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    request.log.info({ req: request, res: reply, route, responseTime: reply.elapsedTime }, 'request completed');
    // By the route's declared pattern, never the URL: the labels stay bounded (decision 0059).
    countRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  requestContext(app);
  startProcessMetrics();
  // What /metrics reads at a scrape: this database, and the search indexes when they are here
  // (an API worker's are the primary's, which its own registry describes).
  const unobserve = [
    observeDatabase(database),
    ...(searchIndex instanceof SearchIndex && networkIndex instanceof SearchIndex ? [observeSearch({ catalogue: searchIndex, network: networkIndex })] : []),
  ];
  app.addHook('onClose', async () => unobserve.forEach((stop) => stop()));

  app.decorate('db', database.db);
  app.decorate('readDb', database.reader);
  // Reads that may lag (replicas) only: a reader pool on the primary itself never lags.
  if (database.replicas().length > 0) await app.register(readYourWritesPlugin);
  const scheduler = new Scheduler(database, app.log);
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', () => scheduler.stop());
  app.addHook('onClose', closePdfWorkers);
  const tokens = await createTokenService(database.db, config);
  const captcha = await createCaptcha(database.db, config.recaptcha);
  await app.register(errorsPlugin);
  await app.register(languagePlugin);
  await app.register(inputPlugin);
  await app.register(formbody);
  const libras = librasSources(config.librasWidgetUrl);
  await app.register(helmet, {
    // The app sets its own CSP below; swagger-ui needs inline styles, so docs are relaxed there.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Other hosts' images over https only: the web's Cover asks for a record's http:// cover
        // over https and draws one when that fails (ui/cover.tsx, issue 55), no image proxy here.
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
    strictTransportSecurity: false,
  });
  // HSTS only over HTTPS (RFC 6797 §7.2: a browser ignores it over plain HTTP, and a server
  // must not send it there). Behind a TLS-terminating proxy the proxy sends it (issue 58 trusts
  // its X-Forwarded-Proto).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
  // After helmet: a call refused by the auth plugin (401, 403) carries the security headers too.
  await app.register(authPlugin, { tokens, rolesOf: (codPessoa) => rolesOfPerson(database.db, codPessoa) });
  await app.register(docsPlugin, { basePath: config.apiBasePath });
  if (mailSinkDir) await app.register(devMailPlugin, { dir: mailSinkDir, basePath: config.apiBasePath, key: devMailKey(mailSinkDir, config.devMailKey) });
  await app.register(healthRoutes, { ping: database.ping, replicas: database.replicas });
  await app.register(operationsRoutes, {
    searchIndex,
    ping: database.ping,
    pendingMigrations: database.pendingMigrations,
    metricsToken: config.metricsToken,
  });
  const deps: ModuleDeps = {
    config,
    // Every message sent or failed is in the mail log the administration reads (issue 54).
    mailer: loggedMailer(database.db, mailer, app.log),
    tokens,
    captcha,
    sso: new SsoService(database.db, config, (message, error) => app.log.warn({ err: error }, message)),
    searchIndex,
    networkIndex,
    scheduler,
  };
  const modules = await discoverModules();
  await app.register(
    async (api) => {
      for (const module of modules.filter((m) => m.at !== 'root')) await api.register(module.plugin, deps);
    },
    { prefix: config.apiBasePath },
  );
  for (const module of modules.filter((m) => m.at === 'root')) await app.register(module.plugin, deps);
  await app.register(webPlugin, {
    dist: config.webDist,
    basePath: config.publicPath,
    runtime: {
      apiBase: config.apiBasePath,
      publicClient: config.publicClient,
      recaptchaSiteKey: config.recaptcha?.siteKey ?? null,
      librasWidgetUrl: config.librasWidgetUrl,
      sso: { oidc: Boolean(config.oidc), saml: Boolean(config.saml) },
    },
    boot: async () => {
      const [token, instituicao, funcionalidades, guias] = await Promise.all([
        tokens.clientCredentials(config.publicClient.id, config.publicClient.secret),
        getInstituicao(database.db),
        getFuncionalidades(database.db),
        getGuiasPesquisa(database.db),
      ]);
      return { token: token.token, instituicao, funcionalidades, guias };
    },
    // A page's status and metadata (decision 0052), read from the replica like the catalogue.
    page: (request, pathname, boot) =>
      sitePage(database.reader, pathname, {
        origin: config.publicUrl ?? `${request.protocol}://${request.host}`,
        language: request.language,
        guides: boot?.guias.map((g) => g.rota),
        siteName: boot?.instituicao.sigla,
      }),
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
