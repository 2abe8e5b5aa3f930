import { generateKeyPairSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createPatron } from '../../../test/factories.js';
import { startTestOidcProvider } from '../../../test/oidc-provider.js';
import { IDP_CERT_PATH, readAuthnRequest, samlResponse } from '../../../test/saml-idp.js';

const SITE = 'http://estante.test';

async function seedPeople(t: TestApp) {
  await createInstitution(t.database.db);
  await createPatron(t.database.db, { login: 'ana', nome: 'Ana Souza', password: 'Senha-segura1', email: 'ana.souza@example.org' });
  await createPatron(t.database.db, { login: 'bruno', nome: 'Bruno Lima', password: 'Senha-segura1', bloqueio: true });
}

const authorized = async (t: TestApp) => ({ authorization: `Bearer ${await publicToken(t.app)}` });

async function whoIs(t: TestApp, accessToken: string) {
  const response = await t.app.inject({ method: 'GET', url: '/svc/pessoas', headers: { authorization: `Bearer ${accessToken}` } });
  expect(response.statusCode).toBe(200);
  return response.json().user.nome_pessoa as string;
}

describe('OIDC sign-in against a real provider (oidc-provider)', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startTestOidcProvider>>;
  beforeAll(async () => {
    idp = await startTestOidcProvider({ id: 'estante', secret: 'segredo-do-cliente', redirectUri: `${SITE}/svc/oidc/callback` });
    t = await createTestApp({ PUBLIC_URL: SITE, OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'estante', OIDC_CLIENT_SECRET: 'segredo-do-cliente' });
    await seedPeople(t);
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  /** The button: `/oidc/authorize` → the provider link and the nonce the browser keeps. */
  async function authorize(query = 'redirect=%2Facervo%2F7') {
    const response = await t.app.inject({ method: 'GET', url: `/svc/oidc/authorize?${query}`, headers: await authorized(t) });
    expect(response.statusCode).toBe(200);
    return response.json() as { nonce: string; link: string };
  }
  /** The provider sends the browser back to the callback, which sends it on to /oauth-response. */
  async function callback(back: URL) {
    const response = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${SITE}/oauth-response`);
  }
  const validar = async (nonce: string) => t.app.inject({ method: 'POST', url: '/svc/oidc/validar', headers: await authorized(t), payload: { nonce } });

  it('signs in: provider login, code exchange with PKCE, nonce checked, tokens once for the kept nonce', async () => {
    const { nonce, link } = await authorize();
    const url = new URL(link);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}/svc/oidc/callback`);
    await callback(await idp.signIn(link, 'ana'));
    const response = await validar(nonce);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'bearer', redirect: '/acervo/7', refresh_token: expect.any(String) });
    expect(await whoIs(t, body.access_token)).toBe('Ana Souza');
    // The nonce is good once.
    expect((await validar(nonce)).statusCode).toBe(422);
  });

  it('refuses a wrong nonce, and an ID token whose nonce is not the one sent', async () => {
    const wrong = await validar('not-the-nonce');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().key).toBe('SsoTokenInvalido');
    const { nonce, link } = await authorize();
    // The provider will sign the nonce of the link; the sign-in now expects another one.
    await t.database.db.execute(sql`update sso_sign_ins set oidc_nonce = 'another-nonce' where handle = ${nonce}`);
    await callback(await idp.signIn(link, 'ana'));
    const refused = await validar(nonce);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().key).toBe('SsoTokenInvalido');
  });

  it('answers the external sign-in errors: cancelled at the provider, unknown user, blocked person', async () => {
    const cancelled = await authorize();
    await callback(await idp.cancel(cancelled.link));
    const denied = await validar(cancelled.nonce);
    expect(denied.statusCode).toBe(422);
    expect(denied.json().key).toBe('SsoPermissaoNegada');

    const unknown = await authorize();
    await callback(await idp.signIn(unknown.link, 'ninguem'));
    expect((await validar(unknown.nonce)).json()).toMatchObject({
      status: 422,
      key: 'SsoUsuarioNaoEncontrado',
      message: expect.stringContaining('mesmas credenciais'),
    });

    const blocked = await authorize();
    await callback(await idp.signIn(blocked.link, 'bruno'));
    expect((await validar(blocked.nonce)).statusCode).toBe(430);
  });

  it('validates its input: a redirect off the site, a callback with an unknown state', async () => {
    const offSite = await t.app.inject({ method: 'GET', url: '/svc/oidc/authorize?redirect=https%3A%2F%2Fevil.example', headers: await authorized(t) });
    expect(offSite.statusCode).toBe(400);
    const stray = await t.app.inject({ method: 'GET', url: '/svc/oidc/callback?code=x&state=unknown' });
    expect(stray.statusCode).toBe(303);
    expect((await validar('')).statusCode).toBe(400);
  });
});

