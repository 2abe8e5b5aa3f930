import { SAVED_SEARCH_LIMIT, savedEndpoints } from '@estante/contracts/saved';
import { searchEndpoints } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createGuides, createInstitution, createPatron, createTitles } from '../../../test/factories.js';
import { createSavedSearches } from '../../../test/factories/saved.js';
import { queryRows } from '../../db/client.js';

/**
 * Saved searches (issue 20, decision 0020): a patron keeps the search of a results page under a
 * name, finds it in Meu Pergamum and runs it again; only real searches are kept, at most
 * SAVED_SEARCH_LIMIT, each visible to and deletable by its owner alone.
 */
let t: TestApp;
let anonymous: string;
const token: Record<string, string> = {};
const patron: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createInstitution(db);
  await createGuides(db, [
    { codigo: 'geral', rota: 'pesquisa-geral' },
    { codigo: 'ebooks', rota: 'ebooks' },
    { codigo: 'novas_aquisicoes', rota: 'novas-aquisicoes' },
  ]);
  await createTitles(db, [
    { id: 's1', title: 'Pedagogia do oprimido', author: 'Freire, Paulo', subjects: ['Educação'], year: 1970 },
    { id: 's2', title: 'Pedagogia da autonomia', author: 'Freire, Paulo', subjects: ['Educação'], year: 1996 },
    { id: 's3', title: 'Vigiar e punir', author: 'Foucault, Michel', subjects: ['Prisões'], year: 1975 },
  ]);
  for (const login of ['ana', 'bruno', 'carla']) {
    patron[login] = (await createPatron(db, { login, nome: `${login} Teste`, password: `senha-${login}` })).codPessoa;
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  anonymous = await publicToken(t.app);
});
afterAll(() => t.close());

