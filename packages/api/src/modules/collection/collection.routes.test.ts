import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Bibliografia, type BibliografiaTitulo, collectionEndpoints, type TotaisAcervo } from '@estante/contracts/collection';
import { type EndpointInput, endpointUrl } from '@estante/contracts/kernel';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createCopies, createInstitution, createLibraries, createLoan, createPatron, createTitles } from '../../../test/factories.js';
import { createEResources, createReturnedLoan } from '../../../test/factories/collection.js';
import { courses, disciplines, planTitles, professors, teachingPlans } from '../../db/schema/index.js';

/**
 * Meu Pergamum's collection calls (issue 20): a professor sees the bibliography of their own
 * teaching plans only — copies per library, loans in the plan's semester, coverage against the
 * institution's targets — as JSON, CSV (read back with csv-parse) and PDF (read back with
 * pdftotext); the databases a patron's category may use; the copies acquired in a period.
 */
let t: TestApp;
const token: Record<string, string> = {};
let central = 0;
let setorial = 0;
const id: Record<string, number> = {};
const plan: Record<string, number> = {};

/** `count` copies of a title at a library, tombos `<prefix>-1…`; answers their tombos. */
async function copies(title: string, library: number, count: number, prefix: string, extra: { status?: 'extraviado'; dataAquisicao?: string } = {}) {
  const rows = await createCopies(
    t.database.db,
    Array.from({ length: count }, (_, i) => ({ codAcervo: id[title]!, codBiblioteca: library, tombo: `${prefix}-${i + 1}`, ...extra })),
  );
  return rows.map((r) => r.tombo);
}

