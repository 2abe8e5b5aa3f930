import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { solvedCaptcha } from '../../../test/captcha.js';
import { createInstitution, createPatron, enableActivities } from '../../../test/factories.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';

const signIn = (t: TestApp, extra: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/svc/oauth/token',
    payload: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'ana', password: 'Senha-segura1', ...extra },
  });

describe('the sign-in captcha (ALTCHA, activity 1120)', () => {
  let t: TestApp;
  let mail: TestMailSink;
  beforeAll(async () => {
    mail = await startTestMailSink();
    t = await createTestApp({ SMTP_URL: mail.url });
    await createInstitution(t.database.db);
    await enableActivities(t.database.db, [1120]);
    await createPatron(t.database.db, { login: 'ana', nome: 'Ana Souza', password: 'Senha-segura1', email: 'ana@example.org' });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('refuses a sign-in without the captcha with 400 captcha_missing, even with the right password', async () => {
    const response = await signIn(t, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'captcha_missing', message: expect.stringContaining('Não sou um robô') });
  });

  it('signs in with a solved challenge, once: the same solution again is refused', async () => {
    const captcha = await solvedCaptcha(t);
    expect((await signIn(t, { recaptcha_token: captcha })).statusCode).toBe(200);
    const replay = await signIn(t, { recaptcha_token: captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().key).toBe('captcha_invalid');
  });

  it('refuses a wrong answer, a forged challenge and garbage with 400 captcha_invalid', async () => {
    const captcha = JSON.parse(Buffer.from(await solvedCaptcha(t), 'base64').toString('utf8'));
    const wrongAnswer = { ...captcha, solution: { ...captcha.solution, counter: captcha.solution.counter + 1 } };
    const easier = { ...captcha, challenge: { ...captcha.challenge, parameters: { ...captcha.challenge.parameters, cost: 1 } } };
    for (const token of [wrongAnswer, easier].map((c) => Buffer.from(JSON.stringify(c)).toString('base64')).concat(['bm90IGpzb24=', 'x'.repeat(4500)])) {
      const response = await signIn(t, { recaptcha_token: token });
      expect(response.statusCode).toBe(400);
      expect(response.json().key).toBe('captcha_invalid');
    }
  });

  it('guards password recovery step 1 too', async () => {
    const authorization = `Bearer ${await publicToken(t.app)}`;
    const without = await t.app.inject({ method: 'GET', url: '/svc/pessoas/ana/recuperar-senha', headers: { authorization } });
    expect(without.statusCode).toBe(400);
    expect(without.json().key).toBe('captcha_missing');
    const query = new URLSearchParams({ recaptcha_token: await solvedCaptcha(t) });
    const withCaptcha = await t.app.inject({ method: 'GET', url: `/svc/pessoas/ana/recuperar-senha?${query}`, headers: { authorization } });
    expect(withCaptcha.statusCode).toBe(200);
    expect(withCaptcha.json().emails).toHaveLength(1);
  });
});

describe('without activity 1120', () => {
  it('asks no captcha', async () => {
    const t = await createTestApp();
    await createInstitution(t.database.db);
    await createPatron(t.database.db, { login: 'ana', nome: 'Ana Souza', password: 'Senha-segura1' });
    expect((await signIn(t, {})).statusCode).toBe(200);
    await t.close();
  });
});

describe('Google reCAPTCHA when configured', () => {
  let t: TestApp;
  let siteverify: Server;
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    // A siteverify endpoint answering as Google's does: only "good-token" passes.
    siteverify = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(form.get('response') === 'good-token' ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const { port } = siteverify.address() as AddressInfo;
    t = await createTestApp({ RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: 'server-secret', RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` });
    await createInstitution(t.database.db);
    await enableActivities(t.database.db, [1120]);
    await createPatron(t.database.db, { login: 'ana', nome: 'Ana Souza', password: 'Senha-segura1' });
  });
  afterAll(async () => {
    await t.close();
    siteverify.close();
  });

  it('asks Google with the secret and the token, and signs in only on success', async () => {
    expect((await signIn(t, { recaptcha_token: 'good-token' })).statusCode).toBe(200);
    expect(seen.at(-1)?.get('secret')).toBe('server-secret');
    const bad = await signIn(t, { recaptcha_token: 'bad-token' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toBe('captcha_invalid');
  });
});
