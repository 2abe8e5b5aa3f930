import fp from 'fastify-plugin';
import { type Access, needsPatron, type StaffRole, staffRolesOf } from '@estante/contracts/kernel';
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

/** A signed-in patron, as a private call's handler gets them (`request.patron`). */
export interface Patron {
  codPessoa: number;
  /** The login the session was signed in with (null for a single sign-on, or an older token). */
  login: string | null;
}

/** A staff member, as a staff call's handler gets them (`request.staff`): the person and all their roles. */
export interface StaffMember extends Patron {
  roles: readonly StaffRole[];
}

/** What this plugin needs to know of a staff call's caller (modules/staff reads `staff_roles`). */
export type RolesOf = (codPessoa: number) => Promise<readonly StaffRole[]>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes without `access` are open (token endpoint, docs, health). */
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The signed-in patron, on a route whose access takes one (always there on private and staff routes). */
    patron: Patron | null;
    /** The staff member, on a staff route (their roles checked against the route's). */
    staff: StaffMember | null;
  }
}

/**
 * Access by declaration: a route declares `config.access` (from its contracts endpoint) and this
 * hook enforces it before the handler runs. Public and either routes accept the anonymous token
 * and a patron's; private routes need a patron's; staff routes a patron's whose person holds one
 * of the route's roles (`staff_roles`), else 403 naming the roles.
 */
export const authPlugin = fp<{ tokens: TokenVerifier; rolesOf: RolesOf }>(async (app, { tokens, rolesOf }) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('patron', null);
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw errors.tokenMissing();
    const principal = await tokens.verify(match[1]!);
    if (!principal) throw errors.tokenInvalid();
    if (needsPatron(access) && principal.kind !== 'patron') throw errors.patronRequired();
    request.principal = principal;
    if (principal.kind !== 'patron') return;
    const patron: Patron = { codPessoa: principal.codPessoa, login: principal.login };
    request.patron = patron;
    const wanted = staffRolesOf(access);
    if (!wanted) return;
    const roles = await rolesOf(patron.codPessoa);
    if (!wanted.some((role) => roles.includes(role))) throw errors.roleRequired(wanted);
    request.staff = { ...patron, roles };
  });
});
