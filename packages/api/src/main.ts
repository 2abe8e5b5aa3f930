import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:net';
import path from 'node:path';
import { startMailSink } from './lib/mail.js';
import { pino } from 'pino';
import { NETWORK } from './modules/search/search.source.js';
import { SearchIndex } from './modules/search/search.index.js';
import { readApartFrom } from './modules/search/search.apart.js';
import { answerFrom, RemoteIndex, serveSearches } from './modules/search/search.remote.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { devMailKey } from './plugins/dev-mail.js';
import { observeDatabase, observeSearch, startProcessMetrics } from './lib/metrics.js';
import { answerClusterMetrics, serveClusterMetrics } from './lib/metrics.cluster.js';
import { type Database, isDatabaseUnavailable, openDatabase } from './db/client.js';

/** How long in-flight requests get to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 25_000;

/** Set by the primary for its workers: the local mail sink's folder (the dev mail screen reads it). */
const MAIL_SINK_ENV = 'ESTANTE_MAIL_SINK_DIR';

/**
 * Process entry: config → database → migrations → derivations → demo seed if empty → the
 * search index read (and, for a large catalogue, its frequent words) → listen. With more than
 * one API worker (PostgreSQL only, config.apiWorkers) this process prepares the database, forks
 * the workers, which share the port, and reads the one search index of all workers while they
 * load the app; it answers their searches from it (decision 0040).
 * SIGTERM/SIGINT stop accepting connections, let in-flight requests finish, close the database.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`estante: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isWorker) {
    // A scrape through any worker adds up every process's figures (decision 0059).
    answerClusterMetrics();
    const database = await openDatabase(config.database);
    const remote = { searchIndex: new RemoteIndex(database.reader), networkIndex: new RemoteIndex(database.reader, 'network') };
    return serve(config, database, process.env[MAIL_SINK_ENV] ?? null, null, remote);
  }

  // No SMTP server configured: e-mail goes to the local sink, kept as .eml files in DATA_DIR/mail.
  const sink = config.smtpUrl ? null : await startMailSink(config.mailDir);
  if (sink) config = { ...config, smtpUrl: sink.url };
  // `npm start` alone may begin a new embedded database with the demo catalogue in it (the CLIs
  // that import or generate into one must not find 2,000 demo titles there).
  // The primary's pool is sized by what it runs (primaryPool).
  const database = await openDatabase(
    config.database.kind === 'pglite'
      ? config.seedDemo
        ? { ...config.database, templates: [`demo-${config.demoTitles}`, ...config.database.templates] }
        : config.database
      : { ...config.database, poolSize: primaryPool(config) },
  );
  await database.migrate();
  // Imported here: an API worker needs neither (nor the generator of demo titles they bring).
  const [{ deriveMissing }, { seedDemoIfEmpty }] = await Promise.all([import('./modules/catalog/catalog.import.js'), import('./seed/demo.js')]);
  const say = (message: string) => process.stdout.write(`${message}\n`);
  // Nodes starting together on one PostgreSQL (issue 58) derive and seed one after another.
  await database.exclusive(async () => {
    const derived = await deriveMissing(database.db, say);
    if (derived) say(`derived the additional data of ${derived} titles imported before it existed`);
    if (config.seedDemo) {
      const seeded = await seedDemoIfEmpty(database.db, {
        titles: config.demoTitles,
        log: say,
        catalogueSeeded: database.template?.startsWith('demo-') ?? false,
      });
      if (seeded) say(`demo library seeded: ${JSON.stringify(seeded)}`);
    }
  });
  if (config.apiWorkers === 1) return serve(config, database, sink ? config.mailDir : null, sink);

  // The one search index of all workers, in this process (decision 0040). The workers are
  // started at once and load the app (seconds) while it is read or loaded from disk; each
  // listens only once it is ready (RemoteIndex.ready). Its frequent words are read ahead once
  // they listen.
  const log = pino({ level: config.logLevel, ...prettyWhenWatched() });
  const { searchIndex, networkIndex } = searchIndexes(config, database);
  // This process's own figures (the index, its pools, its event loop) join the workers' in every scrape.
  startProcessMetrics();
  observeDatabase(database);
  observeSearch({ catalogue: searchIndex, network: networkIndex });
  const stopMetrics = serveClusterMetrics();
  const stopServing = serveSearches(answerFrom({ catalogue: searchIndex, network: networkIndex }), (error) =>
    isDatabaseUnavailable(error) ? log.warn({ err: error }, 'a search failed: database unavailable') : log.error({ err: error }, 'a search failed'),
  );
  say(`starting ${config.apiWorkers} API workers`);
  const env = { SMTP_URL: config.smtpUrl!, ...(sink ? { [MAIL_SINK_ENV]: config.mailDir } : {}) };
  let closing = false;
  for (let i = 0; i < config.apiWorkers; i++) cluster.fork(env);
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    listening++;
    if (listening === 1) {
      if (sink)
        say(
          `e-mail goes to the local sink: ${config.mailDir}, shown at http://localhost:${address.port}${config.apiBasePath}/dev/correio?chave=${devMailKey(config.mailDir, config.devMailKey)} (set SMTP_URL for a real server)`,
        );
      say(`Estante is running at ${siteUrl(config, address.port)} (API at ${config.apiBasePath}, docs at ${config.apiBasePath}/docs)`);
      readAhead(searchIndex, networkIndex, log);
    }
    if (listening === config.apiWorkers) say(`all ${config.apiWorkers} API workers are ready`);
  });
  // The index's background work (its read-ahead, a snapshot rebuilt) fails while the database is
  // away and is tried again by the next search.
  surviveDatabaseOutages(log);
  cluster.on('exit', (worker, code, signal) => {
    if (closing) return;
    say(`API worker ${worker.process.pid} stopped (${signal ?? code}): starting another`);
    cluster.fork(env);
  });
  const shutdown = () => {
    if (closing) return;
    closing = true;
    // Each worker finishes its requests and closes its database; then this process ends.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      clearInterval(check);
      stopServing();
      stopMetrics();
      void Promise.allSettled([sink?.close(), database.close()]).finally(() => process.exit(0));
    }, 100);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await searchReady(searchIndex, log);
}

/**
 * The primary's connections. Alone, one process's 10. With several workers searching in its one
 * index, every worker's index queries: 20 (within PostgreSQL's default 100 with the workers' own
 * at four workers).
 */
