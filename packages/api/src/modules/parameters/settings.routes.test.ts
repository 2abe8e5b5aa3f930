import { parametersEndpoints, settingsEndpoints as calls } from '@estante/contracts/parameters';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createLibraries, createPatron, grantStaffRoles } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';

/**
 * The institution's settings for the administration (issue 54): sign-in (code, captcha, OIDC and
 * SAML logout links, the app's web view), the site's texts in three languages, activities, and the
 * libraries' contacts and hours. Each takes effect at once (the public calls answer the new value),
 * bad input changes nothing, every change is audited; administração only.
 */
let t: TestApp;
let admin = '';
let desk = '';
let library = 0;

beforeAll(async () => {
  t = await createTestApp();
  await createInstitution(t.database.db, { codEmpresa: 1 });
  [library] = (await createLibraries(t.database.db, ['Biblioteca Central'])).map((l) => l.codBiblioteca) as [number];
  for (const [login, role] of [
    ['gestora', 'administracao'],
    ['balcao', 'circulacao'],
  ] as const) {
    await createPatron(t.database.db, { login, nome: `${login} Teste`, password: `senha-${login}-1` });
    await grantStaffRoles(t.database.db, login, [role]);
  }
  admin = await patronToken(t.app, 'gestora', 'senha-gestora-1');
  desk = await patronToken(t.app, 'balcao', 'senha-balcao-1');
});
afterAll(async () => {
  await t.close();
});

const access = { codigo: 1, captcha: false, oidc: false, oidc_logout: null, saml_logout: null, app_layers: { ativo: false, url: null } };
const snapshot = () => queryRows(t.database.db, sql`select * from institution`);