/** A login's token, the anonymous one, or none ('nobody'). */
const as = (who: string) => (who === 'nobody' ? null : who === 'anonymous' ? anonymous : token[who]!);
const stored = async (login: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from saved_searches where cod_pessoa = ${patron[login]!}`))[0]!.n;

describe('saved searches', () => {
  it('are for a signed-in patron only', async () => {
    expect((await call(t.app, savedEndpoints.list, {}, as('nobody'))).status).toBe(401);
    const refused = await call(t.app, savedEndpoints.save, { body: { nome: 'Freire', consulta: 'termo1=freire' } }, as('anonymous'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'AcessoPessoalNecessario' });
    expect(await queryRows(t.database.db, sql`select 1 from saved_searches`)).toEqual([]);
  });

  it('keep the search from page 1 under its name and guide, and running it again finds what the page found', async () => {
    const saved = await call(
      t.app,
      savedEndpoints.save,
      {
        body: {
          nome: '  Freire, educação  ',
          consulta: '?termo1=pedagogia&campo1=titulo&filtro=Y:1970&pagina=2&exibicao=C',
          guia: 'pesquisa-geral',
        },
      },
      as('ana'),
    );
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ nome: 'Freire, educação', guia: 'pesquisa-geral' });
    expect(new URLSearchParams(saved.body.consulta).toString()).toBe('termo1=pedagogia&campo1=titulo&filtro=Y%3A1970');
    expect(Date.now() - Date.parse(saved.body.criado_em)).toBeLessThan(60_000);

    const list = await call(t.app, savedEndpoints.list, {}, as('ana'));
    expect(list.body).toEqual([saved.body]);
    // The saved query string is a search /consulta runs: the 1970 title whose title has "pedagogia".
    const again = await call(t.app, searchEndpoints.search, { query: new URLSearchParams(list.body[0]!.consulta) }, as('ana'));
    expect(again.status).toBe(200);
    expect(again.body.acervos.map((a) => a.titulo)).toEqual(['Pedagogia do oprimido']);
  });

  it('keep a search without words when the results page runs one (new acquisitions of a period)', async () => {
    const saved = await call(t.app, savedEndpoints.save, { body: { nome: 'Novidades', consulta: 'novas=30', guia: 'novas-aquisicoes' } }, as('carla'));
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ consulta: 'novas=30', guia: 'novas-aquisicoes' });
  });

  it.each([
    ['an empty query', { nome: 'x', consulta: '' }, 'consulta'],
    ['a query with no search in it', { nome: 'x', consulta: 'foo=bar&exibicao=C' }, 'consulta'],
    ['blank words', { nome: 'x', consulta: 'termo1=%20%20' }, 'consulta'],
    ['a query /consulta refuses', { nome: 'x', consulta: 'termo1=freire&quantPag=500' }, 'consulta'],
    ['the standards base without a first term', { nome: 'x', consulta: 'base=target_gedweb&termo2=iso' }, 'consulta'],
    ['a query over 2000 characters', { nome: 'x', consulta: `termo1=${'%C3%A9'.repeat(300)}&termo2=${'%C3%A9'.repeat(300)}` }, 'consulta'],
    // 1,540 characters as sent, but over 2,000 once written by the codec (each é is %C3%A9).
    ['a query too long once written out', { nome: 'x', consulta: [1, 2, 3, 4, 5].map((n) => `termo${n}=${'é'.repeat(300)}`).join('&') }, 'consulta'],
    ['a blank name', { nome: '   ', consulta: 'termo1=freire' }, 'nome'],
    ['a name over 100 characters', { nome: 'n'.repeat(101), consulta: 'termo1=freire' }, 'nome'],
    ['a name with a line break', { nome: 'Freire\nFoucault', consulta: 'termo1=freire' }, 'nome'],
    ['a name with a tab', { nome: 'Freire\tFoucault', consulta: 'termo1=freire' }, 'nome'],
    ['a guide that is not a path segment', { nome: 'x', consulta: 'termo1=freire', guia: '../admin' }, 'guia'],
  ])('refuse %s with 400, storing nothing', async (_, payload, field) => {
    const before = await stored('bruno');
    const refused = await call(t.app, savedEndpoints.save, { body: payload as never }, as('bruno'));
    expect(refused.status).toBe(400);
    expect(refused.body.key).toBe('RequisicaoInvalida');
    expect(refused.body.message).toContain(`body ${field}:`);
    expect(await stored('bruno')).toBe(before);
  });

  it('refuse a guide the institution does not offer with 422, in the language of the call', async () => {
    const refused = await call(t.app, savedEndpoints.save, { body: { nome: 'x', consulta: 'termo1=freire', guia: 'pesquisa-secreta' } }, as('bruno'), '5');
    expect([refused.status, refused.body]).toEqual([
      422,
      { status: 422, key: 'GuiaPesquisaInexistente', message: 'The search guide "pesquisa-secreta" does not exist or is not active.' },
    ]);
    expect(await stored('bruno')).toBe(0);
  });

  it('open in the general guide once the guide they were saved in is switched off', async () => {
    const saved = await call(
      t.app,
      savedEndpoints.save,
      {
        body: {
          nome: 'E-books',
          consulta: 'termo1=foucault&filtro=X:O',
          guia: 'ebooks',
        },
      },
      as('bruno'),
    );
    expect(saved.body.guia).toBe('ebooks');
    await t.database.db.execute(sql`update search_guides set ativo = false where codigo = 'ebooks'`);
    try {
      const list = await call(t.app, savedEndpoints.list, {}, as('bruno'));
      expect(list.body.map((s) => [s.nome, s.guia])).toEqual([['E-books', 'pesquisa-geral']]);
    } finally {
      await t.database.db.execute(sql`update search_guides set ativo = true where codigo = 'ebooks'`);
    }
  });

  it("are each patron's own: listed newest first to their owner; another patron's delete is a 404 that changes nothing", async () => {
    const second = await call(t.app, savedEndpoints.save, { body: { nome: 'Foucault', consulta: 'termo1=foucault' } }, as('ana'));
    const list = await call(t.app, savedEndpoints.list, {}, as('ana'));
    expect(list.body.map((s) => s.nome)).toEqual(['Foucault', 'Freire, educação']);
    expect((await call(t.app, savedEndpoints.list, {}, as('bruno'))).body.map((s) => s.nome)).toEqual(['E-books']);

    const foreign = await call(t.app, savedEndpoints.remove, { params: { id: String(second.body.id) } }, as('bruno'));
    expect(foreign).toEqual({
      status: 404,
      body: { status: 404, key: 'PesquisaSalvaNaoEncontrada', message: `Pesquisa salva ${second.body.id} não encontrada entre as suas.` },
    });
    expect(await stored('ana')).toBe(2);

    const removed = await call(t.app, savedEndpoints.remove, { params: { id: String(second.body.id) } }, as('ana'));
    expect(removed.status).toBe(204);
    expect((await call(t.app, savedEndpoints.list, {}, as('ana'))).body.map((s) => s.nome)).toEqual(['Freire, educação']);
    expect((await call(t.app, savedEndpoints.remove, { params: { id: String(second.body.id) } }, as('ana'))).status).toBe(404);
  });

  it(`stop at ${SAVED_SEARCH_LIMIT} per patron with 422, and take one again after a delete`, async () => {
    const db = t.database.db;
    const missing = SAVED_SEARCH_LIMIT - (await stored('carla'));
    await createSavedSearches(
      db,
      patron.carla!,
      Array.from({ length: missing }, (_, i) => ({ nome: `Pesquisa ${i + 1}`, consulta: `termo1=t${i + 1}` })),
    );
    const full = await call(t.app, savedEndpoints.save, { body: { nome: 'Mais uma', consulta: 'termo1=freire' } }, as('carla'));
    expect(full).toEqual({
      status: 422,
      body: {
        status: 422,
        key: 'LimitePesquisasSalvas',
        message: `Você já tem ${SAVED_SEARCH_LIMIT} pesquisas salvas, o máximo. Exclua alguma em Meu Pergamum, Itens salvos, para salvar esta.`,
      },
    });
    expect(await stored('carla')).toBe(SAVED_SEARCH_LIMIT);
    // Another patron is not held by Carla's limit.
    expect((await call(t.app, savedEndpoints.save, { body: { nome: 'Outra', consulta: 'termo1=freire' } }, as('bruno'))).status).toBe(201);

    const [oldest] = (await call(t.app, savedEndpoints.list, {}, as('carla'))).body.slice(-1);
    expect((await call(t.app, savedEndpoints.remove, { params: { id: String(oldest!.id) } }, as('carla'))).status).toBe(204);
    expect((await call(t.app, savedEndpoints.save, { body: { nome: 'Mais uma', consulta: 'termo1=freire' } }, as('carla'))).status).toBe(201);
    expect(await stored('carla')).toBe(SAVED_SEARCH_LIMIT);
  });
});
