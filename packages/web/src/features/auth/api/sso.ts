import { ssoEndpoints } from '@estante/contracts/auth';
import { api } from '../../../api/client';
import { finishSignIn } from './sign-in';

/** Where the OIDC handle waits while the browser is at the identity provider (spec §4 logout variants). */
const OIDC_NONCE_KEY = 'estante.oidc-nonce';
/** Set when the session came from SAML, so logout goes to the IdP's logout link. */
const SAML_SESSION_KEY = 'estante.saml-session';
/** A message for the login page, read once (spec §4 "An OIDC error message may be read once"). */
const SSO_ERROR_KEY = 'estante.oidc-error';

/** Sends the browser to the OIDC provider (`GET /oidc/authorize` → nonce + link). */
export async function startOidc(login: string | undefined, redirect: string): Promise<void> {
  const { nonce, link } = await api(ssoEndpoints.oidcAuthorize, { query: { ...(login ? { login } : {}), ...(redirect ? { redirect } : {}) } });
  sessionStorage.setItem(OIDC_NONCE_KEY, nonce);
  window.location.assign(link);
}

/** Sends the browser to the SAML identity provider (`GET /saml/login` → link). */
export async function startSaml(redirect: string): Promise<void> {
  const { link } = await api(ssoEndpoints.samlLogin, { query: redirect ? { redirect } : {} });
  window.location.assign(link);
}

/** `/oauth-response`: trades the kept nonce for a session; answers where to go. */
export async function finishOidc(): Promise<string | null> {
  const nonce = sessionStorage.getItem(OIDC_NONCE_KEY);
  if (!nonce) throw new Error('no OIDC sign-in in progress');
  const answer = await api(ssoEndpoints.oidcValidate, { body: { nonce } });
  await finishSignIn(answer, false);
  return answer.redirect;
}

/** `/saml-response?saml=…`: trades the ticket for a session; answers where to go. */
export async function finishSaml(ticket: string): Promise<string | null> {
  const answer = await api(ssoEndpoints.samlValidate, { body: { saml: ticket } });
  await finishSignIn(answer, false);
  sessionStorage.setItem(SAML_SESSION_KEY, '1');
  return answer.redirect;
}

/** Keeps an external sign-in's error for the login page to show once. */
export function keepSsoError(message: string): void {
  sessionStorage.setItem(SSO_ERROR_KEY, message);
}

/** The kept error, if any (the login page forgets it once it has shown it: forgetSsoError). */
export function keptSsoError(): string | null {
  return sessionStorage.getItem(SSO_ERROR_KEY);
}

/** Forgets the kept error: after the login page that shows it has mounted, so a reload shows it no more. */
export function forgetSsoError(): void {
  sessionStorage.removeItem(SSO_ERROR_KEY);
}

/**
 * Logout variants (spec §4): with an OIDC nonce, forget it and leave through the provider's
 * logout link; after SAML, through the SAML logout link; otherwise nowhere (null).
 */
export function externalLogout(links: { oidc: string | null; saml: string | null }): string | null {
  const oidc = sessionStorage.getItem(OIDC_NONCE_KEY);
  const saml = sessionStorage.getItem(SAML_SESSION_KEY);
  sessionStorage.removeItem(OIDC_NONCE_KEY);
  sessionStorage.removeItem(SAML_SESSION_KEY);
  if (oidc && links.oidc) return links.oidc;
  if (saml && links.saml) return links.saml;
  return null;
}
