import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { campuses, libraries } from '../../db/schema/index.js';

let t: TestApp;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
  await t.database.db.insert(campuses).values([
    { codCampus: 1, nome: 'Campus Central' },
    { codCampus: 2, nome: 'Campus Araranguá' },
    ...Array.from({ length: 22 }, (_, i) => ({ codCampus: 10 + i, nome: `Polo de Educação a Distância ${String(i + 1).padStart(2, '0')}` })),
  ]);
  await t.database.db.insert(libraries).values([
    { codBiblioteca: 1, codCampus: 1, nome: 'Biblioteca Central', sigla: 'BC' },
    { codBiblioteca: 2, codCampus: 1, nome: 'Biblioteca Setorial de Ciências da Saúde', sigla: 'BSCS' },
    { codBiblioteca: 3, codCampus: 2, nome: 'Biblioteca do Campus Araranguá', sigla: 'BARA' },
  ]);
});
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization } });
  return { status: response.statusCode, body: response.json() };
};

describe('GET /consulta/campus', () => {
  it('finds campuses by name, accents and case ignored, every term required', async () => {
    expect((await get('/svc/consulta/campus?search_text=ARARANGUA')).body).toEqual({ total: 1, page: 1, itens: [{ cod_campus: 2, nome_campus: 'Campus Araranguá' }] });
    expect((await get('/svc/consulta/campus?search_text=polo%20distancia%2007')).status).toBe(400);
    expect((await get('/svc/consulta/campus?search_text=polo%20distancia%20007')).body.total).toBe(0);
    expect((await get('/svc/consulta/campus?search_text=polo%20distancia')).body.total).toBe(22);
  });

  it('pages 20 at a time in name order', async () => {
    const first = (await get('/svc/consulta/campus')).body;
    expect(first.total).toBe(24);
    expect(first.itens).toHaveLength(20);
    expect(first.itens[0]).toEqual({ cod_campus: 2, nome_campus: 'Campus Araranguá' });
    const second = (await get('/svc/consulta/campus?page=2')).body;
    expect(second.itens.map((c: { cod_campus: number }) => c.cod_campus)).toEqual([28, 29, 30, 31]);
  });

  it('refuses terms shorter than 3 characters and bad pages (spec §5)', async () => {
    const short = await get('/svc/consulta/campus?search_text=ca');
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 3 characters per term/);
    expect((await get('/svc/consulta/campus?page=0')).status).toBe(400);
    expect((await get('/svc/consulta/campus?page=x')).status).toBe(400);
  });

  it('answers one campus by id, 404 for an unknown one, 400 for a malformed one', async () => {
    expect((await get('/svc/consulta/campus/1')).body).toEqual({ cod_campus: 1, nome_campus: 'Campus Central' });
    expect(await get('/svc/consulta/campus/999')).toEqual({ status: 404, body: { status: 404, key: 'CampusNaoEncontrado', message: 'Campus 999 não encontrado.' } });
    expect((await get('/svc/consulta/campus/abc')).status).toBe(400);
  });
});

describe('GET /consulta/bibliotecas', () => {
  it('finds libraries by name or acronym, optionally of one campus', async () => {
    expect((await get('/svc/consulta/bibliotecas?search_text=saude')).body.itens).toEqual([
      { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial de Ciências da Saúde', cod_campus: 1 },
    ]);
    expect((await get('/svc/consulta/bibliotecas?search_text=bscs')).body.total).toBe(1);
    expect((await get('/svc/consulta/bibliotecas?codCampus=1')).body.itens.map((b: { cod_biblioteca: number }) => b.cod_biblioteca)).toEqual([1, 2]);
    expect((await get('/svc/consulta/bibliotecas?codCampus=x')).status).toBe(400);
  });

  it('answers one library by id and 404 for an unknown one', async () => {
    expect((await get('/svc/consulta/biblioteca/3')).body).toEqual({ cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Araranguá', cod_campus: 2 });
    expect((await get('/svc/consulta/biblioteca/42')).body).toMatchObject({ status: 404, key: 'BibliotecaNaoEncontrada' });
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/svc/consulta/bibliotecas' })).statusCode).toBe(401);
  });
});
