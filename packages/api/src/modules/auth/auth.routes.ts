import { errorSchema, tokenRequestSchema, tokenResponseSchema } from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/errors.js';
import type { TokenService } from './auth.service.js';

/** `POST /oauth/token`: the OAuth 2 token endpoint (form-encoded or JSON). */
export const authRoutes: FastifyPluginAsyncZod<{ tokens: TokenService }> = async (app, { tokens }) => {
  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Issue an access token (client_credentials grant; password and refresh_token come with sign-in)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { grant_type: grant, ...body } = request.body;
      if (grant !== 'client_credentials') throw errors.unsupportedGrant(grant.slice(0, 64));
      const basic = basicCredentials(request.headers.authorization);
      const { token, expiresIn } = await tokens.clientCredentials(body.client_id ?? basic?.id, body.client_secret ?? basic?.secret);
      return { access_token: token, token_type: 'bearer' as const, expires_in: expiresIn };
    },
  );
};

/** Client credentials from an HTTP Basic header (RFC 6749 §2.3.1), if one is sent. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header) : null;
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}
