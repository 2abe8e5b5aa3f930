import { randomBytes } from 'node:crypto';
import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { errors } from './auth.messages.js';
import { findPerson } from './auth.queries.js';
import { consumeAnswer, findPersonByIdentity, findWaitingByState, insertSignIn, recordAnswer, takeRequestId } from './sso.queries.js';

/** Why a provider's answer signed nobody in (kept with the sign-in until the browser trades it). */
type SsoRefusal = 'SsoPermissaoNegada' | 'SsoErroAutenticacao' | 'SsoTokenInvalido' | 'SsoUsuarioNaoEncontrado';

const handle = () => randomBytes(24).toString('base64url');

/** Where the browser lands after the identity provider: the web app's response screens (spec §2). */
const OIDC_SCREEN = '/oauth-response';
const SAML_SCREEN = '/saml-response';

/**
 * Institutional sign-in (spec §2, §4, §7): OpenID Connect with openid-client (authorization
 * code, PKCE, state and nonce checked) and SAML 2 with node-saml (signed assertions, audience,
 * InResponseTo). The provider's answer comes to the server (`/oidc/callback`, `/saml/acs`),
 * which records what it proved under a random handle and sends the browser to the response
 * screen; the screen trades the handle once (`/oidc/validar`, `/saml/validar`) for tokens.
 */
