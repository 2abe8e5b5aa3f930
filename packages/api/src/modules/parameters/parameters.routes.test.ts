import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    });
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
