import { authEndpoints } from '@estante/contracts/auth';
import type { FastifyPluginAsync } from 'fastify';
import type { Captcha } from './captcha.js';
import { route } from '../../lib/route.js';
import { rememberLanguage } from '../people/people.service.js';
import { errors } from './auth.messages.js';
import type { Db } from '../../db/client.js';
import { externalAccess } from '../links/links.service.js';
import { loginLabel } from '../parameters/parameters.service.js';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import {
  checkPassword,
  currentPerson,
  duplicatesOf,
  loginOptions,
  switchRegistration,
  signInPair,
  revokeRefreshToken,
  rotateRefreshToken,
  releaseSignIn,
  reserveSignIn,
  signInSucceeded,
  type TokenService,
} from './auth.service.js';

type SessionConfig = Pick<Config, 'refreshTokenTtl' | 'signInMaxFailures' | 'signInLockSeconds' | 'providerSecret'>;

/** The captcha's challenge, and `POST /oauth/token`: the OAuth 2 token endpoint (form-encoded or JSON). */
export const authRoutes: FastifyPluginAsync<{ tokens: TokenService; db: Db; session: SessionConfig; captcha: Captcha }> = async (
  app,
  { tokens, db, session, captcha },
) => {
  route(app, authEndpoints.captchaChallenge, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });

  route(app, authEndpoints.token, async (request, reply) => {
    // Tokens are never kept by a cache (RFC 6749 §5.1).
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const { grant_type: grant, ...body } = request.body;
    if (grant !== 'client_credentials' && grant !== 'password' && grant !== 'refresh_token') throw errors.unsupportedGrant(grant.slice(0, 64));
    const basic = basicCredentials(request.headers.authorization);
    const clientId = body.client_id ?? basic?.id;
    // Every grant authenticates the client first: a patron signs in through a known client.
    const anonymous = await tokens.clientCredentials(clientId, body.client_secret ?? basic?.secret);
    if (grant === 'client_credentials') return { access_token: anonymous.token, token_type: 'bearer' as const, expires_in: anonymous.expiresIn };
    if (grant === 'refresh_token') {
      const rotated = await rotateRefreshToken(db, body.refresh_token, clientId!, session.refreshTokenTtl);
      const { token, expiresIn } = await tokens.patron(rotated.codPessoa, clientId!, rotated.login);
      return { access_token: token, token_type: 'bearer' as const, expires_in: expiresIn, refresh_token: rotated.refresh };
    }
    // Repeated failures step up (spec §8, SIGN_IN_STEPS): a captcha, then 429 for the username at
    // that address, the username, the address. The attempt is counted before the password is
    // checked, and given back unless it was wrong.
    const limits = { maxFailures: session.signInMaxFailures, lockSeconds: session.signInLockSeconds };
    const step = await reserveSignIn(db, body.username, request.ip, limits);
    let signedIn: { codPessoa: number; login: string };
    try {
      await captcha.require(body.recaptcha_token, step.captcha);
      signedIn = await checkPassword(db, body.username, body.password, await loginLabel(db, request.language));
    } catch (error) {
      if (!(error instanceof AppError && error.status === 401)) await releaseSignIn(db, body.username, request.ip, limits);
      throw error;
    }
    await signInSucceeded(db, body.username!, request.ip, limits);
    await rememberLanguage(db, signedIn.codPessoa, request.language);
    return signInPair(db, tokens, signedIn.codPessoa, clientId!, session.refreshTokenTtl, signedIn.login);
  });
};

/** `POST /oauth/revoke` (RFC 7009): logout ends the session's refresh-token family; always 200. */
export const revokeRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, authEndpoints.revoke, async (request) => {
    await revokeRefreshToken(db, request.body.token);
    return {};
  });
};

/** `GET /pessoas` (the signed-in patron) and the person choosers of spec §2/§4. */
export const peopleRoutes: FastifyPluginAsync<{ db: Db; tokens: TokenService; session: SessionConfig }> = async (app, { db, tokens, session }) => {
  route(app, authEndpoints.duplicates, (request) => duplicatesOf(db, request.query.usuario, request.language));
  route(app, authEndpoints.registrations, (request) => loginOptions(db, request.patron.codPessoa, request.language));
  route(app, authEndpoints.switchRegistration, async (request) => {
    const codPessoa = await switchRegistration(db, request.patron.codPessoa, request.body.codigo, request.body.base);
    // Spec §7 "switch person (code, optional external-resource key)": the resource's address for
    // the registration switched to, generated before any token is (a refusal changes nothing).
    const { recurso } = request.body;
    const acesso = recurso ? await externalAccess(db, session.providerSecret, codPessoa, recurso, undefined, request.language) : null;
    // The swapped-to registration's session keeps the login signed in with.
    return { ...(await signInPair(db, tokens, codPessoa, request.principal!.clientId, session.refreshTokenTtl, request.patron.login)), acesso };
  });
  route(app, authEndpoints.me, (request, reply) => {
    reply.header('cache-control', 'no-store');
    return currentPerson(db, request.patron.codPessoa, request.patron.login);
  });
};

/** Client credentials from an HTTP Basic header (RFC 6749 §2.3.1), if one is sent. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header) : null;
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  const id = safeDecode(decoded.slice(0, colon));
  const secret = safeDecode(decoded.slice(colon + 1));
  // Bad percent-encoding is a client that cannot authenticate (401 invalid_client), not a crash.
  if (id === null || secret === null) throw errors.invalidClient();
  return { id, secret };
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
