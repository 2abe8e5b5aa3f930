import { SITE_FILES } from '@estante/contracts/site';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { robots, sitemap, unapi } from './site.service.js';

interface Options {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
}

/** `/sitemap.xml`, `/robots.txt` and `/unapi` at the server's root (decision 0052). */
export const siteRoutes: FastifyPluginAsync<Options> = async (app, { db, config }) => {
  const origin = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  route(app, SITE_FILES.sitemap, async (request, reply) => {
    const xml = await sitemap(db, origin(request), request.query.pagina);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });
  route(app, SITE_FILES.robots, (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots(origin(request))),
  );
  route(app, SITE_FILES.unapi, async (request, reply) => {
    const answer = await unapi(db, request.query, origin(request), request.language);
    return reply.status(answer.status).type(answer.mediaType).header('cache-control', 'no-cache').send(answer.body);
  });
};
