import { errorSchema, pessoaSchema, tokenRequestSchema, tokenResponseSchema } from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/errors.js';
import type { Db } from '../../db/client.js';
import { patronOf } from '../../plugins/auth.js';
import { loginLabel } from '../parameters/parameters.service.js';
import { checkPassword, currentPerson, type TokenService } from './auth.service.js';

/** `POST /oauth/token`: the OAuth 2 token endpoint (form-encoded or JSON). */
export const authRoutes: FastifyPluginAsyncZod<{ tokens: TokenService; db: Db }> = async (app, { tokens, db }) => {
  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Issue an access token (client_credentials or password grant)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: errorSchema, 401: errorSchema, 430: errorSchema },
      },
    },
    async (request) => {
      const { grant_type: grant, ...body } = request.body;
      if (grant !== 'client_credentials' && grant !== 'password') throw errors.unsupportedGrant(grant.slice(0, 64));
      const basic = basicCredentials(request.headers.authorization);
      const clientId = body.client_id ?? basic?.id;
      // Both grants authenticate the client first: a patron signs in through a known client.
      const anonymous = await tokens.clientCredentials(clientId, body.client_secret ?? basic?.secret);
      if (grant === 'client_credentials') return { access_token: anonymous.token, token_type: 'bearer' as const, expires_in: anonymous.expiresIn };
      const codPessoa = await checkPassword(db, body.username, body.password, await loginLabel(db, request.language));
      const { token, expiresIn } = await tokens.patron(codPessoa, clientId!);
      return { access_token: token, token_type: 'bearer' as const, expires_in: expiresIn };
    },
  );
};

/** `GET /pessoas`: the signed-in patron (user, authPermissions, bloqueio). */
export const peopleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/pessoas',
    {
      config: { access: 'private' },
      schema: { tags: ['Pessoas'], security: [{ bearer: [] }], summary: 'The signed-in patron', response: { 200: pessoaSchema, 401: errorSchema, 403: errorSchema } },
    },
    (request) => currentPerson(db, patronOf(request)),
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
