import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createPatron, createRegistration } from '../../../test/factories.js';
import { runAdminCommand } from '../../admin/commands.js';

/**
 * Helena is a professor (category 04) and a doctoral student (09): two registrations sharing
 * a CPF, one login. Ana has one registration. Bruno's second registration is blocked.
 */
let t: TestApp;
let helena: { professor: number; doutorado: number };
let bruno: { ok: number; blocked: number };
beforeAll(async () => {
  t = await createTestApp();
  await createInstitution(t.database.db, { codEmpresa: 1 });
  const db = t.database.db;
  const professor = await createPatron(db, { login: 'helena', nome: 'Helena Prado', password: 'Senha-segura1', cpf: '52998224725', categoria: '04' });
  const doutorado = await createRegistration(db, { nome: 'Helena Prado', cpf: '52998224725', categoria: '09' });
  helena = { professor: professor.codPessoa, doutorado: doutorado.codPessoa };
  await createPatron(db, { login: 'ana', nome: 'Ana Souza', password: 'Senha-segura1', cpf: '11144477735' });
  const ok = await createPatron(db, { login: 'bruno', nome: 'Bruno Lima', password: 'Senha-segura1', cpf: '39053344705' });
  const blocked = await createRegistration(db, { nome: 'Bruno Lima', cpf: '39053344705', categoria: '05', bloqueio: true });
  bruno = { ok: ok.codPessoa, blocked: blocked.codPessoa };
});
afterAll(() => t.close());

const institution = (code: number) => runAdminCommand(t.database.db, { command: 'institution.code', args: [String(code)] });
const grant = (username: string, password = 'Senha-segura1') =>
  t.app.inject({
    method: 'POST',
    url: '/svc/oauth/token',
    payload: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username, password },
  });
async function whoIs(accessToken: string) {
  const response = await t.app.inject({ method: 'GET', url: '/svc/pessoas', headers: { authorization: `Bearer ${accessToken}` } });
  expect(response.statusCode).toBe(200);
  return response.json().user as { cod_pessoa: number; cod_categoria: string };
}
const duplicadas = async (usuario: string) =>
  t.app.inject({
    method: 'GET',
    url: `/svc/pessoas/duplicadas?${new URLSearchParams({ usuario })}`,
    headers: { authorization: `Bearer ${await publicToken(t.app)}` },
  });

describe('login-origin chooser after sign-in (GET /pessoas/login, PUT /pessoas/troca-login)', () => {
  it('lists the registrations sharing the person’s CPF, and one for a person with one', async () => {
    const token = (await grant('helena')).json().access_token;
    const response = await t.app.inject({ method: 'GET', url: '/svc/pessoas/login', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { codigo: helena.professor, nome: 'Helena Prado — Categoria 04', base: '04' },
      { codigo: helena.doutorado, nome: 'Helena Prado — Categoria 09', base: '09' },
    ]);
    const ana = (await grant('ana')).json().access_token;
    const single = await t.app.inject({ method: 'GET', url: '/svc/pessoas/login', headers: { authorization: `Bearer ${ana}` } });
    expect(single.json()).toHaveLength(1);
  });

  it('switches to another registration with a new token pair', async () => {
    const token = (await grant('helena')).json().access_token;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/svc/pessoas/troca-login',
      headers: { authorization: `Bearer ${token}` },
      payload: { codigo: helena.doutorado, base: '09' },
    });
    expect(response.statusCode).toBe(200);
    const pair = response.json();
    expect(pair.refresh_token).toEqual(expect.any(String));
    expect(await whoIs(pair.access_token)).toMatchObject({ cod_pessoa: helena.doutorado, cod_categoria: '09' });
  });

  it('refuses someone else’s registration, a mismatched base, a blocked registration and anonymous callers', async () => {
    const token = (await grant('helena')).json().access_token;
    const put = (payload: unknown, authorization = `Bearer ${token}`) =>
      t.app.inject({ method: 'PUT', url: '/svc/pessoas/troca-login', headers: { authorization }, payload: payload as object });
    const foreign = await put({ codigo: bruno.ok, base: '01' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().key).toBe('PessoaNaoVinculada');
    expect((await put({ codigo: helena.doutorado, base: '04' })).statusCode).toBe(422);
    expect((await put({ codigo: 'x', base: '' })).statusCode).toBe(400);
    const brunoToken = (await grant('bruno')).json().access_token;
    expect((await put({ codigo: bruno.blocked, base: '05' }, `Bearer ${brunoToken}`)).statusCode).toBe(430);
    expect((await put({ codigo: helena.doutorado, base: '09' }, `Bearer ${await publicToken(t.app)}`)).statusCode).toBe(403);
  });
});

describe('institution 571: two-step sign-in with the duplicate chooser', () => {
  beforeAll(() => institution(571));
  afterAll(() => institution(1));

  it('GET /pessoas/duplicadas lists the registrations only when there are several', async () => {
    const several = await duplicadas('  HELENA ');
    expect(several.statusCode).toBe(200);
    expect(several.json()).toMatchObject({ result: true, pessoas: [{ codigo: helena.professor }, { codigo: helena.doutorado }] });
    // One registration and an unknown username look the same: nothing is revealed.
    expect((await duplicadas('ana')).json()).toEqual({ result: false, pessoas: [] });
    expect((await duplicadas('ninguem')).json()).toEqual({ result: false, pessoas: [] });
    expect((await duplicadas('')).statusCode).toBe(400);
  });

  it('signs in as the chosen registration (username, separator, person code)', async () => {
    const response = await grant(`helena|${helena.doutorado}`);
    expect(response.statusCode).toBe(200);
    expect(await whoIs(response.json().access_token)).toMatchObject({ cod_pessoa: helena.doutorado });
  });

  it('answers a choice that is not the login’s like a wrong password, and a blocked choice with 430', async () => {
    const foreign = await grant(`helena|${bruno.ok}`);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().key).toBe('invalid_grant');
    expect((await grant(`helena|${helena.doutorado}`, 'wrong')).statusCode).toBe(401);
    expect((await grant(`bruno|${bruno.blocked}`)).statusCode).toBe(430);
    expect((await grant('helena|')).statusCode).toBe(400);
  });
});

describe('institution 87: category selector', () => {
  beforeAll(() => institution(87));
  afterAll(() => institution(1));

  it('signs in as the registration in the chosen category; a category without one is refused', async () => {
    const doctorate = await grant('helena|09');
    expect(doctorate.statusCode).toBe(200);
    expect(await whoIs(doctorate.json().access_token)).toMatchObject({ cod_pessoa: helena.doutorado, cod_categoria: '09' });
    expect((await grant('helena|01')).statusCode).toBe(401);
  });

  it('does not offer the duplicate lookup of institution 571', async () => {
    expect((await duplicadas('helena')).statusCode).toBe(404);
  });
});

describe('npm run institution', () => {
  it('shows and switches the code', async () => {
    expect(await runAdminCommand(t.database.db, { command: 'institution.show', args: [] })).toBe('institution code 1: the usual sign-in form');
    expect(await institution(571)).toMatch(/two-step/);
    await expect(runAdminCommand(t.database.db, { command: 'institution.code', args: ['abc'] })).rejects.toThrow(/institution code is needed/);
    await institution(1);
  });
});