function primaryPool(config: Config): number {
  return config.apiWorkers === 1 ? 10 : Math.min(20, 10 * config.apiWorkers);
}

/**
 * A lost database never kills the process (decision 0017): a promise nobody awaited that fails
 * only because the database is away is logged; the work it stood for is retried once the
 * database is back. Any other unhandled rejection still stops the process, as Node's default does.
 */
function surviveDatabaseOutages(log: Pick<pino.Logger, 'warn'>, closing: () => boolean = () => false): void {
  process.on('unhandledRejection', (reason) => {
    // Once shutting down, background work that meets the closed pool ("Cannot use a pool after
    // calling end") is over anyway: it must not turn a clean stop into exit code 1.
    if (!isDatabaseUnavailable(reason) && !closing()) throw reason;
    log.warn({ err: reason }, closing() ? 'background work stopped by the shutdown' : 'database unavailable in background work');
  });
}

/** Structured JSON logs; readable lines when a person watches a terminal. */
function prettyWhenWatched() {
  return process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {};
}

/** The search indexes of our catalogue and of the partner network, over the database's reader. */
function searchIndexes(config: Config, database: Database): { searchIndex: SearchIndex; networkIndex: SearchIndex } {
  const options = {
    cacheMegabytes: config.searchCacheMb,
    prewarmWords: config.searchPrewarmWords,
    snapshotDir: config.searchSnapshotDir,
    // Full reads in a process of their own (decision 0066), from the primary: the embedded
    // database is open in this process only, so it is read here.
    readApart: config.database.kind === 'postgres' ? readApartFrom(config.database.url) : null,
    apartFromTitles: config.searchApartFromTitles,
  };
  return { searchIndex: new SearchIndex(database.reader, options), networkIndex: new SearchIndex(database.reader, { ...options, source: NETWORK }) };
}

/**
 * The search snapshot, read before taking connections (from disk when one was kept: about a
 * second at a million titles, decision 0037; a large catalogue's first read apart, decision 0066).
 */
async function searchReady(index: SearchIndex, log: Pick<pino.Logger, 'info'>): Promise<void> {
  const snapshot = await index.current();
  log.info(
    {
      titles: snapshot.all.length,
      version: snapshot.version,
      buildMs: Math.round(snapshot.buildMs),
      loadMs: snapshot.loadMs && Math.round(snapshot.loadMs),
      // Read by a process of its own and loaded from the file it wrote (decision 0066).
      readApart: index.stats().readsApart > 0,
    },
    'search index ready',
  );
}

/**
 * A large catalogue's frequent words read ahead, while searches are already answered (those
 * meeting a word first read it); then the partner network's index (decision 0028): our own
 * catalogue answers as soon as ever, and the first network searches wait for its snapshot.
 */
