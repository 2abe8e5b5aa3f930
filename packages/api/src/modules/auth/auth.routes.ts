import {
  captchaChallengeSchema,
  duplicadasQuerySchema,
  duplicadasSchema,
  errorSchema,
  pessoaOpcaoSchema,
  pessoaSchema,
  revokeRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  trocaLoginSchema,
} from '@estante/contracts';
import type { Captcha } from './captcha.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/errors.js';
import type { Db } from '../../db/client.js';
import { patronOf } from '../../plugins/auth.js';
import { loginLabel } from '../parameters/parameters.service.js';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import {
  checkPassword,
  currentPerson,
  duplicatesOf,
  loginOptions,
  switchRegistration,
  guardSignIn,
  signInPair,
  revokeRefreshToken,
  rotateRefreshToken,
  signInFailed,
  signInSucceeded,
  type TokenService,
} from './auth.service.js';

/** `POST /oauth/token`: the OAuth 2 token endpoint (form-encoded or JSON). */
type SessionConfig = Pick<Config, 'refreshTokenTtl' | 'signInMaxFailures' | 'signInLockSeconds'>;

export const authRoutes: FastifyPluginAsyncZod<{ tokens: TokenService; db: Db; session: SessionConfig; captcha: Captcha }> = async (app, { tokens, db, session, captcha }) => {
  app.get(
    '/captcha/desafio',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Auth'],
        security: [{ bearer: [] }],
        summary: 'A proof-of-work challenge (ALTCHA) for the sign-in and recovery captcha (activity 1120)',
        response: { 200: captchaChallengeSchema, 401: errorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );

  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Issue an access token (client_credentials, password or refresh_token grant)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema, 430: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      const { grant_type: grant, ...body } = request.body;
      if (grant !== 'client_credentials' && grant !== 'password' && grant !== 'refresh_token') throw errors.unsupportedGrant(grant.slice(0, 64));
      const basic = basicCredentials(request.headers.authorization);
      const clientId = body.client_id ?? basic?.id;
      // Every grant authenticates the client first: a patron signs in through a known client.
      const anonymous = await tokens.clientCredentials(clientId, body.client_secret ?? basic?.secret);
      if (grant === 'client_credentials') return { access_token: anonymous.token, token_type: 'bearer' as const, expires_in: anonymous.expiresIn };
      if (grant === 'refresh_token') {
        const rotated = await rotateRefreshToken(db, body.refresh_token, clientId!, session.refreshTokenTtl);
        const { token, expiresIn } = await tokens.patron(rotated.codPessoa, clientId!);
        return { access_token: token, token_type: 'bearer' as const, expires_in: expiresIn, refresh_token: rotated.refresh };
      }
      // Repeated failures for one username or one address cool down with 429 (spec §8).
      await guardSignIn(db, body.username, request.ip);
      await captcha.require(body.recaptcha_token);
      let codPessoa: number;
      try {
        codPessoa = await checkPassword(db, body.username, body.password, await loginLabel(db, request.language));
      } catch (error) {
        if (error instanceof AppError && error.status === 401) await signInFailed(db, body.username, request.ip, { maxFailures: session.signInMaxFailures, lockSeconds: session.signInLockSeconds });
        throw error;
      }
      await signInSucceeded(db, body.username!);
      return signInPair(db, tokens, codPessoa, clientId!, session.refreshTokenTtl);
    },
  );
};

/** `POST /oauth/revoke` (RFC 7009): logout ends the session's refresh-token family; always 200. */
export const revokeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/oauth/revoke',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Revoke a refresh token (logout); unknown tokens are ignored',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: revokeRequestSchema,
        response: { 200: z.object({}), 400: errorSchema },
      },
    },
    async (request) => {
      await revokeRefreshToken(db, request.body.token);
      return {};
    },
  );
};

/** `GET /pessoas` (the signed-in patron) and the person choosers of spec §2/§4. */
export const peopleRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: TokenService; session: SessionConfig }> = async (app, { db, tokens, session }) => {
  app.get(
    '/pessoas/duplicadas',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Pessoas'],
        security: [{ bearer: [] }],
        summary: 'Institution 571, step one: the registrations behind a username (for the required chooser)',
        querystring: duplicadasQuerySchema,
        response: { 200: duplicadasSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    (request) => duplicatesOf(db, request.query.usuario),
  );
  app.get(
    '/pessoas/login',
    {
      config: { access: 'private' },
      schema: {
        tags: ['Pessoas'],
        security: [{ bearer: [] }],
        summary: 'The signed-in person’s registrations (login-origin chooser after sign-in)',
        response: { 200: z.array(pessoaOpcaoSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    (request) => loginOptions(db, patronOf(request)),
  );
  app.put(
    '/pessoas/troca-login',
    {
      config: { access: 'private' },
      schema: {
        tags: ['Pessoas'],
        security: [{ bearer: [] }],
        summary: 'Continue as another of the person’s registrations: answers a new token pair',
        body: trocaLoginSchema,
        response: { 200: tokenResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 422: errorSchema, 430: errorSchema },
      },
    },
    async (request) => {
      const codPessoa = await switchRegistration(db, patronOf(request), request.body.codigo, request.body.base);
      return signInPair(db, tokens, codPessoa, request.principal!.clientId, session.refreshTokenTtl);
    },
  );
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
