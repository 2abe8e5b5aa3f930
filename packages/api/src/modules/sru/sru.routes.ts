import { sruEndpoint } from '@estante/contracts/sru';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { type Db, isDatabaseUnavailable } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { OWN_INPUT_CHECK } from '../../plugins/input.js';
import type { Searcher } from '../search/search.remote.js';
import type { ServerAddress } from './sru.explain.js';
import { SruDiagnostic } from './sru.diagnostics.js';
import { answerSru, contentType, responseVersion } from './sru.service.js';
import { searchRetrieveXml } from './sru.xml.js';

interface Options {
  db: Db;
  index: Searcher;
  config: Pick<Config, 'publicUrl'>;
}

/** What a client retries after when the database is out of reach (as the API's 503s say). */
const RETRY_AFTER_SECONDS = 5;

/** `GET /sru` (decision 0025): every answer XML, bad input a diagnostic; a fault of ours diagnostic 1 or 2. */
export const sruRoutes: FastifyPluginAsync<Options> = async (app, { db, index, config }) => {
  const server = (request: FastifyRequest): ServerAddress => {
    const url = new URL(config.publicUrl ?? `${request.protocol}://${request.host}`);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    // Under PUBLIC_URL's path when a proxy serves the site there (decision 0062): `biblioteca/sru`.
    return { host: url.hostname, port, database: `${url.pathname.replace(/\/+$/, '')}${sruEndpoint.path}`.slice(1) };
  };

  // Control characters in the input are a diagnostic of the answer (sru.service.ts), not the API's JSON 400.
  app.addHook('onRoute', (options) => {
    options.config = { ...options.config, [OWN_INPUT_CHECK]: true };
  });

  route(app, sruEndpoint, async (request, reply) => {
    try {
      const answer = await answerSru({ index, db, server: server(request) }, request.query);
      return reply.type(answer.contentType).header('cache-control', 'no-cache').send(answer.body);
    } catch (error) {
      const { version } = responseVersion(request.query);
      const unavailable = isDatabaseUnavailable(error);
      if (unavailable) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      else request.log.error({ err: error }, 'unexpected error answering SRU');
      const diagnostic = new SruDiagnostic(unavailable ? 2 : 1).diagnostic;
      const body = searchRetrieveXml(version, {
        numberOfRecords: 0,
        records: [],
        escaping: 'xml',
        nextRecordPosition: null,
        echo: null,
        diagnostics: [diagnostic],
      });
      return reply
        .code(unavailable ? 503 : 500)
        .type(contentType(version))
        .send(body);
    }
  });
};