function readAhead(searchIndex: SearchIndex, networkIndex: SearchIndex, log: Pick<pino.Logger, 'info' | 'warn'>): void {
  searchIndex.warm().then(
    (warm) => log.info({ prewarmedWords: warm.prewarmed, snapshotVersion: warm.snapshot.version }, 'search index read ahead'),
    (error: unknown) => log.warn({ err: error }, 'reading the search index ahead stopped'),
  );
  networkIndex.warm().then(
    (network) =>
      log.info(
        { titles: network.snapshot.all.length, ms: Math.round(network.snapshot.buildMs), prewarmedWords: network.prewarmed },
        'network search index ready',
      ),
    (error: unknown) => log.warn({ err: error }, 'the network search index could not be read yet: the first network search will'),
  );
}

/**
 * One API process: the app over `database`, then listening. Alone, it holds the search index
 * itself and makes it ready first; as one of several workers it searches in the primary's (`remote`).
 */
async function serve(
  config: Config,
  database: Database,
  mailSinkDir: string | null,
  sink: { close(): Promise<void> } | null,
  remote?: { searchIndex: RemoteIndex; networkIndex: RemoteIndex },
): Promise<void> {
  const logger = { level: config.logLevel, ...prettyWhenWatched() };
  const own = remote ? null : searchIndexes(config, database);
  const indexes = remote ?? own!;
  // Loaded here, not at the top: the primary of several workers never builds the app, and
  // starts them sooner without loading it.
  const { buildApp } = await import('./app.js');
  const app = await buildApp({ config, database, logger, ...indexes, ...(mailSinkDir ? { mailSinkDir } : {}) });

  // Staff commands (npm run comments …) reach the running server through a local socket.
  let admin: Server | undefined;
  if (config.adminSocket) {
    const [{ serveAdmin }, { runAdminCommand }, { configuredMailer }, { loggedMailer }] = await Promise.all([
      import('./admin/channel.js'),
      import('./admin/commands.js'),
      import('./lib/mail.js'),
      import('./lib/mail-log.js'),
    ]);
    mkdirSync(path.dirname(config.adminSocket), { recursive: true });
    admin = await serveAdmin(config.adminSocket, (request, progress) =>
      runAdminCommand(database.db, request, progress, loggedMailer(database.db, configuredMailer(config.smtpUrl, config.mailFrom), app.log)),
    );
  }

  let closing = false;
  // While draining, every response closes its connection, so a keep-alive client that
  // was mid-request does not hold the process for Fastify's 72 s keep-alive timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      app.log.warn(`requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      admin?.close();
      await sink?.close();
      await app.close();
      await database.close();
      app.log.info('closed');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // pg-boss 10 completes and fails jobs without awaiting (decision 0018).
  surviveDatabaseOutages(app.log, () => closing);
  // A worker leaves Ctrl-C to its primary, which stops the workers in turn.
  if (!cluster.isWorker) process.on('SIGINT', () => void shutdown('SIGINT'));

  if (own) await searchReady(own.searchIndex, app.log);
  // A worker answers searches only once the primary's index is ready (it is read meanwhile).
  else await remote!.searchIndex.ready();
  await app.listen({ port: config.port, host: config.host });
  if (own) readAhead(own.searchIndex, own.networkIndex, app.log);
  // Scheduled work (reminders, hold expiry…) once the server answers; app.close stops it. A
  // scheduler that cannot start (the database away) is logged, and the site keeps answering.
  app.scheduler.start().catch((error: unknown) => app.log.error({ err: error }, 'the scheduler could not start'));
  // With several workers, the primary says where the site is (once, not once per worker).
  if (cluster.isWorker) return;
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  if (mailSinkDir)
    app.log.info(
      `e-mail goes to the local sink: ${config.mailDir}, shown at http://localhost:${port}${config.apiBasePath}/dev/correio?chave=${devMailKey(mailSinkDir, config.devMailKey)} (set SMTP_URL for a real server)`,
    );
  app.log.info(
    { database: database.kind },
    `Estante is running at ${siteUrl(config, port)} (API at ${config.apiBasePath}, docs at ${config.apiBasePath}/docs)`,
  );
}

/** The address to open in a browser: PUBLIC_URL's behind a proxy (issue 58), else this port's. */
function siteUrl(config: Config, port: number): string {
  if (config.publicUrl) return `${config.publicUrl}/`;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${shown}:${port}/`;
}

main().catch((error: unknown) => {
  process.stderr.write(`estante: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
