import { ssoEndpoints } from '@estante/contracts/auth';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { rememberLanguage } from '../people/people.service.js';
import { signInPair, type TokenService } from './auth.service.js';
import type { SsoService } from './sso.service.js';

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** OIDC and SAML sign-in (spec §7 Auth): start, the provider's answer, and the trade for tokens. */
export const ssoRoutes: FastifyPluginAsync<{ sso: SsoService; tokens: TokenService; db: Db; session: Pick<Config, 'refreshTokenTtl'> }> = async (
  app,
  { sso, tokens, db, session },
) => {
  const issue = async (request: FastifyRequest, kind: 'oidc' | 'saml', handle: string) => {
    const { codPessoa, redirect } = await sso.trade(kind, handle);
    await rememberLanguage(db, codPessoa, request.language);
    return { ...(await signInPair(db, tokens, codPessoa, request.principal!.clientId, session.refreshTokenTtl, null)), redirect };
  };
  route(app, ssoEndpoints.oidcAuthorize, (request) =>
    sso.oidcAuthorize(sso.siteUrl(origin(request), 'OIDC'), request.query.login || undefined, request.query.redirect),
  );
  route(app, ssoEndpoints.oidcCallback, async (request, reply) =>
    reply.redirect(await sso.oidcAnswer(sso.siteUrl(origin(request), 'OIDC'), request.query), 303),
  );
  route(app, ssoEndpoints.oidcValidate, (request) => issue(request, 'oidc', request.body.nonce));
  route(app, ssoEndpoints.samlLogin, (request) => sso.samlLogin(sso.siteUrl(origin(request), 'SAML'), request.query.redirect));
  route(app, ssoEndpoints.samlAcs, async (request, reply) =>
    reply.redirect(await sso.samlAcs(sso.siteUrl(origin(request), 'SAML'), request.body.SAMLResponse, request.body.RelayState), 303),
  );
  route(app, ssoEndpoints.samlValidate, (request) => issue(request, 'saml', request.body.saml));
};
