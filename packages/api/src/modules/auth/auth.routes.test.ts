import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution } from '../../../test/factories.js';
import { getOrCreateSecret } from './auth.queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createInstitution(t.database.db);
});
afterAll(() => t.close());

const token = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/svc/oauth/token', payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
const instituicao = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/svc/parametros/instituicao', headers: authorization ? { authorization } : {} });

describe('POST /oauth/token (client_credentials)', () => {
  it('issues a bearer JWT that opens public calls', async () => {
    const response = await token('grant_type=client_credentials&client_id=estante-web&client_secret=estante-public');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect((await instituicao(`Bearer ${body.access_token}`)).statusCode).toBe(200);
  });

  it('takes the client credentials from HTTP Basic and from JSON', async () => {
    const basic = Buffer.from('estante-web:estante-public').toString('base64');
    expect((await token('grant_type=client_credentials', { authorization: `Basic ${basic}` })).statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' },
    });
    expect(json.statusCode).toBe(200);
  });

  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const response = await token('grant_type=client_credentials&client_id=estante-web&client_secret=nope');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 401, key: 'invalid_client', message: 'Credenciais do cliente inválidas.' });
  });

  it('refuses grants it does not serve and requests without a grant, in the caller’s language', async () => {
    const unsupported = await token('grant_type=magic', { 'x-idioma': '5' });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json()).toEqual({ status: 400, key: 'unsupported_grant_type', message: 'Unsupported grant type: magic.' });
    const missing = await token('client_id=estante-web');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, key: 'RequisicaoInvalida', message: expect.stringMatching(/grant_type/) });
  });
});

describe('bearer tokens on public calls', () => {
  it('needs a token: 401 TokenAusente without one', async () => {
    const response = await instituicao();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ key: 'TokenAusente' });
  });

  it('refuses forged, expired and alg:none tokens', async () => {
    const secret = new TextEncoder().encode(await getOrCreateSecret(t.database.db, 'jwt'));
    const claims = { typ: 'public', cid: 'estante-web' };
    const expired = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('estante').setIssuedAt(1_000).setExpirationTime(2_000).sign(secret);
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('estante').setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(64)));
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iss: 'estante', exp: 4_000_000_000 })}.`;
    for (const bad of [expired, forged, none, 'not-a-jwt']) {
      const response = await instituicao(`Bearer ${bad}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ key: 'TokenInvalido' });
    }
    // The same claims, properly signed, pass: the refusals above are about the signature and expiry.
    const valid = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('estante').setExpirationTime('1h').sign(secret);
    expect((await instituicao(`Bearer ${valid}`)).statusCode).toBe(200);
  });

  it('honours a configured JWT_SECRET instead of the stored one', async () => {
    const other = await createTestApp({ JWT_SECRET: 's'.repeat(40) });
    try {
      await createInstitution(other.database.db);
      const fromOther = await publicToken(other.app);
      const { payload } = await import('jose').then((jose) => jose.jwtVerify(fromOther, new TextEncoder().encode('s'.repeat(40))));
      expect(payload.typ).toBe('public');
    } finally {
      await other.close();
    }
  });
});
