import fp from 'fastify-plugin';
import { onPrimary } from '../db/replicas.js';

/** How long after a write the same browser's reads stay on the primary. */
export const READ_YOUR_WRITES_SECONDS = 10;
/** The cookie that says so (it carries no data: any worker, on any machine, can honour it). */
export const PRIMARY_COOKIE = 'estante-primario';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HAS_COOKIE = new RegExp(`(?:^|;\\s*)${PRIMARY_COOKIE}=1(?:;|$)`);

/**
 * Read-your-writes over replicas (decision 0038): a call that changed something (any method but
 * GET, HEAD and OPTIONS, answered below 400) sets a short-lived cookie, and while the browser
 * sends it back every read of its calls goes to the primary, so a patron who just placed a hold
 * sees it on the title page even when the replicas have not replayed it yet. Registered only when
 * DATABASE_REPLICA_URL names replicas.
 */
export const readYourWritesPlugin = fp(async (app) => {
  app.addHook('onRequest', (request, _reply, done) => {
    if (HAS_COOKIE.test(request.headers.cookie ?? '')) onPrimary(done);
    else done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400)
      // Secure over HTTPS (behind a proxy: its X-Forwarded-Proto, TRUST_PROXY); under a prefix the proxy rewrites the Path (ops/nginx).
      reply.header(
        'set-cookie',
        `${PRIMARY_COOKIE}=1; Max-Age=${READ_YOUR_WRITES_SECONDS}; Path=/; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`,
      );
    return payload;
  });
});