/** A returned loan of a copy, lent at `when` (a day, at noon, or a day and time) and back a week later. */
async function pastLoan(tombo: string, codPessoa: number, when: string) {
  await createReturnedLoan(t.database.db, { tombo, codPessoa, lentAt: when.includes('T') ? when : `${when}T12:00:00` });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [central, setorial] = (await createLibraries(db, ['Biblioteca Central', 'Biblioteca Setorial'])).map((l) => l.codBiblioteca) as [number, number];
  const people: Record<string, number> = {};
  for (const [login, nome, categoria] of [
    ['carlos', 'Carlos Pereira', '04'],
    ['helena', 'Helena Campos', '04'],
    ['ana', 'Ana Souza', '01'],
  ] as const) {
    people[login] = (await createPatron(db, { login, nome, password: `senha-${login}`, categoria })).codPessoa;
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  Object.assign(
    id,
    await createTitles(db, [
      { id: 'b1', title: 'Pedagogia do oprimido', author: 'Freire, Paulo', year: 1968, dewey: '370' },
      { id: 'b2', title: 'Didática', author: 'Libâneo, José Carlos', year: 1994, dewey: '371.3' },
      { id: 'b3', title: 'Avaliação da aprendizagem', year: 2011 },
      { id: 'c1', title: 'Escola e democracia', year: 1983 },
      { id: 'c2', title: 'Sociologia da educação', year: 2001 },
      { id: 'h1', title: 'Curso de direito constitucional', year: 2020 },
      { id: 'h2', title: 'Prawo konstytucyjne (Łódź, Șerban, Конституция)', year: 2019 },
      { id: 'a1', title: 'Livro A', dewey: '370' },
      { id: 'a2', title: 'Revista B', kind: 'as' },
      { id: 'a3', title: 'Cálculo', dewey: '515' },
    ]),
  );
  const [carlos, helena] = await db
    .insert(professors)
    .values([
      { nome: 'Carlos Eduardo Pereira', codPessoa: people.carlos },
      { nome: 'Helena Duarte Campos', codPessoa: people.helena },
    ])
    .returning();
  const [pedagogia, direito] = await db
    .insert(courses)
    .values([{ nome: 'Pedagogia' }, { nome: 'Direito' }])
    .returning();
  const [edu, dir] = await db
    .insert(disciplines)
    .values([
      { codigo: 'EDU101', nome: 'Fundamentos da Educação' },
      { codigo: 'DIR201', nome: 'Direito Constitucional I' },
    ])
    .returning();
  id.pedagogia = pedagogia!.codCurso;
  id.edu = edu!.codDisciplina;
  id.dir = dir!.codDisciplina;
  const plans = await db
    .insert(teachingPlans)
    .values([
      { codCurso: pedagogia!.codCurso, codDisciplina: edu!.codDisciplina, codProfessor: carlos!.codProfessor, ano: 2026, semestre: 1, periodo: 1, vagas: 50 },
      { codCurso: pedagogia!.codCurso, codDisciplina: edu!.codDisciplina, codProfessor: carlos!.codProfessor, ano: 2025, semestre: 2, periodo: 1, vagas: 30 },
      { codCurso: direito!.codCurso, codDisciplina: dir!.codDisciplina, codProfessor: helena!.codProfessor, ano: 2026, semestre: 1, periodo: 3, vagas: 60 },
    ])
    .returning();
  [plan.p1, plan.p2, plan.p3] = plans.map((p) => p.codPlano) as [number, number, number];
  await db.insert(planTitles).values([
    { codPlano: plan.p1!, codAcervo: id.b1!, tipo: 'basica' },
    { codPlano: plan.p1!, codAcervo: id.b2!, tipo: 'basica' },
    { codPlano: plan.p1!, codAcervo: id.b3!, tipo: 'basica' },
    { codPlano: plan.p1!, codAcervo: id.c1!, tipo: 'complementar' },
    { codPlano: plan.p1!, codAcervo: id.c2!, tipo: 'complementar' },
    { codPlano: plan.p2!, codAcervo: id.b2!, tipo: 'basica' },
    { codPlano: plan.p3!, codAcervo: id.h1!, tipo: 'basica' },
    { codPlano: plan.p3!, codAcervo: id.h2!, tipo: 'complementar' },
  ]);
  // b1: 10 copies (8 + 2) for 50 vacancies, exactly the default target of 5 per copy.
  const b1 = await copies('b1', central, 8, 'B1C');
  await copies('b1', setorial, 2, 'B1S');
  // b2: 4 copies (and a lost one, never counted): 12.5 vacancies per copy.
  await copies('b2', central, 4, 'B2C');
  await copies('b2', central, 1, 'B2X', { status: 'extraviado' });
  // c1: 2 copies (the complementary target); c2: 1.
  await copies('c1', setorial, 2, 'C1S');
  await copies('c2', central, 1, 'C2C');
  await copies('h1', central, 12, 'H1C');
  // Loans of b1 around 2026's first semester: its last day counts, the next one does not.
  for (const when of ['2026-03-10', '2026-06-30T23:59:59', '2026-07-01T00:00:00', '2025-09-15']) await pastLoan(b1[1]!, people.ana!, when);
  await pastLoan('B2C-1', people.ana!, '2025-10-01');
  await createLoan(db, { tombo: b1[0]!, codPessoa: people.ana!, dueInDays: 10 });
  // The totals read their own period: every copy above was acquired long before it.
  await db.execute(sql`update copies set data_aquisicao = '2020-01-01'`);
  await copies('a1', central, 2, 'A1C', { dataAquisicao: '2024-02-01' });
  await copies('a1', setorial, 1, 'A1S', { dataAquisicao: '2024-03-31' });
  await copies('a2', central, 1, 'A2C', { dataAquisicao: '2024-02-15' });
  await copies('a3', central, 1, 'A3C', { dataAquisicao: '2024-01-31' });
  await copies('a3', setorial, 1, 'A3S', { dataAquisicao: '2024-04-01' });
});
afterAll(async () => {
  await t.close();
});

/** A patron's token, or none (null). */
const as = (login: string | null) => (login ? token[login]! : null);
const bibliography = (who: string, query: EndpointInput<typeof collectionEndpoints.bibliography>['query'], language?: string) =>
  call(t.app, collectionEndpoints.bibliography, { query }, as(who), language);