describe('SAML sign-in with signed assertions (node-saml)', () => {
  let t: TestApp;
  const acsUrl = `${SITE}/svc/saml/acs`;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: SITE, SAML_ENTRY_POINT: 'http://idp.test/sso', SAML_IDP_CERT: IDP_CERT_PATH, SAML_ISSUER: 'estante-test' });
    await seedPeople(t);
  });
  afterAll(() => t.close());

  async function start() {
    const response = await t.app.inject({ method: 'GET', url: '/svc/saml/login?redirect=%2Fmeupergamum', headers: await authorized(t) });
    expect(response.statusCode).toBe(200);
    const request = readAuthnRequest(response.json().link);
    expect(request.destination).toBe('http://idp.test/sso');
    return request;
  }
  /** The browser posts the IdP's response to the ACS, which sends it to /saml-response?saml=ticket. */
  async function post(SAMLResponse: string, RelayState: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/svc/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse, RelayState }).toString(),
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/saml-response`);
    return location.searchParams.get('saml')!;
  }
  const validar = async (saml: string) => t.app.inject({ method: 'POST', url: '/svc/saml/validar', headers: await authorized(t), payload: { saml } });

  it('signs in with an assertion the IdP signed, once', async () => {
    const request = await start();
    const ticket = await post(samlResponse({ inResponseTo: request.id, acsUrl, audience: 'estante-test', nameId: 'ana' }), request.relayState);
    const response = await validar(ticket);
    expect(response.statusCode).toBe(200);
    expect(response.json().redirect).toBe('/meupergamum');
    expect(await whoIs(t, response.json().access_token)).toBe('Ana Souza');
    expect((await validar(ticket)).statusCode).toBe(422);
  });

  it('finds the person by e-mail when the NameID is an address', async () => {
    const request = await start();
    const ticket = await post(
      samlResponse({ inResponseTo: request.id, acsUrl, audience: 'estante-test', nameId: 'Ana.Souza@example.org' }),
      request.relayState,
    );
    expect(await whoIs(t, (await validar(ticket)).json().access_token)).toBe('Ana Souza');
  });

  it('refuses a tampered assertion, another key’s signature, another audience, a DTD and a replayed response', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const cases: [string, (id: string) => string][] = [
      [
        'tampered',
        (id) => samlResponse({ inResponseTo: id, acsUrl, audience: 'estante-test', nameId: 'bruno', tamper: (xml) => xml.replace('>bruno<', '>ana<') }),
      ],
      ['foreign key', (id) => samlResponse({ inResponseTo: id, acsUrl, audience: 'estante-test', nameId: 'ana', signingKey: privateKey })],
      ['audience', (id) => samlResponse({ inResponseTo: id, acsUrl, audience: 'someone-else', nameId: 'ana' })],
      ['unsolicited', () => samlResponse({ inResponseTo: '_never-issued', acsUrl, audience: 'estante-test', nameId: 'ana' })],
      // A rightly signed response with a DTD before it (its entities are XML bombs): never parsed (issue 52).
      [
        'DTD',
        (id) =>
          samlResponse({
            inResponseTo: id,
            acsUrl,
            audience: 'estante-test',
            nameId: 'ana',
            tamper: (xml) => xml.replace(/^(<\?xml[^>]*\?>)?/, (declaration) => `${declaration}<!DOCTYPE r [<!ENTITY big "${'x'.repeat(1000)}">]>`),
          }),
      ],
    ];
    for (const [label, make] of cases) {
      const request = await start();
      const refused = await validar(await post(make(request.id), request.relayState));
      expect({ label, status: refused.statusCode, key: refused.json().key }).toEqual({ label, status: 422, key: 'SsoTokenInvalido' });
    }
    // The same signed response again, under a new sign-in: its request was answered already.
    const first = await start();
    const response = samlResponse({ inResponseTo: first.id, acsUrl, audience: 'estante-test', nameId: 'ana' });
    expect((await validar(await post(response, first.relayState))).statusCode).toBe(200);
    const second = await start();
    expect((await validar(await post(response, second.relayState))).statusCode).toBe(422);
  });

  it('answers an unknown user and a blocked person as the spec says', async () => {
    const unknown = await start();
    expect(
      (await validar(await post(samlResponse({ inResponseTo: unknown.id, acsUrl, audience: 'estante-test', nameId: 'ninguem' }), unknown.relayState))).json()
        .key,
    ).toBe('SsoUsuarioNaoEncontrado');
    const blocked = await start();
    expect(
      (await validar(await post(samlResponse({ inResponseTo: blocked.id, acsUrl, audience: 'estante-test', nameId: 'bruno' }), blocked.relayState))).statusCode,
    ).toBe(430);
  });

  it('answers 404 for the sign-in a server is not configured for', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/svc/oidc/authorize', headers: await authorized(t) });
    expect(response.statusCode).toBe(404);
    expect(response.json().key).toBe('SsoNaoConfigurado');
  });
});

describe('the address the provider sends patrons back to, without PUBLIC_URL', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startTestOidcProvider>>;
  beforeAll(async () => {
    idp = await startTestOidcProvider({ id: 'estante', secret: 'segredo-do-cliente', redirectUri: 'http://localhost:8080/svc/oidc/callback' });
    t = await createTestApp({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'estante', OIDC_CLIENT_SECRET: 'segredo-do-cliente' });
    await seedPeople(t);
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('trusts a loopback Host (a developer’s machine) and no other: a forged Host never becomes the callback', async () => {
    const start = async (host: string) => t.app.inject({ method: 'GET', url: '/svc/oidc/authorize', headers: { ...(await authorized(t)), host } });
    const local = await start('localhost:8080');
    expect(local.statusCode).toBe(200);
    expect(new URL(local.json<{ link: string }>().link).searchParams.get('redirect_uri')).toBe('http://localhost:8080/svc/oidc/callback');
    const forged = await start('evil.example');
    expect(forged.statusCode).toBe(404);
    expect(forged.json().key).toBe('SsoNaoConfigurado');
    expect(forged.body).not.toContain('evil.example');
  });
});
