import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPasswordRules, type PasswordRules } from '@estante/contracts';
import { createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createPatron } from '../../../test/factories.js';
import { startTestMailSink } from '../../../test/mail.js';
import { maskEmail } from './recovery.service.js';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startTestMailSink>>;
let anonymous: string;

beforeAll(async () => {
  sink = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  await createInstitution(t.database.db, { sigla: 'UEVS' });
  await createPatron(t.database.db, { login: 'ana', nome: 'Ana Beatriz Souza', password: 'Antiga#2020', email: 'ana.souza@demo.estante.local' });
  await createPatron(t.database.db, { login: 'semmail', nome: 'Sem Email', password: 'x' });
  anonymous = await publicToken(t.app);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', user: string, payload?: object, language = '1') =>
  t.app.inject({
    method,
    url: `/svc/pessoas/${encodeURIComponent(user)}/recuperar-senha`,
    headers: { authorization: `Bearer ${anonymous}`, 'x-idioma': language },
    ...(payload ? { payload } : {}),
  });
const lastCode = async () => /código para criar uma nova senha é (\d{6})/.exec((await sink.messages()).at(-1)!.text!)![1]!;
const signIn = (password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/svc/oauth/token',
    payload: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'ana', password },
  });

describe('password recovery by e-mailed code', () => {
  it('step 1 e-mails a code and shows the masked address, first name, length and expiry', async () => {
    const response = await call('GET', '  ANA ');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ emails: string[]; name: string; length: number; tte: string }>();
    expect(body).toMatchObject({ emails: ['an*******@d***.estante.local'], name: 'Ana', length: 6 });
    const minutes = (Date.parse(body.tte) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const message = (await sink.messages()).at(-1)!;
    expect(message.to).toMatchObject({ value: [{ address: 'ana.souza@demo.estante.local' }] });
    expect(message.subject).toBe('Código para criar uma nova senha — UEVS');
    expect(await lastCode()).toMatch(/^\d{6}$/);
  });

  it('step 2 checks the code and answers the rules; a wrong code is a 422', async () => {
    await call('GET', 'ana');
    const code = await lastCode();
    const wrong = await call('POST', 'ana', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ key: 'CodigoInvalido' });
    const right = await call('POST', 'ana', { code });
    expect(right.statusCode).toBe(200);
    expect(right.json<PasswordRules>()).toEqual({
      length: { min: 8, max: 32 },
      has_numbers: true,
      only_numbers: false,
      special_char: true,
      diff_case: true,
      diff_name: true,
      last_pw: 3,
    });
  });

  it('step 3 sets a password that meets the rules, ends old sessions, and the code is used up', async () => {
    await call('GET', 'ana');
    const code = await lastCode();
    const session = await signIn('Antiga#2020');
    const refresh = session.json<{ refresh_token: string }>().refresh_token;
    for (const [password, key] of [
      ['Curt1#', 'SenhaNaoConfereCriterios'],
      ['semnumero#A', 'SenhaNaoConfereCriterios'],
      ['Beatriz#2026', 'SenhaNaoConfereCriterios'],
      ['Antiga#2020', 'SenhaRepetida'],
    ] as const) {
      const refused = await call('PUT', 'ana', { code, password });
      expect(refused.statusCode, password).toBe(422);
      expect(refused.json(), password).toMatchObject({ key });
    }
    const done = await call('PUT', 'ana', { code, password: '  Nova#Senha2026  ' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ key: 'SenhaAlteradaSucesso', message: 'Senha alterada com sucesso. Entre com a nova senha.' });
    expect((await signIn('Antiga#2020')).statusCode).toBe(401);
    expect((await signIn('Nova#Senha2026')).statusCode).toBe(200);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      payload: { grant_type: 'refresh_token', client_id: 'estante-web', client_secret: 'estante-public', refresh_token: refresh },
    });
    expect(renewed.statusCode).toBe(401);
    expect((await call('PUT', 'ana', { code, password: 'Outra#Senha2026' })).statusCode).toBe(422);
  });

  it('kills a code after five wrong tries', async () => {
    await call('GET', 'ana');
    const code = await lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await call('POST', 'ana', { code: wrong })).statusCode).toBe(422);
    const late = await call('POST', 'ana', { code });
    expect(late.json()).toMatchObject({ key: 'CodigoExpirado' });
  });

  it('answers the same 422 for an unknown user and for one without e-mail, and 429 after five requests', async () => {
    const unknown = await call('GET', 'ninguem');
    const noMail = await call('GET', 'semmail');
    expect([unknown.statusCode, noMail.statusCode]).toEqual([422, 422]);
    expect(unknown.json()).toEqual(noMail.json());
    for (let i = 0; i < 4; i++) expect((await call('GET', 'semmail')).statusCode).toBe(422);
    expect((await call('GET', 'semmail')).statusCode).toBe(429);
    expect((await call('POST', 'ana', { code: '12ab' })).statusCode).toBe(400);
  });
});

