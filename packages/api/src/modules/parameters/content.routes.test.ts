import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createLibraries, enableActivities } from '../../../test/factories.js';
import { campuses, faqEntries, institutionContent, institutionEvents, openingHours } from '../../db/schema/index.js';

let t: TestApp;
let authorization: string;
let central: number;
let branch: number;
let campus: number;
beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
  const db = t.database.db;
  await createInstitution(db, {
    parametros: {
      autoatendimento: { ativo: true, url: 'https://kiosk.example/', biblioteca: 1, autenticacao: 'cartao', idioma: 'es', teclado: true },
      app_layers: { ativo: true, url: '' },
    },
  });
  const libs = await createLibraries(db, ['Central', 'Setorial']);
  central = libs[0]!.codBiblioteca;
  branch = libs[1]!.codBiblioteca;
  campus = libs[0]!.codCampus;
  await db.insert(campuses).values({ nome: 'Campus Vazio' });
  await db.insert(institutionContent).values([
    { chave: 'secao_1', idioma: 'pt', titulo: 'Bem-vindo', html: '<p>Olá</p>' },
    { chave: 'secao_1', idioma: 'en', titulo: 'Welcome', html: '<p>Hello</p>' },
    { chave: 'atividade:12', idioma: 'pt', titulo: 'Sugestões', html: '<p>Sugira</p>' },
  ]);
  await db.insert(faqEntries).values([
    { idioma: 'pt', ordem: 2, pergunta: 'Segunda?', resposta: 'Sim' },
    { idioma: 'pt', ordem: 1, pergunta: 'Primeira?', resposta: 'Sim' },
    { idioma: 'es', ordem: 1, pergunta: '¿Primera?', resposta: 'Sí' },
  ]);
  await db.insert(openingHours).values([
    { codBiblioteca: central, diaSemana: 1, abre: '08:00', fecha: '22:00' },
    { codBiblioteca: central, diaSemana: 6, abre: '09:00', fecha: '13:30' },
  ]);
  const hours = (h: number) => new Date(Date.now() + h * 3_600_000);
  await db.insert(institutionEvents).values([
    { origem: 'institucional', titulo: 'Depois', inicio: hours(48), fim: hours(50), codCampus: campus },
    {
      origem: 'institucional',
      titulo: 'Agora',
      inicio: hours(-1),
      fim: hours(1),
      local: 'Saguão',
      traducoes: { en: { titulo: 'Now', local: 'Lobby' }, es: { titulo: 'Ahora', local: ' ' } },
    },
    { origem: 'institucional', titulo: 'Passado', inicio: hours(-5), fim: hours(-3) },
    { origem: 'eventum', titulo: 'Curso', inicio: hours(24), fim: hours(26), link: 'https://eventos.example/1' },
  ]);
});
afterAll(() => t.close());

const get = (url: string, idioma = '1') => t.app.inject({ method: 'GET', url: `/svc${url}`, headers: { authorization, 'x-idioma': idioma } });

