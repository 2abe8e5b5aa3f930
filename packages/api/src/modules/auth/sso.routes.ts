import {
  errorSchema,
  oidcAuthorizeSchema,
  oidcValidarSchema,
  samlLoginSchema,
  samlValidarSchema,
  ssoStartQuerySchema,
  ssoTokenSchema,
} from '@estante/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { signInPair, type TokenService } from './auth.service.js';
import type { SsoService } from './sso.service.js';

const tags = ['Auth'];
const failures = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 422: errorSchema, 430: errorSchema };
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** OIDC and SAML sign-in (spec §7 Auth): start, the provider's answer, and the trade for tokens. */
export const ssoRoutes: FastifyPluginAsyncZod<{ sso: SsoService; tokens: TokenService; db: Db; session: Pick<Config, 'refreshTokenTtl'> }> = async (
  app,
  { sso, tokens, db, session },
) => {
  const issue = async (request: FastifyRequest, kind: 'oidc' | 'saml', handle: string) => {
    const { codPessoa, redirect } = await sso.trade(kind, handle);
    return { ...(await signInPair(db, tokens, codPessoa, request.principal!.clientId, session.refreshTokenTtl)), redirect };
  };

  app.get(
    '/oidc/authorize',
    {
      config: { access: 'public' },
      schema: { tags, security: [{ bearer: [] }], summary: 'Start an OIDC sign-in: the provider link and the nonce to keep', querystring: ssoStartQuerySchema, response: { 200: oidcAuthorizeSchema, ...failures } },
    },
    (request) => sso.oidcAuthorize(sso.siteUrl(origin(request)), request.query.login || undefined, request.query.redirect),
  );
  app.get(
    '/oidc/callback',
    {
      schema: {
        tags,
        summary: 'Where the OIDC provider sends the browser back (code or error); redirects to /oauth-response',
        querystring: z.object({ code: z.string().max(2000).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }).catchall(z.string().max(2000)),
      },
    },
    async (request, reply) => reply.redirect(await sso.oidcAnswer(sso.siteUrl(origin(request)), request.query), 303),
  );
  app.post(
    '/oidc/validar',
    {
      config: { access: 'public' },
      schema: { tags, security: [{ bearer: [] }], summary: 'Trade the OIDC nonce, once, for the patron’s tokens', body: oidcValidarSchema, response: { 200: ssoTokenSchema, ...failures } },
    },
    (request) => issue(request, 'oidc', request.body.nonce),
  );
  app.get(
    '/saml/login',
    {
      config: { access: 'public' },
      schema: { tags, security: [{ bearer: [] }], summary: 'Start a SAML sign-in: the identity provider link', querystring: ssoStartQuerySchema, response: { 200: samlLoginSchema, ...failures } },
    },
    (request) => sso.samlLogin(sso.siteUrl(origin(request)), request.query.redirect),
  );
  app.post(
    '/saml/acs',
    {
      schema: {
        tags,
        summary: 'Assertion consumer service: the IdP’s signed response (HTTP-POST binding); redirects to /saml-response',
        consumes: ['application/x-www-form-urlencoded'],
        body: z.object({ SAMLResponse: z.string().min(1).max(500_000), RelayState: z.string().min(1).max(100) }),
        response: { 400: errorSchema },
      },
    },
    async (request, reply) => reply.redirect(await sso.samlAcs(sso.siteUrl(origin(request)), request.body.SAMLResponse, request.body.RelayState), 303),
  );
  app.post(
    '/saml/validar',
    {
      config: { access: 'public' },
      schema: { tags, security: [{ bearer: [] }], summary: 'Trade the SAML ticket, once, for the patron’s tokens', body: samlValidarSchema, response: { 200: ssoTokenSchema, ...failures } },
    },
    (request) => issue(request, 'saml', request.body.saml),
  );
};
