import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DadosArmazem, ProtocoloArmazem } from '@estante/contracts/circulation';
import { createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createCopies, createLibraries, createPatron, createTitles } from '../../../test/factories.js';
import { closedStackRequestItems, closedStackRequests } from '../../db/schema/index.js';

let t: TestApp;
let anonymous: string;
let ana: string;
let bruno: string;
let central: number;
let norte: number;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(
    id,
    await createTitles(t.database.db, [
      { id: 'rare', title: 'Os sertões', author: 'Cunha, Euclides da', year: 1902 },
      { id: 'atlas', title: 'Atlas histórico', year: 1950 },
      { id: 'open', title: 'Livro de estante aberta', year: 2020 },
    ]),
  );
  [central, norte] = (await createLibraries(t.database.db, ['Biblioteca Central', 'Biblioteca Norte'])).map((l) => l.codBiblioteca) as [number, number];
  await createCopies(t.database.db, [
    { codAcervo: id.rare!, codBiblioteca: central, tombo: 'R1', localizacao: 'Cofre A-1', acervoFechado: true },
    {
      codAcervo: id.rare!,
      codBiblioteca: central,
      tombo: 'R2',
      localizacao: 'Cofre A-1',
      acervoFechado: true,
      status: 'emprestado',
      dataDevolucaoPrevista: '2030-01-01',
    },
    { codAcervo: id.atlas!, codBiblioteca: central, tombo: 'A1', localizacao: 'Mapoteca', acervoFechado: true, volume: '1' },
    { codAcervo: id.atlas!, codBiblioteca: central, tombo: 'A2', localizacao: 'Mapoteca', acervoFechado: true, volume: '2' },
    { codAcervo: id.atlas!, codBiblioteca: norte, tombo: 'A3', localizacao: 'Depósito', acervoFechado: true, volume: '1' },
    { codAcervo: id.open!, codBiblioteca: central, tombo: 'O1', localizacao: 'Estante 3' },
  ]);
  await createPatron(t.database.db, { login: 'ana', nome: 'Ana Souza', password: 'senha-da-ana' });
  await createPatron(t.database.db, { login: 'bruno', nome: 'Bruno Lima', password: 'senha-do-bruno' });
  anonymous = await publicToken(t.app);
  ana = await patronToken(t.app, 'ana', 'senha-da-ana');
  bruno = await patronToken(t.app, 'bruno', 'senha-do-bruno');
});
afterAll(() => t.close());

const data = async (title: number, query = '') =>
  t.app.inject({ method: 'GET', url: `/svc/acervo/${title}/dados-armazem${query}`, headers: { authorization: `Bearer ${anonymous}` } });
const request = (token: string, library: number | string, cesta: unknown) =>
  t.app.inject({ method: 'POST', url: `/svc/gravar-armazem?cod_biblioteca=${library}`, headers: { authorization: `Bearer ${token}` }, payload: { cesta } });

describe('closed stacks (acervo fechado)', () => {
  it('shows where a title is kept in closed stacks, by library and volume, and offers the tab', async () => {
    const all = (await data(id.atlas!)).json<DadosArmazem>();
    expect(all.bibliotecas).toEqual([
      { cod_biblioteca: central, desc_biblioteca: 'Biblioteca Central', total: 2 },
      { cod_biblioteca: norte, desc_biblioteca: 'Biblioteca Norte', total: 1 },
    ]);
    const central2 = (await data(id.atlas!, `?cod_biblioteca=${central}&volume=2`)).json<DadosArmazem>();
    expect(central2.opcoes.volumes).toEqual(['1', '2']);
    expect(central2.exemplares.map((c) => [c.tombo, c.disponivel])).toEqual([['A2', true]]);
    expect((await data(id.rare!)).json<DadosArmazem>().exemplares.map((c) => [c.tombo, c.disponivel])).toEqual([
      ['R1', true],
      ['R2', false],
    ]);
    const detail = await t.app.inject({ method: 'GET', url: `/svc/acervo/${id.rare}`, headers: { authorization: `Bearer ${anonymous}` } });
    expect(detail.json<{ abas: string[] }>().abas).toContain('acervo_fechado');
    const open = await t.app.inject({ method: 'GET', url: `/svc/acervo/${id.open}`, headers: { authorization: `Bearer ${anonymous}` } });
    expect(open.json<{ abas: string[] }>().abas).not.toContain('acervo_fechado');
    expect((await data(4242)).statusCode).toBe(404);
    expect((await data(id.rare!, '?cod_biblioteca=x')).statusCode).toBe(400);
  });

  it('writes a request with a protocol; the copy is then no longer free, and a second request for it is refused whole', async () => {
    const response = await request(ana, central, [{ cod_acervo: id.rare }, { cod_acervo: id.atlas, volume: '2' }]);
    expect(response.statusCode).toBe(201);
    const protocol = response.json<ProtocoloArmazem>();
    expect(protocol).toMatchObject({ protocolo: expect.stringMatching(/^AF\d{4}-\d{6}$/), desc_biblioteca: 'Biblioteca Central' });
    expect(protocol.itens.map((i) => [i.titulo, i.tombo])).toEqual([
      ['Os sertões', 'R1'],
      ['Atlas histórico', 'A2'],
    ]);
    expect((await data(id.rare!)).json<DadosArmazem>().exemplares.map((c) => [c.tombo, c.disponivel])).toEqual([
      ['R1', false],
      ['R2', false],
    ]);

    const before = (await t.database.db.select().from(closedStackRequests)).length;
    const refused = await request(bruno, central, [{ cod_acervo: id.atlas, volume: '1' }, { cod_acervo: id.rare }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ key: 'ArmazemSemExemplar', message: expect.stringContaining('"Os sertões"') });
    expect((await t.database.db.select().from(closedStackRequests)).length).toBe(before);
    // Volume 1 is still free: nothing of the refused request was kept.
    expect((await request(bruno, central, [{ cod_acervo: id.atlas, volume: '1' }])).statusCode).toBe(201);
  });

  it('does not give one copy to two requests sent at once', async () => {
    const carla = await createPatron(t.database.db, { login: 'carla', nome: 'Carla Dias', password: 'senha-da-carla' });
    const token = await patronToken(t.app, 'carla', 'senha-da-carla');
    const answers = await Promise.all([request(token, norte, [{ cod_acervo: id.atlas }]), request(bruno, norte, [{ cod_acervo: id.atlas }])]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const items = await t.database.db.select().from(closedStackRequestItems);
    expect(new Set(items.map((i) => i.codExemplar)).size).toBe(items.length);
    expect(carla.codPessoa).toBeGreaterThan(0);
  });

  it('refuses visitors, open-shelf titles, unknown titles and libraries, empty and oversized baskets', async () => {
    expect((await request(anonymous, central, [{ cod_acervo: id.rare }])).statusCode).toBe(403);
    expect((await request(ana, central, [{ cod_acervo: id.open }])).statusCode).toBe(422);
    expect((await request(ana, central, [{ cod_acervo: 4242 }])).statusCode).toBe(404);
    expect((await request(ana, 9999, [{ cod_acervo: id.rare }])).statusCode).toBe(422);
    expect((await request(ana, central, [])).statusCode).toBe(400);
    expect(
      (
        await request(
          ana,
          central,
          Array.from({ length: 6 }, () => ({ cod_acervo: id.rare })),
        )
      ).statusCode,
    ).toBe(400);
    expect((await request(ana, 'x', [{ cod_acervo: id.rare }])).statusCode).toBe(400);
    expect((await request(ana, central, [{ cod_acervo: 'um' }])).statusCode).toBe(400);
  });
});