describe("the institution's settings", () => {
  it('are for the administration only', async () => {
    expect((await call(t.app, calls.read, {}, desk)).status).toBe(403);
    expect((await call(t.app, calls.access, { body: access }, desk)).status).toBe(403);
  });

  it('set the sign-in: the code and the OIDC logout take effect at once; the captcha is activity 1120; bad input changes nothing', async () => {
    const read = (await call(t.app, calls.read, {}, admin)).body;
    expect(read.acesso).toEqual(access);
    const before = await snapshot();
    for (const bad of [
      { ...access, codigo: 0 },
      { ...access, oidc_logout: 'javascript:alert(1)' },
      { ...access, app_layers: { ativo: true, url: null } },
      { ...access, saml_logout: 'https://idp.example.org/sair com espaço' },
    ])
      expect((await call(t.app, calls.access, { body: bad }, admin)).status).toBe(400);
    expect(await snapshot()).toEqual(before);

    const next = {
      codigo: 571,
      captcha: true,
      oidc: true,
      oidc_logout: 'https://idp.example.org/logout',
      saml_logout: 'https://saml.example.org/slo',
      app_layers: { ativo: true, url: 'https://app.example.org/entrar' },
    };
    const saved = await call(t.app, calls.access, { body: next }, admin);
    expect(saved.body.acesso).toEqual(next);
    const pub = await publicToken(t.app);
    expect((await call(t.app, parametersEndpoints.institution, {}, pub)).body).toMatchObject({
      codEmpresa: 571,
      usaOIDC: true,
      link_logout_OIDC: 'https://idp.example.org/logout',
      link_logout_saml: 'https://saml.example.org/slo',
    });
    expect((await call(t.app, parametersEndpoints.features, {}, pub)).body).toEqual(expect.arrayContaining([expect.objectContaining({ cod_atividade: 1120 })]));
    const [act] = await queryRows<{ detalhes: { antes: { codigo: number }; depois: { codigo: number } } }>(
      t.database.db,
      sql`select detalhes from staff_audit where acao = 'institution.access'`,
    );
    expect(act!.detalhes).toMatchObject({ antes: { codigo: 1, captcha: false }, depois: { codigo: 571, captcha: true } });
  });

  it("set the site's texts in each language; Portuguese's sign-in word cannot be emptied", async () => {
    const en = await call(t.app, calls.texts, { params: { idioma: 'en' }, body: { denominacao_login: 'Library card', msg_login: 'Welcome!' } }, admin);
    expect(en.body.textos.en).toEqual({ denominacao_login: 'Library card', msg_login: 'Welcome!' });
    const unset = await call(t.app, calls.texts, { params: { idioma: 'en' }, body: { denominacao_login: 'Library card' } }, admin);
    expect(unset.body.textos.en).toEqual({ denominacao_login: 'Library card' });
    const pt = await call(t.app, calls.texts, { params: { idioma: 'pt' }, body: {} }, admin);
    expect(pt.status).toBe(422);
    expect(pt.body).toMatchObject({ key: 'PalavraLoginObrigatoria' });
    expect(
      (await call(t.app, calls.texts, { params: { idioma: 'pt' }, body: { denominacao_login: 'Matrícula', msg_login: 'Bem-vindo' } }, admin)).body.textos.pt,
    ).toEqual({
      denominacao_login: 'Matrícula',
      msg_login: 'Bem-vindo',
    });
    expect((await call(t.app, calls.texts, { params: { idioma: 'fr' as never }, body: {} }, admin)).status).toBe(400);
  });

  it('switch activities and set a library’s e-mail and hours, shown to the public at once', async () => {
    const off = await call(t.app, calls.activity, { params: { codigo: '1120' }, body: { ativa: false } }, admin);
    expect(off.body.atividades.find((a) => a.codigo === 1120)).toMatchObject({ ativa: false });
    expect(off.body.acesso.captcha).toBe(false);
    expect((await call(t.app, calls.activity, { params: { codigo: '424242' }, body: { ativa: true } }, admin)).status).toBe(404);

    const hours = [
      { dia: 1, abre: '08:00', fecha: '22:00' },
      { dia: 6, abre: '09:00', fecha: '13:00' },
    ];
    expect((await call(t.app, calls.library, { params: { id: String(library) }, body: { email: 'x', horarios: hours } }, admin)).status).toBe(400);
    expect(
      (
        await call(
          t.app,
          calls.library,
          { params: { id: String(library) }, body: { email: null, horarios: [{ dia: 1, abre: '18:00', fecha: '08:00' }] } },
          admin,
        )
      ).status,
    ).toBe(400);
    expect((await call(t.app, calls.library, { params: { id: String(library) }, body: { email: null, horarios: [...hours, hours[0]!] } }, admin)).status).toBe(
      400,
    );
    expect((await call(t.app, calls.library, { params: { id: '999999' }, body: { email: null, horarios: [] } }, admin)).status).toBe(404);
    const saved = await call(
      t.app,
      calls.library,
      { params: { id: String(library) }, body: { email: 'central@biblioteca.example.org', horarios: hours } },
      admin,
    );
    expect(saved.body.bibliotecas).toEqual([expect.objectContaining({ cod_biblioteca: library, email: 'central@biblioteca.example.org', horarios: hours })]);
    const pub = await publicToken(t.app);
    const open = (await call(t.app, parametersEndpoints.openingHours, {}, pub)).body;
    expect(JSON.stringify(open)).toContain('08:00');
    const acts = await queryRows<{ acao: string }>(t.database.db, sql`select acao from staff_audit where acao like 'institution.%' order by id`);
    expect(acts.map((a) => a.acao)).toEqual([
      'institution.access',
      'institution.text',
      'institution.text',
      'institution.text',
      'institution.text',
      'institution.text',
      'institution.text',
      'institution.text',
      'institution.text',
      'institution.text',
      'institution.activity',
      'institution.library',
    ]);
  });

  it('name controlled values in English and Spanish, and configure the external providers', async () => {
    expect((await call(t.app, calls.translations, {}, desk)).status).toBe(403);
    const values = (await call(t.app, calls.translations, {}, admin)).body;
    const normal = values.find((v) => v.tipo === 'tipo_emprestimo');
    expect(normal).toMatchObject({ en: null, es: null });
    const named = await call(t.app, calls.translate, { body: { tipo: 'tipo_emprestimo', valor: normal!.valor, idioma: 'en', texto: 'Regular loan' } }, admin);
    expect(named.body.find((v) => v.tipo === 'tipo_emprestimo' && v.valor === normal!.valor)).toMatchObject({ en: 'Regular loan', es: null });
    const unnamed = await call(t.app, calls.translate, { body: { tipo: 'tipo_emprestimo', valor: normal!.valor, idioma: 'en', texto: '' } }, admin);
    expect(unnamed.body.find((v) => v.tipo === 'tipo_emprestimo' && v.valor === normal!.valor)).toMatchObject({ en: null });
    expect((await call(t.app, calls.translate, { body: { tipo: 'cor' as never, valor: 'x', idioma: 'en', texto: 'y' } }, admin)).status).toBe(400);

    const providers = (await call(t.app, calls.providers, {}, admin)).body;
    expect(providers.find((p) => p.recurso === 'cengage')).toEqual({ recurso: 'cengage', entrada: null, chave: null });
    const entry = { entrega: 'link', url: 'https://cengage.example.com/entrar', dominios: ['cengage.example.com'], categorias: null };
    const wrong = await call(t.app, calls.provider, { params: { recurso: 'cengage' }, body: { entrada: { ...entry, entrega: 'assinada' } } }, admin);
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ key: 'EntradaProvedorInvalida' });
    expect((await call(t.app, calls.provider, { params: { recurso: 'nenhum' }, body: { entrada: entry } }, admin)).status).toBe(404);
    const set = await call(t.app, calls.provider, { params: { recurso: 'cengage' }, body: { entrada: entry } }, admin);
    expect(set.body.find((p) => p.recurso === 'cengage')).toMatchObject({ entrada: { url: 'https://cengage.example.com/entrar' }, chave: null });
    const removed = await call(t.app, calls.provider, { params: { recurso: 'cengage' }, body: { entrada: null } }, admin);
    expect(removed.body.find((p) => p.recurso === 'cengage')!.entrada).toBeNull();
    const acts = await queryRows<{ acao: string }>(
      t.database.db,
      sql`select acao from staff_audit where acao in ('institution.translate', 'institution.provider') order by id`,
    );
    expect(acts.map((a) => a.acao)).toEqual(['institution.translate', 'institution.translate', 'institution.provider', 'institution.provider']);
  });
});
