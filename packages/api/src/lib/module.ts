import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { importModuleFiles } from './discover.js';
import type { Mailer } from './mail.js';
import type { Scheduler } from './scheduler.js';
import type { TokenService } from '../modules/auth/auth.service.js';
import type { Captcha } from '../modules/auth/captcha.js';
import type { SsoService } from '../modules/auth/sso.service.js';
import type { Searcher } from '../modules/search/search.remote.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, decorated once by buildApp: every module reads it from here. */
    db: Db;
    /**
     * For catalogue reads that tolerate a little lag: a PostgreSQL replica's when
     * DATABASE_REPLICA_URL names some (db/replicas.ts), else `db` itself.
     */
    readDb: Db;
    /** The jobs the modules defined; main.ts starts it once the server listens. */
    scheduler: Scheduler;
  }
}

/** What buildApp hands every module: the services made once per process. */
export interface ModuleDeps {
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
  captcha: Captcha;
  sso: SsoService;
  searchIndex: Searcher;
  /** The same engine over the partner network's harvested records (issue 22). */
  networkIndex: Searcher;
  /** Where a module defines the work it runs by itself (lib/scheduler.ts). */
  scheduler: Scheduler;
}

/**
 * An API module: one Fastify plugin that registers its own routes (from the endpoints declared in
 * contracts) and defines its jobs.
 */
export type ApiModule = FastifyPluginAsync<ModuleDeps>;

/**
 * What a module's `modules/<name>/<name>.module.ts` exports by default: found there by buildApp
 * (no shared list), its plugin registered under the API base path, or at the server's root for
 * the open interfaces other systems speak to at stable paths (OAI-PMH at /oai, SRU at /sru…).
 */
export interface ModuleDefinition {
  plugin: ApiModule;
  at?: 'api' | 'root';
}

/** Every module's definition, in folder order. */
export async function discoverModules(): Promise<ModuleDefinition[]> {
  return (await importModuleFiles('module')).map(({ file, exports }) => {
    const definition = exports.default as ModuleDefinition | undefined;
    if (typeof definition?.plugin !== 'function') throw new Error(`${file} must export a module definition by default ({ plugin })`);
    return definition;
  });
}
