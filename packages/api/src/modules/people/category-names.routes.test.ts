import { authEndpoints } from '@estante/contracts/auth';
import { deskEndpoints, policiesEndpoints } from '@estante/contracts/circulation';
import { settingsEndpoints } from '@estante/contracts/parameters';
import { patronRecordEndpoints, peopleEndpoints } from '@estante/contracts/people';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createPatron, createRegistration, grantStaffRoles } from '../../../test/factories.js';
import { patronCategories } from '../../db/schema/index.js';

/**
 * A patron's category in the reader's language (issue 55): the library writes "Aluno de doutorado"
 * and names it in English and Spanish among its value translations (kind `categoria`); every answer
 * naming a category — the patron's own data and registrations, the staff's record, search, desk
 * and policies — names it in the call's language (x-idioma 1 pt, 3 es, 5 en), in Portuguese where
 * it has no name. Helena is a professor and a doctoral student (one CPF); Marcos is staff.
 */
let t: TestApp;
const token = { helena: '', marcos: '' };
const person: Record<string, number> = {};
const PT = '1';
const ES = '3';
const EN = '5';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createInstitution(db);
  await db.insert(patronCategories).values([
    { codCategoria: '04', descricao: 'Professor', professor: true },
    { codCategoria: '09', descricao: 'Aluno de doutorado' },
  ]);
  person.helena = (
    await createPatron(db, { login: 'helena', nome: 'Helena Prado', password: 'Senha-helena-1', cpf: '52998224725', categoria: '09' })
  ).codPessoa;
  person.professora = (await createRegistration(db, { nome: 'Helena Prado', cpf: '52998224725', categoria: '04' })).codPessoa;
  await createPatron(db, { login: 'marcos', nome: 'Marcos Rocha', password: 'Senha-marcos-1' });
  await grantStaffRoles(db, 'marcos', ['atendimento', 'circulacao', 'administracao']);
  token.helena = await patronToken(t.app, 'helena', 'Senha-helena-1');
  token.marcos = await patronToken(t.app, 'marcos', 'Senha-marcos-1');
  // The administration names the doctoral students in both languages (the professors only in English).
  for (const [idioma, texto, valor] of [
    ['en', 'PhD student', 'Aluno de doutorado'],
    ['es', 'Estudiante de doctorado', 'Aluno de doutorado'],
    ['en', 'Faculty member', 'Professor'],
  ] as const) {
    const saved = await call(t.app, settingsEndpoints.translate, { body: { tipo: 'categoria', valor, idioma, texto } }, token.marcos);
    expect(saved.status).toBe(200);
  }
});
afterAll(() => t.close());

describe('patron categories in the reader’s language (issue 55)', () => {
  it('are controlled values the administration translates: the screen lists every category, named or not', async () => {
    const { body } = await call(t.app, settingsEndpoints.translations, {}, token.marcos);
    expect(body.filter((v) => v.tipo === 'categoria')).toEqual([
      { tipo: 'categoria', valor: 'Aluno de doutorado', en: 'PhD student', es: 'Estudiante de doctorado' },
      { tipo: 'categoria', valor: 'Graduação', en: null, es: null },
      { tipo: 'categoria', valor: 'Professor', en: 'Faculty member', es: null },
    ]);
  });

  it('names the patron’s own category in their personal data, in English, Spanish and Portuguese unchanged', async () => {
    const categoria = async (idioma: string) => (await call(t.app, peopleEndpoints.personalData, {}, token.helena, idioma)).body.categoria;
    expect(await categoria(EN)).toEqual({ codigo: '09', descricao: 'PhD student' });
    expect(await categoria(ES)).toEqual({ codigo: '09', descricao: 'Estudiante de doctorado' });
    expect(await categoria(PT)).toEqual({ codigo: '09', descricao: 'Aluno de doutorado' });
  });

  it('names each registration in the choosers and a registration’s name, Portuguese where a language has no name', async () => {
    const options = async (idioma: string) => (await call(t.app, authEndpoints.registrations, {}, token.helena, idioma)).body.map((o) => o.nome);
    expect(await options(EN)).toEqual(['Helena Prado — PhD student', 'Helena Prado — Faculty member']);
    expect(await options(ES)).toEqual(['Helena Prado — Estudiante de doctorado', 'Helena Prado — Professor']);
    expect(await options(PT)).toEqual(['Helena Prado — Aluno de doutorado', 'Helena Prado — Professor']);
    const name = await call(t.app, peopleEndpoints.registrationName, { params: { user: 'helena' } }, token.helena, EN);
    expect(name.body).toEqual({ nome: 'Helena Prado', categoria: 'PhD student' });
  });

  it('names the category in the staff’s record, search, desk and policies too', async () => {
    const params = { codPessoa: String(person.helena) };
    const record = (await call(t.app, patronRecordEndpoints.record, { params }, token.marcos, ES)).body;
    expect(record.dados.categoria.descricao).toBe('Estudiante de doctorado');
    expect(record.cadastros).toEqual([expect.objectContaining({ cod_pessoa: person.professora, categoria: 'Professor' })]);
    const found = (await call(t.app, patronRecordEndpoints.search, { query: { busca: 'helena prado' } }, token.marcos, EN)).body;
    expect(found.map((p) => p.categoria).sort()).toEqual(['Faculty member', 'PhD student']);
    expect((await call(t.app, patronRecordEndpoints.categories, {}, token.marcos, EN)).body.map((c) => c.descricao)).toEqual([
      'Faculty member',
      'Graduação',
      'PhD student',
    ]);
    expect((await call(t.app, deskEndpoints.patron, { params }, token.marcos, EN)).body.categoria).toBe('PhD student');
    expect((await call(t.app, deskEndpoints.patron, { params }, token.marcos, PT)).body.categoria).toBe('Aluno de doutorado');
    const policies = (await call(t.app, policiesEndpoints.read, {}, token.marcos, ES)).body;
    expect(policies.categorias.find((c) => c.codigo === '09')?.descricao).toBe('Estudiante de doctorado');
  });
});
