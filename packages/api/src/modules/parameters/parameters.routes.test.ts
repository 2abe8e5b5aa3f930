import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin/commands.js';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createGuides, createInstitution, enableActivities } from '../../../test/factories.js';

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { authorization, ...headers } });

describe('GET /parametros/instituicao', () => {
  it('answers 404 with a clear message before the institution is configured', async () => {
    const response = await get('/svc/parametros/instituicao', { 'x-idioma': '3' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, key: 'InstituicaoNaoConfigurada', message: 'La institución aún no ha sido configurada.' });
  });

  it('returns the institution settings with the spec’s field names', async () => {
    await createInstitution(t.database.db, { nome: 'Biblioteca Municipal', sigla: 'BM', linkLgpd: 'https://x.example/lgpd', tema: { corPrimaria: '#123456' } });
    const response = await get('/svc/parametros/instituicao');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nome: 'Biblioteca Municipal',
      sigla: 'BM',
      codEmpresa: 42,
      link_lgpd: 'https://x.example/lgpd',
      destino_padrao_login_catalogo: 'C',
      usaOIDC: false,
      tema: { corPrimaria: '#123456' },
      p: { __md_aut: 2, __md_crypt: 4, __web_url_pw: null, __web_aquisicao: null },
      traducoes: { en: {}, es: {} },
    });
  });

  it('carries the sign-in words in English and Spanish, set by staff one language at a time (issue 24)', async () => {
    const text = (field: string, language: string, value: string) =>
      runAdminCommand(t.database.db, { command: 'institution.text', args: [field, language, value] });
    expect(await text('denominacao_login', 'pt', 'Matrícula ou CPF')).toBe('denominacao_login in pt: Matrícula ou CPF');
    await text('denominacao_login', 'en', 'Enrolment number or CPF');
    await text('msg_login', 'es', '  Bienvenido al catálogo.  ');
    const body = (await get('/svc/parametros/instituicao')).json();
    expect(body.denominacao_login).toBe('Matrícula ou CPF');
    expect(body.traducoes).toEqual({ en: { denominacao_login: 'Enrolment number or CPF' }, es: { msg_login: 'Bienvenido al catálogo.' } });
    // An empty text unsets a translation; the Portuguese word cannot be emptied.
    expect(await text('denominacao_login', 'en', '')).toBe('denominacao_login in en unset');
    expect((await get('/svc/parametros/instituicao')).json().traducoes.en).toEqual({});
    await expect(text('denominacao_login', 'pt', '')).rejects.toThrow(/cannot be empty/);
    await expect(text('msg_login', 'fr', 'Bienvenue')).rejects.toThrow(/a field .* a language/);
    await expect(text('denominacao_login', 'en', 'x'.repeat(61))).rejects.toThrow(/denominacao_login in en/);
    await expect(text('msg_login', 'en', 'a\u0007b')).rejects.toThrow(/msg_login in en: control characters are not allowed/);
    expect((await get('/svc/parametros/instituicao')).json().traducoes).toEqual({ en: {}, es: { msg_login: 'Bienvenido al catálogo.' } });
  });
});

describe('GET /parametros/funcionalidades', () => {
  it('lists exactly the activities the institution switched on', async () => {
    expect((await get('/svc/parametros/funcionalidades')).json()).toEqual([]);
    await enableActivities(t.database.db, [13, 8]);
    expect((await get('/svc/parametros/funcionalidades')).json()).toEqual([
      { cod_modulo: 3, cod_atividade: 8, descricao: 'Meu Pergamum' },
      { cod_modulo: 3, cod_atividade: 13, descricao: 'Comentários' },
    ]);
  });
});

describe('GET /parametros/guias-pesquisa', () => {
  it('lists the active guides in order', async () => {
    await createGuides(t.database.db, [
      { codigo: 'geral', rota: 'pesquisa-geral' },
      { codigo: 'ebooks', rota: 'ebooks', ativo: false },
      { codigo: 'avancada', rota: 'pesquisa-avancada' },
    ]);
    expect((await get('/svc/parametros/guias-pesquisa')).json()).toEqual([
      { codigo: 'geral', rota: 'pesquisa-geral', ordem: 1 },
      { codigo: 'avancada', rota: 'pesquisa-avancada', ordem: 3 },
    ]);
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/svc/parametros/guias-pesquisa' });
    expect(response.statusCode).toBe(401);
  });
});
