import { mkdirSync } from 'node:fs';
import type { Server } from 'node:net';
import path from 'node:path';
import { serveAdmin } from './admin/channel.js';
import { runAdminCommand } from './admin/commands.js';
import { buildApp } from './app.js';
import { startMailSink } from './lib/mail.js';
import { deriveMissing } from './modules/catalog/catalog.import.js';
import { SearchIndex } from './modules/catalog/search.index.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoIfEmpty } from './seed/demo.js';

/** How long in-flight requests get to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * Process entry: config → database → migrations → demo seed if empty → listen.
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
  // Structured JSON logs; readable lines when a person watches a terminal.
  const logger = {
    level: config.logLevel,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
  // No SMTP server configured: e-mail goes to the local sink, kept as .eml files in DATA_DIR/mail.
  const sink = config.smtpUrl ? null : await startMailSink(config.mailDir);
  if (sink) config = { ...config, smtpUrl: sink.url };
  const database = await openDatabase(config.database);
  await database.migrate();
  const derived = await deriveMissing(database.db, (m) => process.stdout.write(`${m}\n`));
  if (derived) process.stdout.write(`derived the additional data of ${derived} titles imported before it existed\n`);
  const searchIndex = new SearchIndex(database.db, { cacheMegabytes: config.searchCacheMb, prewarmWords: config.searchPrewarmWords });
  const app = await buildApp({ config, database, logger, searchIndex, ...(sink ? { mailSinkDir: config.mailDir } : {}) });
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db, { titles: config.demoTitles, log: (m) => app.log.info(m) });
    if (seeded) app.log.info(seeded, 'demo library seeded');
  }

  // Staff commands (npm run comments …) reach the running server through a local socket.
  let admin: Server | undefined;
  if (config.adminSocket) {
    mkdirSync(path.dirname(config.adminSocket), { recursive: true });
    admin = await serveAdmin(config.adminSocket, (request) => runAdminCommand(database.db, request));
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
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  // Read the search index's snapshot now rather than on the first search (seconds at a million titles).
  searchIndex
    .current()
    .then((s) => app.log.info({ titles: s.all.length, ms: Math.round(s.buildMs) }, 'search index ready'))
    .catch((error: unknown) => app.log.error({ err: error }, 'search index could not be read'));
  if (sink) app.log.info(`e-mail goes to the local sink: ${config.mailDir}, shown at http://localhost:${port}${config.apiBasePath}/dev/correio (set SMTP_URL for a real server)`);
  app.log.info({ database: database.kind }, `Estante is running at http://${shown}:${port}/ (API at ${config.apiBasePath}, docs at ${config.apiBasePath}/docs)`);
}

main().catch((error: unknown) => {
  process.stderr.write(`estante: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
