import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createPatron, createRegistration } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';

/**
 * Spec §7 "switch person (code, optional external-resource key)", decision 0022: PUT
 * /pessoas/troca-login with a §9 resource key answers, with the new token pair, the resource's
 * access address generated for the registration switched to — or refuses the switch when that
 * registration may not use it. Helena is a professor (04) and a doctoral student (09).
 */
let t: TestApp;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createInstitution(db, {
    parametros: {
      __md_aut: 2,
      __md_crypt: 4,
      provedores: {
        minhabiblioteca: { entrega: 'link', url: 'https://dliportal.example.com/Login.aspx?key=TESTE', categorias: ['09'] },
        proquest: { entrega: 'link', url: 'https://proquest.example.com/entrada', categorias: ['04'] },
      },
    },
  });
  id.professor = (await createPatron(db, { login: 'helena', nome: 'Helena Prado', password: 'Senha-segura1', cpf: '52998224725', categoria: '04' })).codPessoa;
  id.doutorado = (await createRegistration(db, { nome: 'Helena Prado', cpf: '52998224725', categoria: '09' })).codPessoa;
});
afterAll(() => t.close());

const sessionsOf = async (codPessoa: number) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from refresh_tokens where cod_pessoa = ${codPessoa}`))[0]!.n;
const swap = async (payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/svc/pessoas/troca-login',
    headers: { authorization: `Bearer ${await patronToken(t.app, 'helena', 'Senha-segura1')}` },
    payload,
  });

describe('switch person with an external-resource key (PUT /pessoas/troca-login)', () => {
  it('answers the resource’s address for the registration switched to, with its token pair', async () => {
    const response = await swap({ codigo: id.doutorado, base: '09', recurso: 'minhabiblioteca' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.acesso).toEqual({ url: 'https://dliportal.example.com/Login.aspx?key=TESTE', recurso: 'minhabiblioteca', nome: 'Minha Biblioteca' });
    const me = await t.app.inject({ method: 'GET', url: '/svc/pessoas', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.json().user).toMatchObject({ cod_pessoa: id.doutorado, login: 'helena' });
  });

  it('answers no address without a key', async () => {
    const response = await swap({ codigo: id.doutorado, base: '09' });
    expect(response.statusCode).toBe(200);
    expect(response.json().acesso).toBeNull();
  });

  it('refuses the switch — no session is made — when the registration may not use the resource, or it is not configured', async () => {
    const before = await sessionsOf(id.doutorado!);
    const denied = await swap({ codigo: id.doutorado, base: '09', recurso: 'proquest' });
    expect(denied.statusCode).toBe(403);
    const missing = await swap({ codigo: id.doutorado, base: '09', recurso: 'gale' });
    expect(missing.statusCode).toBe(404);
    expect(await sessionsOf(id.doutorado!)).toBe(before);
    // The professor registration may use ProQuest.
    const allowed = await swap({ codigo: id.professor, base: '04', recurso: 'proquest' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().acesso).toMatchObject({ url: 'https://proquest.example.com/entrada', recurso: 'proquest' });
  });

  it('takes only the keys of spec §9', async () => {
    const response = await swap({ codigo: id.doutorado, base: '09', recurso: 'grupoa' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('recurso');
  });
});