describe('the institution’s pages', () => {
  it('serves a page in the call’s language, Portuguese when it has none in that language', async () => {
    expect((await get('/parametros/secao_1', '5')).json()).toEqual({ titulo: 'Welcome', html: '<p>Hello</p>' });
    expect((await get('/parametros/secao_1', '3')).json()).toEqual({ titulo: 'Bem-vindo', html: '<p>Olá</p>' });
  });

  it('answers null for a page the institution did not write', async () => {
    const response = await get('/parametros/secao_2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
    expect((await get('/parametros/informacoes_gerais')).json()).toBeNull();
  });

  it('lists the FAQ in order, in the call’s language or in Portuguese', async () => {
    expect((await get('/parametros/faq')).json()).toEqual([
      { pergunta: 'Primeira?', resposta: 'Sim' },
      { pergunta: 'Segunda?', resposta: 'Sim' },
    ]);
    expect((await get('/parametros/faq', '3')).json()).toEqual([{ pergunta: '¿Primera?', resposta: 'Sí' }]);
    expect((await get('/parametros/faq', '5')).json()).toHaveLength(2);
  });

  it('needs at least the public token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/svc/parametros/faq' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /parametros/atividade/{id}', () => {
  it('says whether an activity is on, and 404s an unknown one', async () => {
    expect((await get('/parametros/atividade/12')).json()).toEqual({ cod_modulo: 3, cod_atividade: 12, descricao: 'Sugestão de aquisição', ativa: false });
    await enableActivities(t.database.db, [12]);
    expect((await get('/parametros/atividade/12')).json()).toMatchObject({ ativa: true });
    const unknown = await get('/parametros/atividade/999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ key: 'AtividadeNaoEncontrada' });
    expect((await get('/parametros/atividade/abc')).statusCode).toBe(400);
  });

  it('serves the activity’s informativo, null when none was written', async () => {
    expect((await get('/parametros/atividade/12/informativo')).json()).toEqual({ titulo: 'Sugestões', html: '<p>Sugira</p>' });
    expect((await get('/parametros/atividade/13/informativo')).json()).toBeNull();
    expect((await get('/parametros/atividade/999/informativo')).statusCode).toBe(404);
  });
});

describe('GET /parametros/atendimento', () => {
  it('gives every campus, its libraries and seven days, Monday first; a day without hours is closed', async () => {
    const body = (await get('/parametros/atendimento')).json();
    expect(body.map((c: { nome_campus: string }) => c.nome_campus)).toEqual(['Campus Central Setorial', 'Campus Vazio']);
    const [first, empty] = body;
    expect(empty.bibliotecas).toEqual([]);
    expect(first.bibliotecas.map((b: { desc_biblioteca: string }) => b.desc_biblioteca)).toEqual(['Central', 'Setorial']);
    const week = first.bibliotecas[0].horarios;
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual({ dia_semana: 1, abre: '08:00', fecha: '22:00' });
    expect(week[5]).toEqual({ dia_semana: 6, abre: '09:00', fecha: '13:30' });
    expect(week[6]).toEqual({ dia_semana: 7, abre: null, fecha: null });
    expect(first.bibliotecas[1].horarios.every((d: { abre: string | null }) => d.abre === null)).toBe(true);
  });

  it('narrows to one campus, 404 for an unknown one, 400 for a malformed one', async () => {
    const one = (await get(`/parametros/atendimento/${campus}`)).json();
    expect(one).toHaveLength(1);
    expect(one[0].bibliotecas.map((b: { cod_biblioteca: number }) => b.cod_biblioteca)).toEqual([central, branch]);
    expect((await get('/parametros/atendimento/9999')).statusCode).toBe(404);
    expect((await get('/parametros/atendimento/x1')).statusCode).toBe(400);
  });
});

describe('events', () => {
  it('lists the events not yet over, soonest first, each kind on its own', async () => {
    const institutional = (await get('/parametros/eventos_institucionais')).json();
    expect(institutional.map((e: { titulo: string }) => e.titulo)).toEqual(['Agora', 'Depois']);
    expect(institutional[1]).toMatchObject({ nome_campus: 'Campus Central Setorial', local: null, link: null });
    expect(new Date(institutional[0].inicio).getTime()).toBeLessThan(Date.now());
    expect((await get('/parametros/eventos_eventum')).json()).toEqual([expect.objectContaining({ titulo: 'Curso', link: 'https://eventos.example/1' })]);
  });

  it('names an event in the call’s language, each text it lacks in Portuguese (issue 55)', async () => {
    const named = async (idioma: string) =>
      ((await get('/parametros/eventos_institucionais', idioma)).json() as { titulo: string; local: string | null }[]).map((e) => [e.titulo, e.local]);
    expect(await named('5')).toEqual([
      ['Now', 'Lobby'],
      ['Depois', null],
    ]);
    expect(await named('3')).toEqual([
      ['Ahora', 'Saguão'],
      ['Depois', null],
    ]);
    expect(await named('1')).toEqual([
      ['Agora', 'Saguão'],
      ['Depois', null],
    ]);
  });
});

describe('self-service kiosk and app layers', () => {
  it('hands the kiosk page its parameters', async () => {
    expect((await get('/parametros/autoatendimento')).json()).toEqual({
      showAuto: true,
      url: 'https://kiosk.example/',
      codBibAuto: 1,
      authAuto: 'cartao',
      idiomaAuto: 'es',
      tecladoAuto: true,
    });
  });

  it('hides the kiosk button when it is switched off, and app layers without a URL are off', async () => {
    await t.database.db.execute(
      sql`update institution set parametros = parametros || '{"autoatendimento": {"ativo": false, "url": "https://kiosk.example/"}}'::jsonb`,
    );
    expect((await get('/parametros/autoatendimento')).json()).toMatchObject({ showAuto: false, tecladoAuto: false, codBibAuto: null });
    expect((await get('/parametros/app-layers')).json()).toEqual({ ativo: false, url: null });
  });
});
