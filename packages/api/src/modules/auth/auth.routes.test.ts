import { randomBytes, scryptSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { solvedCaptcha } from '../../../test/captcha.js';
import { createInstitution, createPatron } from '../../../test/factories.js';
import { patronCategories, refreshTokens } from '../../db/schema/index.js';
import { getOrCreateSecret } from './auth.queries.js';
import { runAdminCommand } from '../../admin/commands.js';

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
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('estante')
      .setIssuedAt(1_000)
      .setExpirationTime(2_000)
      .sign(secret);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('estante')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
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

  it('refuses a token it accepted once that token has expired (a checked token is remembered only until then)', async () => {
    const secret = new TextEncoder().encode(await getOrCreateSecret(t.database.db, 'jwt'));
    const expiresAt = Math.floor(Date.now() / 1000) + 60;
    const soon = await new SignJWT({ typ: 'public', cid: 'estante-web' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('estante')
      .setExpirationTime(expiresAt)
      .sign(secret);
    expect((await instituicao(`Bearer ${soon}`)).statusCode).toBe(200);
    expect((await instituicao(`Bearer ${soon}`)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(expiresAt * 1000 + 1);
      const late = await instituicao(`Bearer ${soon}`);
      expect(late.statusCode).toBe(401);
      expect(late.json()).toMatchObject({ key: 'TokenInvalido' });
    } finally {
      vi.useRealTimers();
    }
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

describe('POST /oauth/token (password) and GET /pessoas', () => {
  const password = (username: string, secret: string, language = '1') =>
    t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      headers: { 'x-idioma': language },
      payload: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username, password: secret },
    });

  beforeAll(async () => {
    await createPatron(t.database.db, { login: 'ana', nome: 'Ana Beatriz Souza', password: 'senha-da-ana', email: 'ana@example.org' });
    await createPatron(t.database.db, { login: 'bloqueado', nome: 'Bruno Lima', password: 'senha-do-bruno', bloqueio: true });
  });

  it('signs a patron in (username trimmed, any case) and GET /pessoas says who they are', async () => {
    const response = await password('  ANA ', 'senha-da-ana');
    expect(response.statusCode).toBe(200);
    const { access_token: access } = response.json<{ access_token: string }>();
    const me = await t.app.inject({ method: 'GET', url: '/svc/pessoas', headers: { authorization: `Bearer ${access}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { login: 'ana', nome_pessoa: 'Ana Beatriz Souza', email: 'ana@example.org', cod_categoria: '01', professor: false },
      bloqueio: false,
    });
  });

  it('says when the patron is a professor (the footer offers them the professors’ acquisition link)', async () => {
    await t.database.db.insert(patronCategories).values({ codCategoria: '04', descricao: 'Professor', professor: true }).onConflictDoNothing();
    await createPatron(t.database.db, { login: 'carlos', nome: 'Carlos Pereira', password: 'senha-do-carlos', categoria: '04' });
    const { access_token: access } = (await password('carlos', 'senha-do-carlos')).json<{ access_token: string }>();
    const me = await t.app.inject({ method: 'GET', url: '/svc/pessoas', headers: { authorization: `Bearer ${access}` } });
    expect(me.json()).toMatchObject({ user: { login: 'carlos', cod_categoria: '04', professor: true } });
  });

  it('refuses a wrong password or unknown user with 401 naming the login label, blank fields with 400, a blocked account with 430', async () => {
    const wrong = await password('ana', 'errada');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ key: 'invalid_grant', message: 'Usuário ou senha incorretos.' });
    const unknown = await password('ninguem', 'senha-da-ana', '5');
    // In English the institution's Portuguese word (here the default "Usuário") would be wrong: its translation, or English's default.
    expect(unknown.json()).toMatchObject({ status: 401, message: 'Could not sign in: check your Username and your password.' });
    expect((await password('ana', '')).json()).toMatchObject({ status: 400, key: 'credential_missing' });
    expect((await password('  ', 'x')).statusCode).toBe(400);
    const blocked = await password('bloqueado', 'senha-do-bruno');
    expect(blocked.statusCode).toBe(430);
    // The library's block, told as such (issue 55): not "use Forgot password", which cannot lift it.
    expect(blocked.json()).toMatchObject({
      key: 'ACESSO_BLOQUEADO',
      message:
        'Conta bloqueada pela biblioteca, por exemplo por um empréstimo em atraso ou um débito pendente. Trocar a senha não a desbloqueia: procure a biblioteca para regularizar.',
    });
    for (const [language, words] of [
      ['5', /^Account blocked by the library, .*overdue loan.*unpaid debt/],
      ['3', /^Cuenta bloqueada por la biblioteca, .*préstamo atrasado.*deuda pendiente/],
    ] as const) {
      const message = (await password('bloqueado', 'senha-do-bruno', language)).json<{ message: string }>().message;
      expect(message).toMatch(words);
      expect(message).not.toMatch(/forgot|olvidé/i);
    }
    // A blocked account with a wrong password learns nothing more than "wrong password".
    expect((await password('bloqueado', 'errada')).statusCode).toBe(401);
  });

  it('needs the client credentials, and GET /pessoas needs a patron token', async () => {
    const noClient = await t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      payload: { grant_type: 'password', username: 'ana', password: 'senha-da-ana' },
    });
    expect(noClient.statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: 'GET', url: '/svc/pessoas', headers: { authorization: `Bearer ${await publicToken(t.app)}` } });
    expect(anonymous.statusCode).toBe(403);
  });
});

describe('refresh tokens: rotation, reuse detection, logout', () => {
  const grant = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/svc/oauth/token', payload: { client_id: 'estante-web', client_secret: 'estante-public', ...payload } });
  const signIn = async () =>
    (await grant({ grant_type: 'password', username: 'rotacao', password: 'senha-rotacao' })).json<{ access_token: string; refresh_token: string }>();
  const refresh = (token: string) => grant({ grant_type: 'refresh_token', refresh_token: token });

  beforeAll(async () => {
    await createPatron(t.database.db, { login: 'rotacao', nome: 'Rita Rotação', password: 'senha-rotacao' });
  });

  it('gives a new access token and a new refresh token for a refresh token, once', async () => {
    const first = await signIn();
    expect(first.refresh_token).toMatch(/^[\w-]{43}$/);
    const next = await refresh(first.refresh_token);
    expect(next.statusCode).toBe(200);
    const body = next.json<{ access_token: string; refresh_token: string }>();
    expect(body.refresh_token).not.toBe(first.refresh_token);
    // Renewed within the second of the sign-in, the access token is still a new one: a client whose
    // token was refused must not get the same token back (a journey caught a second renewal).
    expect(body.access_token).not.toBe(first.access_token);
    const me = await t.app.inject({ method: 'GET', url: '/svc/pessoas', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.json()).toMatchObject({ user: { login: 'rotacao' } });
    // Stored hashed: the token itself is nowhere in the database.
    const rows = await t.database.db.select().from(refreshTokens);
    expect(rows.some((r) => r.tokenHash === body.refresh_token || r.tokenHash === first.refresh_token)).toBe(false);
  });

  it('revokes the whole family when a used refresh token comes back (replay)', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).json<{ refresh_token: string }>();
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ key: 'SessaoExpirada' });
    // The legitimate holder's current token died with the family.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('lets only one of two concurrent exchanges of the same token win', async () => {
    const first = await signIn();
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('ends the session on logout (POST /oauth/revoke), and ignores unknown tokens', async () => {
    const first = await signIn();
    const revoke = (token: string) => t.app.inject({ method: 'POST', url: '/svc/oauth/revoke', payload: { token } });
    expect((await revoke(first.refresh_token)).statusCode).toBe(200);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await revoke('never-issued')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/svc/oauth/revoke', payload: {} })).statusCode).toBe(400);
  });

  it('refuses garbage, a missing token and another client', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    expect((await grant({ grant_type: 'refresh_token' })).statusCode).toBe(401);
    const first = await signIn();
    const other = await t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      payload: { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'outro', client_secret: 'x' },
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('sign-in rate limiting: a step for the username at one address, a captcha, then a lock (spec §8, issue 52)', () => {
  const attempt = (username: string, password: string, address = '127.0.0.1', captcha?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      remoteAddress: address,
      payload: {
        grant_type: 'password',
        client_id: 'estante-web',
        client_secret: 'estante-public',
        username,
        password,
        ...(captcha ? { recaptcha_token: captcha } : {}),
      },
    });
  /** The wrong passwords a key has had in the current window, as if they had happened. */
  const failuresSoFar = (key: string, failures: number) =>
    t.database.db.execute(sql`insert into sign_in_failures (key, failures, window_start) values (${key}, ${failures}, now())
      on conflict (key) do update set failures = excluded.failures, window_start = now(), locked_until = null`);

  it('answers 429 to a username at one address after five wrong passwords, even with the right one; the patron elsewhere and the neighbours there still sign in', async () => {
    await createPatron(t.database.db, { login: 'alvo', nome: 'Alvo Ataque', password: 'senha-certa' });
    await createPatron(t.database.db, { login: 'vizinho', nome: 'Vizinho Tranquilo', password: 'senha-vizinho' });
    for (let i = 0; i < 5; i++) expect((await attempt('alvo', `errada-${i}`, '10.1.1.1')).statusCode).toBe(401);
    const locked = await attempt('ALVO', 'senha-certa', '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ key: 'TentativasExcedidas', message: expect.stringMatching(/15 minuto/) });
    expect((await attempt('vizinho', 'senha-vizinho', '10.1.1.1')).statusCode).toBe(200);
    // From another address the patron is asked for the captcha (five wrong passwords for the username), and signs in with it.
    const asked = await attempt('alvo', 'senha-certa', '10.2.2.2');
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ key: 'captcha_required', message: expect.stringContaining('Não sou um robô') });
    expect((await attempt('alvo', 'senha-certa', '10.2.2.2', await solvedCaptcha(t))).statusCode).toBe(200);
    // Signed in: the username's failures are forgotten (no captcha any more), the pair at the first address stays locked.
    expect((await attempt('alvo', 'senha-certa', '10.3.3.3')).statusCode).toBe(200);
    expect((await attempt('alvo', 'senha-certa', '10.1.1.1')).statusCode).toBe(429);
    // An unknown username is counted the same way: the answers do not tell which usernames exist.
    for (let i = 0; i < 5; i++) expect((await attempt('fantasma', `x${i}`, '10.1.1.1')).statusCode).toBe(401);
    expect((await attempt('fantasma', 'y', '10.1.1.1')).statusCode).toBe(429);
    expect((await attempt('fantasma', 'y', '10.4.4.4')).json()).toMatchObject({ key: 'captcha_required' });
  });

  it('locks the username everywhere only after twenty wrong passwords, the captcha solved for the last fifteen', async () => {
    await createPatron(t.database.db, { login: 'cercado', nome: 'Cercado Distribuído', password: 'senha-certa' });
    await failuresSoFar('u:cercado', 18);
    expect((await attempt('cercado', 'errada', '10.5.5.1')).json()).toMatchObject({ key: 'captcha_required' });
    expect((await attempt('cercado', 'errada', '10.5.5.1', await solvedCaptcha(t))).statusCode).toBe(401);
    expect((await attempt('cercado', 'errada', '10.5.5.2', await solvedCaptcha(t))).statusCode).toBe(401);
    const locked = await attempt('cercado', 'senha-certa', '10.5.5.3', await solvedCaptcha(t));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().key).toBe('TentativasExcedidas');
  });

  it('asks everyone at an address for the captcha after fifty wrong passwords there, and locks it after two hundred', async () => {
    await createPatron(t.database.db, { login: 'campus', nome: 'Estudante do Campus', password: 'senha-certa' });
    await failuresSoFar('ip:10.6.6.6', 50);
    expect((await attempt('campus', 'senha-certa', '10.6.6.6')).json()).toMatchObject({ key: 'captcha_required' });
    expect((await attempt('campus', 'senha-certa', '10.6.6.6', await solvedCaptcha(t))).statusCode).toBe(200);
    expect((await attempt('campus', 'senha-certa', '10.6.6.7')).statusCode).toBe(200);
    await failuresSoFar('ip:10.6.6.6', 199);
    expect((await attempt('campus', 'errada', '10.6.6.6', await solvedCaptcha(t))).statusCode).toBe(401);
    expect((await attempt('campus', 'senha-certa', '10.6.6.6', await solvedCaptcha(t))).statusCode).toBe(429);
  });

  it('counts forty guesses sent at once from one address: five are checked, the rest refused, the right one among them too', async () => {
    await createPatron(t.database.db, { login: 'rajada', nome: 'Rajada Paralela', password: 'senha-certa' });
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 30 ? 'senha-certa' : `errada-${i}`));
    const statuses = (await Promise.all(guesses.map((guess) => attempt('rajada', guess, '10.9.9.9')))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(5);
    expect(statuses[30]).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
  });

  it('checks five of forty guesses sent at once from forty addresses and refuses the rest, without leaving the username locked', async () => {
    await createPatron(t.database.db, { login: 'espalhada', nome: 'Rajada Espalhada', password: 'senha-certa' });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt('espalhada', `errada-${i}`, `10.8.${i}.1`)));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(5);
    // Each attempt counts until it proves otherwise: while many are in flight the username may
    // briefly reach its lock (429); the others are asked for the captcha. None is checked.
    const refused = answers.filter((a) => a.statusCode !== 401).map((a) => a.json().key);
    expect(refused).toHaveLength(35);
    expect(refused.filter((key) => key !== 'captcha_required' && key !== 'TentativasExcedidas')).toEqual([]);
    expect(refused).toContain('captcha_required');
    // Afterwards only the five wrong passwords count: the captcha, and the patron is in.
    expect((await attempt('espalhada', 'senha-certa', '10.8.99.1')).json()).toMatchObject({ key: 'captcha_required' });
    expect((await attempt('espalhada', 'senha-certa', '10.8.99.1', await solvedCaptcha(t))).statusCode).toBe(200);
  });
});

/** The token endpoint as the web client calls it. */
const webGrant = (payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/svc/oauth/token', payload: { client_id: 'estante-web', client_secret: 'estante-public', ...payload } });

describe('a patron blocked after signing in (spec §6)', () => {
  it('loses access at once: private calls and the refresh grant answer 430, and the session cannot be renewed', async () => {
    const person = await createPatron(t.database.db, { login: 'depois', nome: 'Bloqueada Depois', password: 'senha-depois' });
    const session = (await webGrant({ grant_type: 'password', username: 'depois', password: 'senha-depois' })).json<{
      access_token: string;
      refresh_token: string;
    }>();
    const me = () => t.app.inject({ method: 'GET', url: '/svc/pessoas', headers: { authorization: `Bearer ${session.access_token}` } });
    expect((await me()).statusCode).toBe(200);
    await t.database.db.execute(sql`update people set bloqueio = true where cod_pessoa = ${person.codPessoa}`);
    expect((await me()).statusCode).toBe(430);
    expect((await me()).json()).toMatchObject({ key: 'ACESSO_BLOQUEADO' });
    const renewed = await webGrant({ grant_type: 'refresh_token', refresh_token: session.refresh_token });
    expect(renewed.statusCode).toBe(430);
    // Unblocked, the old session stays ended: the family was revoked.
    await t.database.db.execute(sql`update people set bloqueio = false where cod_pessoa = ${person.codPessoa}`);
    expect((await webGrant({ grant_type: 'refresh_token', refresh_token: session.refresh_token })).statusCode).toBe(401);
  });
});

describe('a login deactivated after signing in (issue 52)', () => {
  it('ends its sessions at once: private calls answer 401, and the refresh token is dead for good', async () => {
    await createPatron(t.database.db, { login: 'desativada', nome: 'Login Desativado', password: 'senha-desativada' });
    const session = (await webGrant({ grant_type: 'password', username: 'desativada', password: 'senha-desativada' })).json<{
      access_token: string;
      refresh_token: string;
    }>();
    const me = () => t.app.inject({ method: 'GET', url: '/svc/pessoas', headers: { authorization: `Bearer ${session.access_token}` } });
    expect((await me()).statusCode).toBe(200);
    await t.database.db.execute(sql`update logins set ativo = false where login = 'desativada'`);
    expect((await me()).statusCode).toBe(401);
    expect((await webGrant({ grant_type: 'refresh_token', refresh_token: session.refresh_token })).statusCode).toBe(401);
    // Active again, the old session stays ended (its family was revoked); a new sign-in works.
    await t.database.db.execute(sql`update logins set ativo = true where login = 'desativada'`);
    expect((await webGrant({ grant_type: 'refresh_token', refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect((await webGrant({ grant_type: 'password', username: 'desativada', password: 'senha-desativada' })).statusCode).toBe(200);
  });
});

describe('npm run staff -- people block|unblock (issue 52)', () => {
  it('blocks with a reason and who did it in the audit, at once for the open session; unblocks the same way', async () => {
    const person = await createPatron(t.database.db, { login: 'bloquear', nome: 'Paula Bloqueável', password: 'senha-bloquear' });
    const token = await patronToken(t.app, 'bloquear', 'senha-bloquear');
    const me = () => t.app.inject({ method: 'GET', url: '/svc/pessoas', headers: { authorization: `Bearer ${token}` } });
    const staff = (verb: string, ...args: string[]) => runAdminCommand(t.database.db, { command: `people.${verb}`, args });
    const audit = () =>
      queryRows<{ autor: string; acao: string; motivo: string }>(
        t.database.db,
        sql`select autor, acao, motivo from staff_audit where alvo = ${`pessoa:${person.codPessoa}`} order by id`,
      );
    await expect(staff('block', 'bloquear')).rejects.toThrow(/a login and a reason are needed/);
    await expect(staff('block', 'ninguem', 'Motivo')).rejects.toThrow(/no login ninguem/);
    expect(await audit()).toEqual([]);

    expect(await staff('block', 'bloquear', 'Livros', 'não', 'devolvidos')).toBe(`Paula Bloqueável (#${person.codPessoa}) blocked: Livros não devolvidos`);
    expect((await me()).statusCode).toBe(430);
    expect(await staff('block', 'bloquear', 'De novo')).toMatch(/was already blocked: nothing changed/);
    const [blocked] = await queryRows<{ bloqueio: boolean; motivo_bloqueio: string }>(
      t.database.db,
      sql`select bloqueio, motivo_bloqueio from people where cod_pessoa = ${person.codPessoa}`,
    );
    expect(blocked).toEqual({ bloqueio: true, motivo_bloqueio: 'Livros não devolvidos' });

    expect(await staff('unblock', 'bloquear', 'Devolveu tudo')).toMatch(/unblocked: Devolveu tudo/);
    expect((await me()).statusCode).toBe(200);
    const rows = await audit();
    expect(rows.map((r) => [r.acao, r.motivo])).toEqual([
      ['people.block', 'Livros não devolvidos'],
      ['people.unblock', 'Devolveu tudo'],
    ]);
    expect(rows[0]!.autor).toMatch(/^command line \(.+\)$/);
  });
});

describe('password hashes (OWASP scrypt parameters)', () => {
  it('replaces a hash made with weaker parameters at the next sign-in, and the password still works', async () => {
    const person = await createPatron(t.database.db, { login: 'antiga', nome: 'Hash Antigo', password: 'provisoria' });
    // A hash from before: scrypt N=2^14, r=8, p=1.
    const salt = randomBytes(16);
    const weak = ['scrypt', 16384, 8, 1, salt.toString('base64'), scryptSync('senha-antiga', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')].join('$');
    await t.database.db.execute(sql`update logins set password_hash = ${weak} where cod_pessoa = ${person.codPessoa}`);
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/svc/oauth/token',
        payload: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'antiga', password: 'senha-antiga' },
      });
    expect((await signIn()).statusCode).toBe(200);
    const [row] = await queryRows<{ h: string }>(t.database.db, sql`select password_hash as h from logins where cod_pessoa = ${person.codPessoa}`);
    expect(row!.h).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect((await signIn()).statusCode).toBe(200);
  });
});
