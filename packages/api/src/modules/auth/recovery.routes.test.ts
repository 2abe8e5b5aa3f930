import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, checkPasswordRules, type PasswordRules, recoveryEndpoints } from '@estante/contracts/auth';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
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

/** Step 1 (e-mail a code), 2 (check it) and 3 (set the password) of the recovery of `user`, as the anonymous visitor. */
const start = (user: string) => call(t.app, recoveryEndpoints.start, { params: { user }, query: {} }, anonymous);
const checkCode = (user: string, body: { code: string }) => call(t.app, recoveryEndpoints.checkCode, { params: { user }, body }, anonymous);
const finish = (user: string, body: { code: string; password: string }) => call(t.app, recoveryEndpoints.finish, { params: { user }, body }, anonymous);
const lastCode = async () => /código para criar uma nova senha é (\d{6})/.exec((await sink.messages()).at(-1)!.text!)![1]!;
const signIn = (password: string) =>
  call(
    t.app,
    authEndpoints.token,
    { body: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'ana', password } },
    null,
  );

describe('password recovery by e-mailed code', () => {
  it('step 1 e-mails a code and shows the masked address, first name, length and expiry', async () => {
    const response = await start('  ANA ');
    expect(response.status).toBe(200);
    const body = response.body;
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
    await start('ana');
    const code = await lastCode();
    const wrong = await checkCode('ana', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ key: 'CodigoInvalido' });
    const right = await checkCode('ana', { code });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({
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
    await start('ana');
    const code = await lastCode();
    const session = await signIn('Antiga#2020');
    const refresh = session.body.refresh_token!;
    for (const [password, key] of [
      ['Curt1#', 'SenhaNaoConfereCriterios'],
      ['semnumero#A', 'SenhaNaoConfereCriterios'],
      ['Beatriz#2026', 'SenhaNaoConfereCriterios'],
      ['Antiga#2020', 'SenhaRepetida'],
    ] as const) {
      const refused = await finish('ana', { code, password });
      expect(refused.status, password).toBe(422);
      expect(refused.body, password).toMatchObject({ key });
    }
    const done = await finish('ana', { code, password: '  Nova#Senha2026  ' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ key: 'SenhaAlteradaSucesso', message: 'Senha alterada com sucesso. Entre com a nova senha.' });
    expect((await signIn('Antiga#2020')).status).toBe(401);
    expect((await signIn('Nova#Senha2026')).status).toBe(200);
    const renewed = await call(
      t.app,
      authEndpoints.token,
      { body: { grant_type: 'refresh_token', client_id: 'estante-web', client_secret: 'estante-public', refresh_token: refresh } },
      null,
    );
    expect(renewed.status).toBe(401);
    expect((await finish('ana', { code, password: 'Outra#Senha2026' })).status).toBe(422);
  });

  it('kills a code after five wrong tries', async () => {
    await start('ana');
    const code = await lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await checkCode('ana', { code: wrong })).status).toBe(422);
    const late = await checkCode('ana', { code });
    expect(late.body).toMatchObject({ key: 'CodigoExpirado' });
  });

  it('answers the same 422 for an unknown user and for one without e-mail, and 429 after five requests', async () => {
    const unknown = await start('ninguem');
    const noMail = await start('semmail');
    expect([unknown.status, noMail.status]).toEqual([422, 422]);
    expect(unknown.body).toEqual(noMail.body);
    for (let i = 0; i < 4; i++) expect((await start('semmail')).status).toBe(422);
    expect((await start('semmail')).status).toBe(429);
    expect((await checkCode('ana', { code: '12ab' })).status).toBe(400);
  });
});

describe('PUT /pessoas/meu-pergamum/senha', () => {
  it('changes the password with the current one and the rules, for a signed-in patron only', async () => {
    await createPatron(t.database.db, { login: 'bruno', nome: 'Bruno Lima', password: 'Velha#2024' });
    const token = await patronToken(t.app, 'bruno', 'Velha#2024');
    const change = (body: { senhaAtual: string; senhaNova: string }, auth = token) => call(t.app, recoveryEndpoints.changePassword, { body }, auth);
    expect((await change({ senhaAtual: 'errada', senhaNova: 'Nova#2025x' })).body).toMatchObject({ key: 'SenhaAtualIncorreta' });
    expect((await change({ senhaAtual: 'Velha#2024', senhaNova: 'lima#2025X' })).body).toMatchObject({ key: 'SenhaNaoConfereCriterios' });
    expect((await change({ senhaAtual: 'Velha#2024', senhaNova: 'Nova#2025x' })).status).toBe(200);
    expect((await change({ senhaAtual: 'Nova#2025x', senhaNova: 'Velha#2024' })).body).toMatchObject({ key: 'SenhaRepetida' });
    expect((await change({ senhaAtual: 'x', senhaNova: 'y' }, anonymous)).status).toBe(403);
  });

  it('counts wrong current passwords like sign-in failures: of twenty guesses at once five are checked, then 429, the right one too (issue 52)', async () => {
    await createPatron(t.database.db, { login: 'carla', nome: 'Carla Dias', password: 'Certa#2024' });
    const token = await patronToken(t.app, 'carla', 'Certa#2024');
    const change = (senhaAtual: string) => call(t.app, recoveryEndpoints.changePassword, { body: { senhaAtual, senhaNova: 'Nova#2026xy' } }, token);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`errada-${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    // SIGNIN_MAX_FAILURES (5 by default) wrong guesses are looked at; every other one is refused unread.
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const right = await change('Certa#2024');
    expect(right.status).toBe(429);
    // Nothing changed: the old password still signs in (the sign-in lock is the username's, apart).
    expect((await patronToken(t.app, 'carla', 'Certa#2024')).length).toBeGreaterThan(0);
  });

  it('forgets wrong guesses once the current password is given right', async () => {
    await createPatron(t.database.db, { login: 'davi', nome: 'Davi Reis', password: 'Certa#2024' });
    const token = await patronToken(t.app, 'davi', 'Certa#2024');
    const change = (senhaAtual: string, senhaNova = 'Nova#2026xy') => call(t.app, recoveryEndpoints.changePassword, { body: { senhaAtual, senhaNova } }, token);
    for (let i = 0; i < 4; i++) expect((await change('errada')).status).toBe(422);
    // Right, but the new password breaks the rules: the check does not count either way.
    expect((await change('Certa#2024', 'curta')).body).toMatchObject({ key: 'SenhaNaoConfereCriterios' });
    expect((await change('Certa#2024')).status).toBe(200);
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
