import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../lib/messages.js';

/** Who is calling: the catalogue's own client (anonymous token) or a signed-in patron. */
export type Principal =
  | { kind: 'public'; clientId: string }
  /** `login`: the login the session was signed in with (null for a single sign-on, or a token issued before it was carried). */
  | { kind: 'patron'; codPessoa: number; clientId: string; login: string | null };

/** What this plugin needs of the token service (modules/auth implements it): a token's principal, or null. */
export interface TokenVerifier {
  verify(token: string): Promise<Principal | null>;
}

/** Who may call a route (spec §7): anonymous token, patron token, or either. */
export type Access = 'public' | 'private' | 'either';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes without `access` are open (token endpoint, docs, health). */
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/**
 * Authentication by scope: a route declares `config.access` and this hook checks the bearer
 * token before the handler runs. Public and either routes accept the anonymous token and a
 * patron's; private routes need a patron's.
 */
export const authPlugin = fp<{ tokens: TokenVerifier }>(async (app, { tokens }) => {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw errors.tokenMissing();
    const principal = await tokens.verify(match[1]!);
    if (!principal) throw errors.tokenInvalid();
    if (access === 'private' && principal.kind !== 'patron') throw errors.patronRequired();
    request.principal = principal;
  });
});

/** The signed-in patron's person code on a private route (403 for an anonymous token). */
export function patronOf(request: FastifyRequest): number {
  const principal = request.principal;
  if (principal?.kind !== 'patron') throw errors.patronRequired();
  return principal.codPessoa;
}

/** The login the signed-in patron's session began with, when the token carries it. */
export function signedInLogin(request: FastifyRequest): string | null {
  const principal = request.principal;
  return principal?.kind === 'patron' ? principal.login : null;
}