/** The bibliography as a file (CSV or PDF, not JSON): its status, headers and bytes; `language` the x-idioma code, if any. */
const download = async (who: string, input: EndpointInput<typeof collectionEndpoints.bibliographyFile>, language?: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/svc${endpointUrl(collectionEndpoints.bibliographyFile, input)}`,
    headers: { authorization: `Bearer ${token[who]}`, ...(language ? { 'x-idioma': language } : {}) },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
};
const titleIn = (b: Bibliografia, title: string): BibliografiaTitulo => b.planos.flatMap((p) => p.titulos).find((x) => x.titulo === title)!;

/** The text of a PDF as `pdftotext -layout` (poppler) reads it. */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'estante-plano-')), 'plano.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('teaching plans: the offers', () => {
  it("lists the signed-in professor's own plans (latest first), the libraries and the targets", async () => {
    const { status, body } = await call(t.app, collectionEndpoints.planOffers, {}, as('carlos'));
    expect(status).toBe(200);
    expect(body.professor).toBe(true);
    expect(body.planos.map((p) => [p.cod_plano, p.disciplina.sigla, p.ano, p.semestre, p.vagas])).toEqual([
      [plan.p1, 'EDU101', 2026, 1, 50],
      [plan.p2, 'EDU101', 2025, 2, 30],
    ]);
    expect(body.planos[0]!.departamento).toEqual({ codigo: id.pedagogia, nome: 'Pedagogia' });
    expect(body.bibliotecas.map((b) => b.desc_biblioteca)).toEqual(['Biblioteca Central', 'Biblioteca Setorial']);
    expect(body.meta).toEqual({ vagas_por_exemplar: 5, exemplares_complementar: 2 });
  });

  it('gives a patron who is not a professor no plans, without an error; refuses a call without a token', async () => {
    const { status, body } = await call(t.app, collectionEndpoints.planOffers, {}, as('ana'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ professor: false, planos: [] });
    expect(body.bibliotecas).toHaveLength(2);
    expect((await call(t.app, collectionEndpoints.planOffers, {}, as(null))).status).toBe(401);
  });
});

describe('teaching plans: the bibliography', () => {
  it('counts copies per library, loans in the semester, and flags the titles below target', async () => {
    const { status, body } = await bibliography('carlos', { ano: '2026' });
    expect(status).toBe(200);
    expect(body.planos.map((p) => p.cod_plano)).toEqual([plan.p1]);
    const [p1] = body.planos;
    // Basic titles first, then complementary, each by title.
    expect(p1!.titulos.map((x) => [x.titulo, x.tipo])).toEqual([
      ['Avaliação da aprendizagem', 'basica'],
      ['Didática', 'basica'],
      ['Pedagogia do oprimido', 'basica'],
      ['Escola e democracia', 'complementar'],
      ['Sociologia da educação', 'complementar'],
    ]);
    const coverage = (x: BibliografiaTitulo) => [x.exemplares, x.exemplares_por_vaga, x.vagas_por_exemplar, x.abaixo_meta];
    expect(p1!.titulos.map(coverage)).toEqual([
      [0, 0, null, true], // no copies at all
      [4, 0.08, 12.5, true], // 50 / 4 > 5; the lost copy not counted
      [10, 0.2, 5, false], // exactly the target
      [2, 0.04, 25, false], // 2 complementary copies: the target
      [1, 0.02, 50, true], // fewer than 2
    ]);
    const b1 = titleIn(body, 'Pedagogia do oprimido');
    expect(b1.por_biblioteca).toEqual([
      { cod_biblioteca: central, biblioteca: 'Biblioteca Central', exemplares: 8, emprestados: 1 },
      { cod_biblioteca: setorial, biblioteca: 'Biblioteca Setorial', exemplares: 2, emprestados: 0 },
    ]);
    expect(b1).toMatchObject({ autor: 'Freire, Paulo', ano: '1968', emprestimos: 2 });
    expect(p1!.emprestimos).toBe(2);
    expect(body.meta).toEqual({ vagas_por_exemplar: 5, exemplares_complementar: 2 });
  });

  it("counts the loans of each plan's own semester", async () => {
    const { body } = await bibliography('carlos', { ano: '2025', semestre: '2' });
    expect(body.planos.map((p) => [p.cod_plano, p.emprestimos])).toEqual([[plan.p2, 1]]);
    expect(titleIn(body, 'Didática')).toMatchObject({ emprestimos: 1, exemplares: 4, vagas_por_exemplar: 7.5, abaixo_meta: true });
  });

  it("keeps to the professor's own plans: another's discipline gives none, and a non-professor has none", async () => {
    expect((await bibliography('carlos', { disciplina: String(id.dir) })).body.planos).toEqual([]);
    expect((await bibliography('carlos', { disciplina: String(id.edu), departamento: String(id.pedagogia) })).body.planos.map((p) => p.cod_plano)).toEqual([
      plan.p1,
      plan.p2,
    ]);
    expect((await bibliography('carlos', { periodo: '3' })).body.planos).toEqual([]);
    const helena = await bibliography('helena', { ano: '2026' });
    expect(helena.body.planos.map((p) => [p.cod_plano, p.titulos.map((x) => x.titulo)])).toEqual([
      [plan.p3, ['Curso de direito constitucional', 'Prawo konstytucyjne (Łódź, Șerban, Конституция)']],
    ]);
    const ana = await bibliography('ana', { ano: '2026' });
    expect([ana.status, ana.body.planos]).toEqual([200, []]);
  });

  it('counts only the copies of the library chosen', async () => {
    const { body } = await bibliography('carlos', { ano: '2026', biblioteca: String(setorial) });
    expect(titleIn(body, 'Pedagogia do oprimido')).toMatchObject({
      exemplares: 2,
      por_biblioteca: [{ cod_biblioteca: setorial, biblioteca: 'Biblioteca Setorial', exemplares: 2, emprestados: 0 }],
      vagas_por_exemplar: 25,
      abaixo_meta: true,
      emprestimos: 0,
    });
    expect(titleIn(body, 'Didática')).toMatchObject({ exemplares: 0, por_biblioteca: [], abaixo_meta: true });
    expect(titleIn(body, 'Escola e democracia')).toMatchObject({ exemplares: 2, abaixo_meta: false });
  });

  it("reads the targets from the institution's settings", async () => {
    const db = t.database.db;
    await createInstitution(db, { parametros: { plano_ensino_vagas_por_exemplar: 4, plano_ensino_exemplares_complementar: 3 } });
    try {
      const { body } = await bibliography('carlos', { ano: '2026' });
      expect(body.meta).toEqual({ vagas_por_exemplar: 4, exemplares_complementar: 3 });
      expect(titleIn(body, 'Pedagogia do oprimido').abaixo_meta).toBe(true);
      expect(titleIn(body, 'Escola e democracia').abaixo_meta).toBe(true);
      expect((await call(t.app, collectionEndpoints.planOffers, {}, as('carlos'))).body.meta.vagas_por_exemplar).toBe(4);
    } finally {
      await db.execute(sql`delete from institution`);
    }
  });

  it('refuses bad filters with a 400 and an unknown library with a 422 that names it', async () => {
    for (const query of ['', 'ano=abc', 'semestre=3', 'periodo=0', 'ano=1800', 'disciplina=1.5']) {
      expect((await bibliography('carlos', new URLSearchParams(query))).status, query).toBe(400);
    }
    expect((await call(t.app, collectionEndpoints.bibliographyFile, { params: { formato: 'csv' }, query: {} }, as('carlos'))).status).toBe(400);
    expect(
      (await call(t.app, collectionEndpoints.bibliographyFile, { params: { formato: 'xls' } as never, query: { ano: '2026' } }, as('carlos'))).status,
    ).toBe(400);
    const unknownLibrary = { ano: '2026', biblioteca: '99999' };
    for (const refused of [
      await bibliography('carlos', unknownLibrary),
      await call(t.app, collectionEndpoints.bibliographyFile, { params: { formato: 'pdf' }, query: unknownLibrary }, as('carlos')),
    ]) {
      expect([refused.status, refused.body.key, refused.body.message]).toEqual([422, 'BibliotecaInvalida', 'Biblioteca 99999 não existe.']);
    }
    expect((await bibliography('carlos', { ano: '2026' }, '5')).status).toBe(200);
    expect((await bibliography('carlos', { biblioteca: '99999' }, '5')).body.message).toBe('Library 99999 does not exist.');
  });
});

describe('teaching plans: the bibliography as a file', () => {
  it('CSV: UTF-8 with a BOM, a header, one row per plan title that agrees with the JSON', async () => {
    const json = (await bibliography('carlos', { disciplina: String(id.edu) })).body;
    const file = await download('carlos', { params: { formato: 'csv' }, query: { disciplina: String(id.edu) } });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="bibliografia-plano-ensino.csv"');
    expect([...file.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(file.body, { bom: true, columns: true }) as Record<string, string>[];
    const titles = json.planos.flatMap((p) => p.titulos.map((x) => ({ p, x })));
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r['Título'])).toEqual(titles.map(({ x }) => x.titulo));
    rows.forEach((r, i) => {
      const { p, x } = titles[i]!;
      expect(r).toMatchObject({
        Curso: p.departamento.nome,
        'Código da disciplina': p.disciplina.sigla,
        Disciplina: 'Fundamentos da Educação',
        Ano: String(p.ano),
        Semestre: String(p.semestre),
        Vagas: String(p.vagas),
        Bibliografia: x.tipo === 'basica' ? 'Básica' : 'Complementar',
        'Número do título': String(x.cod_acervo),
        Exemplares: String(x.exemplares),
        'Empréstimos no semestre': String(x.emprestimos),
        'Exemplares por vaga': x.exemplares_por_vaga === null ? '' : String(x.exemplares_por_vaga),
        'Vagas por exemplar': x.vagas_por_exemplar === null ? '' : String(x.vagas_por_exemplar),
        'Abaixo da meta': x.abaixo_meta ? 'sim' : 'não',
      });
    });
    expect(rows.find((r) => r['Título'] === 'Pedagogia do oprimido')).toMatchObject({
      Autor: 'Freire, Paulo',
      'Exemplares por biblioteca': 'Biblioteca Central: 8; Biblioteca Setorial: 2',
      'Emprestados agora': '1',
      'Vagas por exemplar': '5',
      'Abaixo da meta': 'não',
    });
  });

  it('CSV: the headings in the language of the call', async () => {
    const file = await download('carlos', { params: { formato: 'csv' }, query: { ano: '2026' } }, '5');
    expect(file.headers['content-disposition']).toBe('attachment; filename="teaching-plan-bibliography.csv"');
    const [first] = parse(file.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(first).toMatchObject({ Title: 'Avaliação da aprendizagem', Bibliography: 'Basic', 'Below target': 'yes', 'Copies per vacancy': '0' });
  });

  it('PDF: the targets explained, a heading per plan, each title with its copies and a written flag', async () => {
    const file = await download('carlos', { params: { formato: 'pdf' }, query: { ano: '2026' } });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="bibliografia-plano-ensino.pdf"');
    const text = pdfText(file.body);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Bibliografia dos planos de ensino');
    expect(flat).toContain('no máximo 5 vagas por exemplar; complementar com ao menos 2 exemplares');
    expect(flat).toContain('EDU101 Fundamentos da Educação — Pedagogia, 2026/1');
    expect(flat).toContain('Período: 1. Vagas: 50. Empréstimos da bibliografia no semestre: 2.');
    expect(flat).not.toContain('2025/2');
    const line = (piece: string) => text.split('\n').find((l) => l.includes(piece)) ?? '';
    // Each title's first line: copies per library (on loan now), loans, copies per vacancy, vacancies per copy, the flag.
    expect(line('Avaliação da aprendizagem')).toMatch(/\s0\s+0\s+0\s+—\s+ABAIXO/);
    expect(line('Didática')).toMatch(/Biblioteca Central: 4 \(0\)\s+0\s+0,08\s+12,5\s+ABAIXO/);
    expect(line('Pedagogia do oprimido')).toMatch(/Biblioteca Central: 8\s+2\s+0,2\s+5\s+atende/);
    expect(line('Escola e democracia')).toMatch(/Biblioteca Setorial: 2\s+0\s+0,04\s+25\s+atende/);
    expect(line('Sociologia da educação')).toMatch(/Biblioteca Central: 1 \(0\)\s+0\s+0,02\s+50\s+ABAIXO/);
    const at = (piece: string) => flat.indexOf(piece);
    expect(at('Bibliografia básica')).toBeLessThan(at('Avaliação da aprendizagem'));
    expect(at('Pedagogia do oprimido')).toBeLessThan(at('Bibliografia complementar'));
    expect(at('Bibliografia complementar')).toBeLessThan(at('Escola e democracia'));
  });

  it('PDF: a title in Polish, Romanian and Russian prints as written', async () => {
    const file = await download('helena', { params: { formato: 'pdf' }, query: { ano: '2026' } });
    expect(file.status).toBe(200);
    const text = pdfText(file.body);
    // The title wraps in its column: its first line, then its second.
    expect(text).toContain('Prawo konstytucyjne (Łódź,');
    expect(text).toContain('Șerban, Конституция) —');
  });

  it('PDF: a filter that keeps no plan says so, in the language of the call', async () => {
    const text = pdfText((await download('carlos', { params: { formato: 'pdf' }, query: { disciplina: String(id.dir) } }, '3')).body);
    expect(text.replace(/\s+/g, ' ')).toContain('Ninguno de sus planes de enseñanza corresponde a estos filtros.');
  });
});

describe('databases', () => {
  beforeAll(async () => {
    await createEResources(t.database.db, [
      {
        nome: 'Portal de Periódicos CAPES',
        descricao: 'Textos completos',
        area: 'Multidisciplinar',
        url: 'https://www.periodicos.capes.gov.br',
        acessoRemoto: true,
        categorias: null,
      },
      {
        nome: 'Target GEDWeb',
        descricao: 'Normas técnicas',
        area: 'Engenharias',
        url: 'https://www.gedweb.com.br',
        acessoRemoto: false,
        categorias: ['04', '05'],
      },
      {
        nome: 'Biblioteca Virtual Pearson',
        descricao: 'Livros eletrônicos',
        area: null,
        url: 'https://plataforma.bvirtual.com.br',
        acessoRemoto: true,
        categorias: ['01'],
      },
      { nome: 'Éditions Législatives', descricao: null, area: 'Direito', url: 'https://www.editions-legislatives.fr', acessoRemoto: true, categorias: null },
    ]);
  });

  it("lists those open to every category or to the patron's, by name", async () => {
    const carlos = await call(t.app, collectionEndpoints.databases, {}, as('carlos'));
    expect(carlos.status).toBe(200);
    expect(carlos.body.map((b) => b.nome)).toEqual(['Éditions Législatives', 'Portal de Periódicos CAPES', 'Target GEDWeb']);
    expect(carlos.body[2]).toEqual({
      codigo: expect.any(Number),
      nome: 'Target GEDWeb',
      descricao: 'Normas técnicas',
      area: 'Engenharias',
      url: 'https://www.gedweb.com.br',
      acesso_remoto: false,
      // No provider is configured here: a plain link (links.routes.test.ts opens a provider's).
      recurso: null,
    });
    const ana = await call(t.app, collectionEndpoints.databases, {}, as('ana'));
    expect(ana.body.map((b) => b.nome)).toEqual(['Biblioteca Virtual Pearson', 'Éditions Législatives', 'Portal de Periódicos CAPES']);
    expect((await call(t.app, collectionEndpoints.databases, {}, as(null))).status).toBe(401);
  });
});

describe('collection totals', () => {
  const totals = (query: EndpointInput<typeof collectionEndpoints.totals>['query'], language?: string) =>
    call(t.app, collectionEndpoints.totals, { query }, as('carlos'), language);
  const copiesOf = (rows: TotaisAcervo['por_tipo_obra']) => rows.reduce((sum, r) => sum + r.exemplares, 0);

  it('counts the copies acquired in the period (both ends included) by work type, library and knowledge area', async () => {
    const { status, body } = await totals({ dataIni: '2024-02-01', dataFim: '2024-03-31' });
    expect(status).toBe(200);
    expect([body.titulos, body.exemplares]).toEqual([2, 4]);
    const rows = (r: TotaisAcervo['por_tipo_obra']) => r.map((x) => [x.descricao, x.titulos, x.exemplares]);
    expect(rows(body.por_tipo_obra)).toEqual([
      ['Livro', 1, 3],
      ['Periódico', 1, 1],
    ]);
    expect(rows(body.por_biblioteca)).toEqual([
      ['Biblioteca Central', 2, 3],
      ['Biblioteca Setorial', 1, 1],
    ]);
    expect(body.por_area.map((x) => [x.codigo, x.descricao, x.titulos, x.exemplares])).toEqual([
      ['7', 'Ciências Humanas', 1, 3],
      ['sem-area', 'Sem área do conhecimento', 1, 1],
    ]);
    for (const group of [body.por_tipo_obra, body.por_biblioteca, body.por_area]) expect(copiesOf(group)).toBe(body.exemplares);
    expect(body.por_tipo_obra.reduce((sum, r) => sum + r.titulos, 0)).toBe(body.titulos);
  });

  it('keeps to the library chosen, and a wider period counts more', async () => {
    const setorialOnly = (await totals({ dataIni: '2024-02-01', dataFim: '2024-03-31', biblioteca: String(setorial) })).body;
    expect([setorialOnly.titulos, setorialOnly.exemplares, setorialOnly.por_biblioteca.map((b) => b.codigo)]).toEqual([1, 1, [String(setorial)]]);
    const wider = (await totals({ dataIni: '2024-01-01', dataFim: '2024-12-31' }, '5')).body;
    expect([wider.titulos, wider.exemplares]).toEqual([3, 6]);
    expect(copiesOf(wider.por_tipo_obra)).toBe(6);
    // Areas and work types in the call's language (the CNPq areas come translated, migration 0039).
    expect(wider.por_area.map((a) => a.descricao)).toEqual(['Exact and Earth Sciences', 'Humanities', 'No knowledge area']);
    expect(wider.por_tipo_obra.map((w) => w.descricao)).toContain('Book');
    expect(wider.por_tipo_obra.map((w) => w.descricao)).not.toContain('Livro');
    const none = (await totals({ dataIni: '2023-01-01', dataFim: '2023-12-31' })).body;
    expect(none).toEqual({ titulos: 0, exemplares: 0, por_tipo_obra: [], por_biblioteca: [], por_area: [] });
  });

  it('refuses a period out of order or incomplete (400) and an unknown library (422)', async () => {
    expect((await totals({ dataIni: '2024-03-31', dataFim: '2024-02-01' })).status).toBe(400);
    expect((await totals({ dataIni: '2024-03-31' } as never)).status).toBe(400);
    expect((await totals({ dataIni: '2024-02-30', dataFim: '2024-03-01' })).status).toBe(400);
    const refused = await totals({ dataIni: '2024-02-01', dataFim: '2024-03-31', biblioteca: '99999' });
    expect([refused.status, refused.body.message]).toEqual([422, 'Biblioteca 99999 não existe.']);
  });
});