describe('PUT /pessoas/meu-pergamum/senha', () => {
  it('changes the password with the current one and the rules, for a signed-in patron only', async () => {
    await createPatron(t.database.db, { login: 'bruno', nome: 'Bruno Lima', password: 'Velha#2024' });
    const token = await patronToken(t.app, 'bruno', 'Velha#2024');
    const change = (payload: object, auth = token) =>
      t.app.inject({ method: 'PUT', url: '/svc/pessoas/meu-pergamum/senha', headers: { authorization: `Bearer ${auth}` }, payload });
    expect((await change({ senhaAtual: 'errada', senhaNova: 'Nova#2025x' })).json()).toMatchObject({ key: 'SenhaAtualIncorreta' });
    expect((await change({ senhaAtual: 'Velha#2024', senhaNova: 'lima#2025X' })).json()).toMatchObject({ key: 'SenhaNaoConfereCriterios' });
    expect((await change({ senhaAtual: 'Velha#2024', senhaNova: 'Nova#2025x' })).statusCode).toBe(200);
    expect((await change({ senhaAtual: 'Nova#2025x', senhaNova: 'Velha#2024' })).json()).toMatchObject({ key: 'SenhaRepetida' });
    expect((await change({ senhaAtual: 'x', senhaNova: 'y' }, anonymous)).statusCode).toBe(403);
  });
});

describe('password rules and masking', () => {
  const rules: PasswordRules = {
    length: { min: 8, max: 12 },
    has_numbers: true,
    only_numbers: false,
    special_char: true,
    diff_case: true,
    diff_name: true,
    last_pw: 3,
  };
  it('checks each live rule of spec §5', () => {
    expect(checkPasswordRules('Abc#1234', rules, 'Ana Souza')).toEqual({
      length: true,
      has_numbers: true,
      only_numbers: true,
      special_char: true,
      diff_case: true,
      diff_name: true,
    });
    expect(checkPasswordRules('abc#1234', rules, 'Ana Souza').diff_case).toBe(false);
    expect(checkPasswordRules('Souzá#123', rules, 'Ana Souza').diff_name).toBe(false);
    expect(checkPasswordRules('Abcdefg#', rules, 'X').has_numbers).toBe(false);
    expect(checkPasswordRules('Abcdefg1', rules, 'X').special_char).toBe(false);
    expect(checkPasswordRules('Abc#12345678901', rules, 'X').length).toBe(false);
    expect(checkPasswordRules('12345678', { ...rules, only_numbers: true, special_char: false, diff_case: false }, 'X').only_numbers).toBe(true);
  });
  it('masks an address so it can be recognised but not harvested', () => {
    expect(maskEmail('ana.souza@demo.estante.local')).toBe('an*******@d***.estante.local');
    expect(maskEmail('a@b.br')).toBe('a***@b***.br');
  });
});
