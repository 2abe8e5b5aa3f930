import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { authorities, campuses, courses, disciplines, libraries, professors } from '../../db/schema/index.js';

let t: TestApp;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
  await t.database.db
    .insert(campuses)
    .values([
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
    expect((await get('/svc/consulta/campus?search_text=ARARANGUA')).body).toEqual({
      total: 1,
      page: 1,
      itens: [{ cod_campus: 2, nome_campus: 'Campus Araranguá' }],
    });
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
    expect(await get('/svc/consulta/campus/999')).toEqual({
      status: 404,
      body: { status: 404, key: 'CampusNaoEncontrado', message: 'Campus 999 não encontrado.' },
    });
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

describe('GET /consulta/cursos, disciplinas, professores and their /{id}', () => {
  beforeAll(async () => {
    await t.database.db
      .insert(courses)
      .values([
        { codCurso: 1, nome: 'Pedagogia', codCampus: 1 },
        { codCurso: 2, nome: 'Direito', codCampus: 1 },
        { codCurso: 3, nome: 'Pedagogia a Distância', codCampus: 2 },
        ...Array.from({ length: 21 }, (_, i) => ({ codCurso: 10 + i, nome: `Especialização ${String(i + 1).padStart(2, '0')}`, codCampus: null })),
      ]);
    await t.database.db.insert(disciplines).values([
      { codDisciplina: 1, codigo: 'EDU101', nome: 'Fundamentos da Educação' },
      { codDisciplina: 2, codigo: 'MAT120', nome: 'Álgebra Linear' },
    ]);
    await t.database.db.insert(professors).values([
      { codProfessor: 1, nome: 'Helena Duarte Campos' },
      { codProfessor: 2, nome: 'Rafael Mendes Araújo' },
    ]);
  });

  it('finds courses by name, optionally on one campus, 20 a page in name order', async () => {
    expect((await get('/svc/consulta/cursos?search_text=pedagogia')).body.itens.map((c: { nome_curso: string }) => c.nome_curso)).toEqual([
      'Pedagogia',
      'Pedagogia a Distância',
    ]);
    expect((await get('/svc/consulta/cursos?search_text=pedagogia&codCampus=2')).body).toEqual({
      total: 1,
      page: 1,
      itens: [{ cod_curso: 3, nome_curso: 'Pedagogia a Distância', cod_campus: 2 }],
    });
    const all = (await get('/svc/consulta/cursos')).body;
    expect(all.total).toBe(24);
    expect(all.itens).toHaveLength(20);
    expect((await get('/svc/consulta/cursos?page=2')).body.itens.map((c: { nome_curso: string }) => c.nome_curso)).toEqual([
      'Especialização 20',
      'Especialização 21',
      'Pedagogia',
      'Pedagogia a Distância',
    ]);
  });

  it('finds disciplines by name or code, accents ignored', async () => {
    expect((await get('/svc/consulta/disciplinas?search_text=algebra')).body.itens).toEqual([
      { cod_disciplina: 2, codigo: 'MAT120', nome_disciplina: 'Álgebra Linear' },
    ]);
    expect((await get('/svc/consulta/disciplinas?search_text=EDU101')).body.itens.map((d: { codigo: string }) => d.codigo)).toEqual(['EDU101']);
  });

  it('finds professors by name', async () => {
    expect((await get('/svc/consulta/professores?search_text=araujo')).body).toEqual({
      total: 1,
      page: 1,
      itens: [{ cod_professor: 2, nome_professor: 'Rafael Mendes Araújo' }],
    });
  });

  it('answers one by id, 404 in the language of the call when there is none, 400 for a bad id', async () => {
    expect((await get('/svc/consulta/curso/2')).body).toEqual({ cod_curso: 2, nome_curso: 'Direito', cod_campus: 1 });
    expect((await get('/svc/consulta/disciplina/1')).body).toEqual({ cod_disciplina: 1, codigo: 'EDU101', nome_disciplina: 'Fundamentos da Educação' });
    expect((await get('/svc/consulta/professor/1')).body).toEqual({ cod_professor: 1, nome_professor: 'Helena Duarte Campos' });
    expect(await get('/svc/consulta/professor/99')).toEqual({
      status: 404,
      body: expect.objectContaining({ key: 'ProfessorNaoEncontrado', message: 'Professor 99 não encontrado.' }),
    });
    expect((await get('/svc/consulta/curso/99')).status).toBe(404);
    expect((await get('/svc/consulta/disciplina/abc')).status).toBe(400);
    expect((await get('/svc/consulta/disciplinas?search_text=ab')).status).toBe(400);
  });
});

describe('GET /consulta/autoridades', () => {
  beforeAll(async () => {
    const marc = { leader: '00000nz  a2200000n  4500', fields: [] };
    await t.database.db.insert(authorities).values([
      { controlNumber: 'n1', tipo: 'autor_pessoa', heading: 'Freire, Paulo, 1921-1997', marc },
      { controlNumber: 'n2', tipo: 'autor_entidade', heading: 'Universidade de São Paulo', marc },
      { controlNumber: 's1', tipo: 'assunto', heading: 'Educação popular', marc },
      { controlNumber: 'g1', tipo: 'assunto_geografico', heading: 'São Paulo (SP)', marc },
      { controlNumber: 't1', tipo: 'titulo_uniforme', heading: 'Bíblia', marc },
    ]);
  });

  it('finds headings by words, accents ignored, with the field that finds their titles', async () => {
    expect((await get('/svc/consulta/autoridades?search_text=sao%20paulo')).body).toEqual({
      total: 2,
      page: 1,
      itens: [
        { cod_autoridade: expect.any(Number), tipo: 'assunto_geografico', cabecalho: 'São Paulo (SP)', campo: 'assunto' },
        { cod_autoridade: expect.any(Number), tipo: 'autor_entidade', cabecalho: 'Universidade de São Paulo', campo: 'autor' },
      ],
    });
    expect((await get('/svc/consulta/autoridades?search_text=biblia')).body.itens[0]).toMatchObject({ tipo: 'titulo_uniforme', campo: 'titulo' });
  });

  it('narrows to one type, lists all without words, and refuses an unknown type', async () => {
    expect((await get('/svc/consulta/autoridades?search_text=paulo&tipo=autor_pessoa')).body.itens.map((a: { cabecalho: string }) => a.cabecalho)).toEqual([
      'Freire, Paulo, 1921-1997',
    ]);
    expect((await get('/svc/consulta/autoridades')).body.total).toBe(5);
    expect((await get('/svc/consulta/autoridades?tipo=pessoa')).status).toBe(400);
  });
});