export class SsoService {
  private oidcConfig: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'oidc' | 'saml' | 'publicUrl' | 'apiBasePath'>,
    /** Why a provider's answer was refused, for the server log (the patron sees only the spec's message). */
    private readonly warn: (message: string, error: unknown) => void = () => undefined,
  ) {}

  /**
   * The site's address, where the provider sends the patron back: PUBLIC_URL. Without it, only a
   * loopback address the browser used (a developer's machine) is trusted: any other Host header
   * could send the patron, and their sign-in, to someone else's site — so single sign-on then
   * answers as not configured, and the log says why.
   */
  siteUrl(requestOrigin: string, kind: 'OIDC' | 'SAML'): string {
    if (this.config.publicUrl) return this.config.publicUrl;
    const host = new URL(requestOrigin).hostname;
    if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]') return requestOrigin;
    this.warn(`${kind} sign-in needs PUBLIC_URL when the site is not reached on localhost (Host: ${host.slice(0, 100)})`, null);
    throw errors.ssoNotConfigured(kind);
  }

  // --- OpenID Connect -------------------------------------------------------------------

  private oidcSettings() {
    if (!this.config.oidc) throw errors.ssoNotConfigured('OIDC');
    return this.config.oidc;
  }

  private discover(): Promise<oidc.Configuration> {
    const settings = this.oidcSettings();
    this.oidcConfig ??= (async () => {
      const issuer = new URL(settings.issuer);
      // A provider on plain http (a campus test server, the tests' own) is allowed explicitly.
      const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
      const clientAuth = settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None();
      return oidc.discovery(issuer, settings.clientId, settings.clientSecret ?? undefined, clientAuth, { execute });
    })().catch((error: unknown) => {
      this.oidcConfig = null;
      throw error;
    });
    return this.oidcConfig;
  }

  private redirectUri(site: string): string {
    return `${site}${this.config.apiBasePath}/oidc/callback`;
  }

  /** `GET /oidc/authorize`: the provider's authorization link (PKCE, state, nonce) and the browser's handle. */
  async oidcAuthorize(site: string, login: string | undefined, redirect: string | undefined): Promise<{ nonce: string; link: string }> {
    this.oidcSettings();
    let configuration: oidc.Configuration;
    try {
      configuration = await this.discover();
    } catch {
      throw errors.ssoFailed();
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const browserHandle = handle();
    await insertSignIn(this.db, { handle: browserHandle, kind: 'oidc', state, codeVerifier, oidcNonce: nonce, redirect: redirect ?? null });
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri(site),
      scope: 'openid profile email',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    if (login) parameters.login_hint = login;
    return { nonce: browserHandle, link: oidc.buildAuthorizationUrl(configuration, parameters).href };
  }

  /**
   * `GET /oidc/callback`: the provider's answer. The code is exchanged (state, PKCE and the ID
   * token's nonce checked by openid-client); the username claim names the person. Answers the
   * screen to send the browser to.
   */
  async oidcAnswer(site: string, query: Record<string, string | undefined>): Promise<string> {
    const screen = `${site}${OIDC_SCREEN}`;
    const waiting = query.state ? await findWaitingByState(this.db, query.state) : undefined;
    if (!waiting) return screen;
    let outcome: { codPessoa: number } | { errorKey: SsoRefusal };
    if (query.error) outcome = { errorKey: query.error === 'access_denied' ? 'SsoPermissaoNegada' : 'SsoErroAutenticacao' };
    else {
      try {
        const configuration = await this.discover();
        const current = new URL(this.redirectUri(site));
        for (const [key, value] of Object.entries(query)) if (value !== undefined) current.searchParams.set(key, value);
        const tokens = await oidc.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: waiting.code_verifier,
          expectedState: query.state,
          expectedNonce: waiting.oidc_nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        const claim = this.oidcSettings().usernameClaim;
        let identity = claims[claim];
        if (typeof identity !== 'string') identity = (await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub))[claim];
        const codPessoa = typeof identity === 'string' ? await findPersonByIdentity(this.db, identity) : undefined;
        outcome = codPessoa ? { codPessoa } : { errorKey: 'SsoUsuarioNaoEncontrado' };
      } catch (error) {
        this.warn('OIDC answer refused', error);
        outcome = { errorKey: 'SsoTokenInvalido' };
      }
    }
    await recordAnswer(this.db, waiting.handle, 'oidc', outcome);
    return screen;
  }

  // --- SAML 2 ---------------------------------------------------------------------------

  private saml(site: string): SAML {
    const settings = this.config.saml;
    if (!settings) throw errors.ssoNotConfigured('SAML');
    const db = this.db;
    // Request IDs we issued live in the database, so any API process checks InResponseTo.
    const cacheProvider: CacheProvider = {
      async saveAsync(key, value) {
        await insertSignIn(db, { handle: key, kind: 'saml-request', state: null, redirect: null });
        return { value, createdAt: Date.now() };
      },
      getAsync: (key) => takeRequestId(db, key, false),
      removeAsync: (key) => (key ? takeRequestId(db, key, true) : Promise.resolve(null)),
    };
    return new SAML({
      entryPoint: settings.entryPoint,
      issuer: settings.issuer,
      audience: settings.issuer,
      callbackUrl: `${site}${this.config.apiBasePath}/saml/acs`,
      idpCert: settings.idpCert,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: 10 * 60_000,
      cacheProvider,
      acceptedClockSkewMs: 5_000,
    });
  }

  /** `GET /saml/login`: the IdP link with a signed-for-us AuthnRequest; the handle rides as RelayState. */
  async samlLogin(site: string, redirect: string | undefined): Promise<{ link: string }> {
    const saml = this.saml(site);
    const relay = handle();
    await insertSignIn(this.db, { handle: relay, kind: 'saml', state: null, redirect: redirect ?? null });
    return { link: await saml.getAuthorizeUrlAsync(relay, undefined, {}) };
  }

  /**
   * `POST /saml/acs`: the IdP's response, posted by the browser. The assertion's signature,
   * audience, validity window and InResponseTo are checked; the NameID (or the configured
   * attribute) names the person. Answers the screen to send the browser to, with the ticket.
   */
  async samlAcs(site: string, samlResponse: string, relayState: string): Promise<string> {
    let outcome: { codPessoa: number } | { errorKey: SsoRefusal };
    try {
      // A SAML message never carries a DTD (SAML 2.0 bindings, 3.5.x; its entities are the XML
      // bombs of issue 52): refused before any XML parser sees it.
      if (/<!DOCTYPE/i.test(Buffer.from(samlResponse, 'base64').toString('utf8'))) throw new Error('SAML response with a DTD');
      const { profile } = await this.saml(site).validatePostResponseAsync({ SAMLResponse: samlResponse });
      const identity = profile ? this.samlIdentity(profile) : undefined;
      const codPessoa = identity ? await findPersonByIdentity(this.db, identity) : undefined;
      outcome = codPessoa ? { codPessoa } : { errorKey: 'SsoUsuarioNaoEncontrado' };
    } catch (error) {
      this.warn('SAML response refused', error);
      outcome = { errorKey: /denied|RequestDenied/i.test(String(error)) ? 'SsoPermissaoNegada' : 'SsoTokenInvalido' };
    }
    await recordAnswer(this.db, relayState, 'saml', outcome);
    return `${site}${SAML_SCREEN}?${new URLSearchParams({ saml: relayState })}`;
  }

  private samlIdentity(profile: Profile): string | undefined {
    const attribute = this.config.saml?.usernameAttribute;
    const value = attribute ? profile[attribute] : profile.nameID;
    return typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
  }

  // --- both -----------------------------------------------------------------------------

  /**
   * `POST /oidc/validar {nonce}` and `POST /saml/validar {saml}`: the recorded answer, once.
   * An unknown, unanswered, expired or already traded handle is refused (422: the login page
   * shows the server's message, spec §8), as is what the provider's answer did not prove; a
   * blocked person gets 430.
   */
  async trade(kind: 'oidc' | 'saml', browserHandle: string): Promise<{ codPessoa: number; redirect: string | null }> {
    const answer = await consumeAnswer(this.db, browserHandle, kind);
    if (!answer) throw errors.ssoTokenInvalid();
    if (answer.error_key) throw errors.ssoRefused(answer.error_key);
    const person = answer.cod_pessoa === null ? undefined : await findPerson(this.db, answer.cod_pessoa);
    if (!person) throw errors.ssoUserNotFound();
    if (person.bloqueio) throw errors.accountBlocked();
    return { codPessoa: person.cod_pessoa, redirect: answer.redirect };
  }
}
