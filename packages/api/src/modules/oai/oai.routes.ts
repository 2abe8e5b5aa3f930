import { oaiEndpoint, oaiFormEndpoint } from '@estante/contracts/oai';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { OWN_INPUT_CHECK } from '../../plugins/input.js';
import { tokenKey } from './oai.queries.js';
import { answerOai, refuseOai, type Site } from './oai.service.js';

interface Options {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'mailFrom'>;
}

/** The form-encoded arguments of a POST (protocol §3.1.1.2); any other body is no OAI request. */
const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * `/oai`, GET and POST: the OAI-PMH 2.0 data provider (decision 0024). Every answer is an OAI-PMH
 * XML document with status 200, errors included, so the arguments reach the service as they came:
 * the raw query string or form body (repeated arguments kept), past the generic input guard
 * (control characters are the service's `badArgument`) and past JSON parsing.
 */
export const oaiRoutes: FastifyPluginAsync<Options> = async (app, { db, config }) => {
  let key: Promise<Buffer> | undefined;
  const deps = {
    db,
    tokenKey: () =>
      (key ??= tokenKey(db).catch((error: unknown) => {
        key = undefined;
        throw error;
      })),
  };
  const site = (request: FastifyRequest): Site => ({ origin: config.publicUrl ?? `${request.protocol}://${request.host}`, mailFrom: config.mailFrom });
  const send = (reply: FastifyReply, xml: string) => reply.type('text/xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);

  // This plugin's routes take their input as it came: the body as text, whatever its type.
  app.addHook('onRoute', (options) => {
    options.config = { ...options.config, [OWN_INPUT_CHECK]: true };
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  route(app, oaiEndpoint, async (request, reply) => send(reply, await answerOai(deps, queryPairs(request.url), site(request))));
  route(app, oaiFormEndpoint, async (request, reply) => {
    const type = request.headers['content-type'];
    const body = typeof request.body === 'string' ? request.body : '';
    // A body of another type carries no arguments the protocol knows.
    if (type !== undefined && !FORM.test(type))
      return send(reply, refuseOai(site(request), 'A POST request carries its arguments as application/x-www-form-urlencoded.'));
    return send(reply, await answerOai(deps, [...new URLSearchParams(body)], site(request)));
  });
};

/** The query string's arguments in order, repeated ones kept. */
function queryPairs(url: string): [string, string][] {
  const at = url.indexOf('?');
  return at === -1 ? [] : [...new URLSearchParams(url.slice(at + 1))];
}
