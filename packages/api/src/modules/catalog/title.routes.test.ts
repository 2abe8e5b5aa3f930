import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Acervo, DadosEstatisticos, DublinCore, MarcView } from '@estante/contracts/catalog';
import { coinsContextObject, schemaOrgJsonLd } from '@estante/contracts/opensearch';
import { createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createLibraries, createPatron, enableActivities } from '../../../test/factories.js';
import { CITATION_RECORDS, df, items, record } from '../../../test/records.js';
import { copies, linkAccesses, loans, titles } from '../../db/schema/index.js';
import { readIso2709 } from '../../marc/iso2709.js';
import { readMarcXml } from '../../marc/marcxml.js';
import { importMarcRecords } from './catalog.import.js';
import { reference } from './title.service.js';
import { runAdminCommand } from '../../admin/commands.js';
import { setValueTranslation } from './value-names.js';

let t: TestApp;
let authorization: string;
const id: Record<string, number> = {};
let central: number;
let norte: number;

const CONTENTS = record(
  'ref-contents',
  'am',
  1957,
  'eng',
  df('100', '1 ', ['a', 'Charles, Ray,'], ['d', '1930-']),
  df('245', '14', ['a', 'The Great Ray Charles'], ['h', '[sound recording].']),
  df('505', '0 ', ['a', 'The Ray -- My melancholy baby -- Black coffee / Sonny Burke.']),
  df('856', '42', ['3', 'Capa'], ['u', 'https://covers.example.org/ray.jpg']),
  df('856', '41', ['u', 'https://catalog.example.org/ray'], ['z', 'Catalogue entry']),
  df('856', '40', ['u', 'https://licensed.example.org/ray'], ['z', 'Acesso restrito a usuários da instituição']),
);

/** A thesis with its advisor, catalogued from the copy a university holds (710 with $5: a custodial collection, no part in the work). */
const ADVISED = record(
  'ref-advised',
  'am',
  2019,
  'por',
  df('100', '1 ', ['a', 'Pereira, Joana,'], ['d', '1980-'], ['e', 'autora.']),
  df('245', '10', ['a', 'Leitura na escola /'], ['c', 'Joana Pereira ; orientador: Dermeval Saviani.']),
  df('300', '  ', ['a', '210 f. :'], ['b', 'il.']),
  df('502', '  ', ['b', 'Doutorado em Educação'], ['c', 'Universidade Federal de Santa Catarina'], ['d', '2019']),
  df('700', '1 ', ['a', 'Saviani, Dermeval,'], ['d', '1943-'], ['e', 'orientador.']),
  df('710', '2 ', ['a', 'Universidade Federal de Santa Catarina.'], ['b', 'Biblioteca Universitária.'], ['5', 'SC-UFSC']),
);
/** A film: its director, cast and producers by relator term and code. */
const FILM = record(
  'ref-film',
  'gm',
  1998,
  'por',
  df('245', '00', ['a', 'Central do Brasil /'], ['c', 'direção: Walter Salles.']),
  df('300', '  ', ['a', '1 DVD (113 min) :'], ['b', 'son., color. ;'], ['c', '4 3/4 pol. +'], ['e', '1 folheto (12 p.)']),
  df('700', '1 ', ['a', 'Salles, Walter,'], ['d', '1956-'], ['e', 'diretor.']),
  df('700', '1 ', ['a', 'Montenegro, Fernanda,'], ['d', '1929-'], ['4', 'act']),
  df('700', '1 ', ['a', 'Gullane, Fabiano,'], ['e', 'produtor.']),
  df('710', '2 ', ['a', 'Videofilmes.'], ['4', 'pro']),
);

beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
  const report = await importMarcRecords(t.database.db, items([...Object.values(CITATION_RECORDS), CONTENTS, ADVISED, FILM]));
  expect(report.rejected).toEqual([]);
  for (const row of await t.database.db.select({ id: titles.codAcervo, c: titles.controlNumber }).from(titles)) id[row.c] = row.id;
  const [a, b] = await createLibraries(t.database.db, ['Biblioteca Central', 'Biblioteca Norte']);
  central = a!.codBiblioteca;
  norte = b!.codBiblioteca;
  await t.database.db.insert(copies).values([
    { codAcervo: id['ref-book']!, codBiblioteca: central, codTipoEmprestimo: 1, tombo: 'T1', localizacao: '370 F866p', colecao: 'Acervo geral', volume: '1' },
    {
      codAcervo: id['ref-book']!,
      codBiblioteca: central,
      codTipoEmprestimo: 1,
      tombo: 'T2',
      localizacao: '370 F866p',
      status: 'emprestado',
      dataDevolucaoPrevista: '2026-12-01',
    },
    { codAcervo: id['ref-book']!, codBiblioteca: norte, codTipoEmprestimo: 2, tombo: 'T3', localizacao: '370 F866p ex.3', material: 'CD-ROM' },
    { codAcervo: id['ref-contents']!, codBiblioteca: norte, codTipoEmprestimo: 2, tombo: 'T4', localizacao: 'CD 12' },
  ]);
  const reader = await createPatron(t.database.db, { login: 'leitora', nome: 'Maria Leitora', password: 'segredo123' });
  const [copy] = await t.database.db.select().from(copies).where(eq(copies.tombo, 'T1'));
  await t.database.db.insert(loans).values([
    {
      codExemplar: copy!.codExemplar,
      codPessoa: reader.codPessoa,
      loanedAt: new Date('2025-03-10T12:00:00Z'),
      dueDate: '2025-03-24',
      returnedAt: new Date('2025-03-20T12:00:00Z'),
    },
    {
      codExemplar: copy!.codExemplar,
      codPessoa: reader.codPessoa,
      loanedAt: new Date('2025-03-25T12:00:00Z'),
      dueDate: '2025-04-08',
      returnedAt: new Date('2025-04-01T12:00:00Z'),
    },
    {
      codExemplar: copy!.codExemplar,
      codPessoa: reader.codPessoa,
      loanedAt: new Date('2025-11-02T12:00:00Z'),
      dueDate: '2025-11-16',
      returnedAt: new Date('2025-11-10T12:00:00Z'),
    },
    {
      codExemplar: copy!.codExemplar,
      codPessoa: reader.codPessoa,
      loanedAt: new Date('2024-06-02T12:00:00Z'),
      dueDate: '2024-06-16',
      returnedAt: new Date('2024-06-10T12:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `/svc${url}`, headers: { authorization, ...headers } });
  return { status: response.statusCode, body: response.json() as T & { key?: string; message?: string } };
}

describe('references (ABNT NBR 6023:2018 by our formatter, APA and Vancouver by the CSL styles of citation.js)', () => {
  const today = new Date('2026-11-22T12:00:00Z');
  const abnt = async (control: string) => (await reference(t.database.db, id[control]!, 'abnt', 'pt', today)).texto;

  // Each expected reference was written by hand from NBR 6023:2018's rules and examples.
  it.each([
    ['ref-book', 'FREIRE, Paulo. Pedagogia do oprimido. 17. ed. Rio de Janeiro: Paz e Terra, 1987.'],
    [
      'ref-two',
      'MARCONI, Marina de Andrade; LAKATOS, Eva Maria. Metodologia do trabalho científico: procedimentos básicos, pesquisa bibliográfica, projeto e relatório. 7. ed. São Paulo: Atlas, 2007.',
    ],
    ['ref-corp', 'ASSOCIAÇÃO BRASILEIRA DE NORMAS TÉCNICAS. NBR 6023: informação e documentação: referências: elaboração. Rio de Janeiro: ABNT, 2018.'],
    ['ref-org', 'MINAYO, Maria Cecília de Souza (org.). Pesquisa social: teoria, método e criatividade. 21. ed. Petrópolis: Vozes, 2002.'],
    [
      'ref-chapter',
      'GOMES, Romeu. A análise de dados em pesquisa qualitativa. In: MINAYO, Maria Cecília de Souza. Pesquisa social: teoria, método e criatividade. Petrópolis: Vozes, 2002. p. 67-80.',
    ],
    [
      'ref-thesis',
      'SILVA, Ana Maria da. Formação de professores e tecnologias digitais. 2019. 150 f. Tese (Doutorado em Educação) - Universidade Federal de Santa Catarina, Florianópolis, 2019.',
    ],
    ['ref-article', 'SOUZA, João Carlos de. Leitura e escrita na universidade. Revista Brasileira de Educação, Rio de Janeiro, v. 25, n. 2, p. 1-20, 2020.'],
    [
      'ref-online',
      'MORAN, José Manuel. A educação que desejamos: novos desafios e como chegar lá. Campinas: Papirus, 2007. E-book. Disponível em: https://books.example.org/educacao-que-desejamos. Acesso em: 22 nov. 2026.',
    ],
  ])('%s', async (control, expected) => {
    expect(await abnt(control)).toBe(expected);
  });

  it('gives the title in bold in the HTML form, and APA and Vancouver in the interface language', async () => {
    const html = (await reference(t.database.db, id['ref-book']!, 'abnt', 'pt', today)).html;
    expect(html).toContain('<b>Pedagogia do oprimido</b>');
    expect((await reference(t.database.db, id['ref-two']!, 'apa', 'en', today)).texto).toBe(
      'Marconi, M. de A., & Lakatos, E. M. (2007). Metodologia do trabalho científico: Procedimentos básicos, pesquisa bibliográfica, projeto e relatório (7th ed.). Atlas.',
    );
    expect((await reference(t.database.db, id['ref-article']!, 'vancouver', 'en', today)).texto).toBe(
      '1. Souza JC de. Leitura e escrita na universidade. Revista Brasileira de Educação. 2020;25(2):1-20.',
    );
  });

  it('answers GET /acervo/{id}/referencia (ABNT by default, estilo=apa) and /vinculos/abnt/{id}', async () => {
    const abntRoute = await get<{ estilo: string; texto: string }>(`/acervo/${id['ref-book']}/referencia`);
    expect(abntRoute.status).toBe(200);
    expect(abntRoute.body).toMatchObject({ estilo: 'abnt', texto: 'FREIRE, Paulo. Pedagogia do oprimido. 17. ed. Rio de Janeiro: Paz e Terra, 1987.' });
    expect((await get<{ texto: string }>(`/acervo/${id['ref-book']}/referencia?estilo=apa`, { 'x-idioma': '5' })).body.texto).toMatch(
      /^Freire, P\. \(1987\)\./,
    );
    expect((await get<{ texto: string }>(`/vinculos/abnt/${id['ref-book']}`)).body.texto).toBe(abntRoute.body.texto);
    expect((await get(`/acervo/${id['ref-book']}/referencia?estilo=mla`)).status).toBe(400);
  });
});

describe('GET /acervo/{id}', () => {
  it('returns the record with its additional data and only the tabs it has data for', async () => {
    const { status, body } = await get<Acervo>(`/acervo/${id['ref-book']}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      titulo: 'Pedagogia do oprimido',
      autor: 'Freire, Paulo, 1921-1997',
      edicao: '17. ed',
      editora: 'Paz e Terra',
      ano_publicacao: 1987,
      idioma: 'por',
      idioma_desc: 'Português',
      isbn: ['9788577531646'],
      assuntos: ['Educação'],
    });
    expect(body.disponibilidade).toEqual([
      { cod_biblioteca: central, desc_biblioteca: 'Biblioteca Central', total: 2, disponiveis: 1 },
      { cod_biblioteca: norte, desc_biblioteca: 'Biblioteca Norte', total: 1, disponiveis: 1 },
    ]);
    expect(body.dados_adicionais.B!.map((b) => b.descricao)).toEqual(['Biblioteca Central', 'Biblioteca Norte']);
    expect(body.dados_adicionais.A!.map((b) => b.descricao)).toEqual(['Freire, Paulo, 1921-1997']);
    // Copies that allow holds and loans, and loans in the past: those tabs are offered; no contents note: no contents tab.
    expect(body.abas).toEqual(['33', '36', '30', '115', '18', '75', '74']);
    const contents = await get<Acervo>(`/acervo/${id['ref-contents']}`);
    // Its one copy is for local use only: no hold or loan request, no statistics, but a contents tab.
    expect(contents.body.abas).toEqual(['33', '36', '30', '115', 'sumario_livro']);
    const noCopies = await get<Acervo>(`/acervo/${id['ref-thesis']}`);
    expect(noCopies.body.abas).toEqual(['33', '36', '115']);
    expect(noCopies.body.desc_tipo_obra).toBe('Tese/Dissertação');
    expect((await get<Acervo>(`/acervo/${id['ref-thesis']}`, { 'x-idioma': '5' })).body.desc_tipo_obra).toBe('Thesis/Dissertation');
  });

  it('gives citation metadata every name with its part and the host of an article or chapter; a custodial collection is no name of the work', async () => {
    const thesis = (await get<Acervo>(`/acervo/${id['ref-advised']}`)).body;
    expect(thesis.citacao).toEqual({
      contribuicoes: [
        { nome: 'Pereira, Joana, 1980-', papel: 'aut', entidade: false },
        { nome: 'Saviani, Dermeval, 1943-', papel: 'ths', entidade: false },
      ],
      obra_mae: null,
    });
    // As the title page's COinS and JSON-LD write it: the advisor in that part, the holding library nowhere.
    const coins = new URLSearchParams(coinsContextObject(thesis, 'https://biblioteca.example.org/acervo/1'));
    expect(coins.getAll('rft.au')).toEqual(['Pereira, Joana']);
    expect(coins.getAll('rft.advisor')).toEqual(['Saviani, Dermeval']);
    expect(JSON.stringify(schemaOrgJsonLd(thesis, 'https://biblioteca.example.org/acervo/1'))).not.toContain('Biblioteca Universitária');
    const film = (await get<Acervo>(`/acervo/${id['ref-film']}`)).body;
    expect(film.citacao.contribuicoes.map((c) => [c.nome, c.papel, c.entidade])).toEqual([
      ['Salles, Walter, 1956-', 'drt', false],
      ['Montenegro, Fernanda, 1929-', 'act', false],
      ['Gullane, Fabiano', 'pro', false],
      ['Videofilmes', 'pro', true],
    ]);
    expect((await get<Acervo>(`/acervo/${id['ref-article']}`)).body.citacao.obra_mae).toEqual({
      titulo: 'Revista Brasileira de Educação',
      issn: '1413-2478',
      isbn: null,
      volume: '25',
      numero: '2',
      paginas: '1-20',
    });
    expect((await get<Acervo>(`/acervo/${id['ref-chapter']}`)).body.citacao).toEqual({
      contribuicoes: [{ nome: 'Gomes, Romeu', papel: 'aut', entidade: false }],
      obra_mae: { titulo: 'Pesquisa social: teoria, método e criatividade', issn: null, isbn: null, volume: null, numero: null, paginas: '67-80' },
    });
  });

  it('answers 404 with a clear message for an unknown title and 400 for a malformed id', async () => {
    const missing = await get('/acervo/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ key: 'AcervoNaoEncontrado', message: 'Título 999999 não encontrado no acervo.' });
    for (const bad of ['abc', '-1', '1.5', '12345678901', '1%27%20or%201=1']) {
      const { status, body } = await get(`/acervo/${bad}`);
      expect(status, bad).toBe(400);
      expect(body.key).toBe('RequisicaoInvalida');
    }
    for (const tab of ['referencia', 'marc', 'dublin-core', 'exemplares', 'links', 'cor', 'bibliotecas', 'permissoes', 'dados-estatisticos/anos']) {
      expect((await get(`/acervo/424242/${tab}`)).status, tab).toBe(404);
    }
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/svc/acervo/${id['ref-book']}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('copies', () => {
  it('lists every copy (by library, then volume, then accession number) with location, loan type, status and parts; cod_unidade filters', async () => {
    type Copies = {
      exemplares: {
        tombo: string;
        desc_biblioteca: string;
        localizacao: string;
        tipo_emprestimo: string;
        situacao: string;
        data_devolucao_prevista: string | null;
        volume: string | null;
        material: string | null;
        colecao: string | null;
      }[];
      disponibilidade: unknown[];
    };
    const all = await get<Copies>(`/acervo/${id['ref-book']}/exemplares`);
    expect(all.body.exemplares.map((c) => [c.tombo, c.desc_biblioteca, c.tipo_emprestimo, c.situacao, c.data_devolucao_prevista])).toEqual([
      ['T2', 'Biblioteca Central', 'Normal', 'emprestado', '2026-12-01'],
      ['T1', 'Biblioteca Central', 'Normal', 'disponivel', null],
      ['T3', 'Biblioteca Norte', 'Consulta local', 'disponivel', null],
    ]);
    expect(all.body.exemplares[1]).toMatchObject({ localizacao: '370 F866p', colecao: 'Acervo geral', volume: '1' });
    expect(all.body.exemplares[2]).toMatchObject({ material: 'CD-ROM' });
    const north = await get<Copies>(`/acervo/${id['ref-book']}/exemplares?cod_unidade=${norte}`);
    expect(north.body.exemplares.map((c) => c.tombo)).toEqual(['T3']);
    expect(north.body.disponibilidade).toEqual([{ cod_biblioteca: norte, desc_biblioteca: 'Biblioteca Norte', total: 1, disponiveis: 1 }]);
    expect((await get(`/acervo/${id['ref-book']}/exemplares?cod_unidade=x`)).status).toBe(400);
    expect((await get<{ cod_biblioteca: number }[]>(`/acervo/${id['ref-book']}/bibliotecas`)).body.map((b) => b.cod_biblioteca)).toEqual([central, norte]);
  });

  it("names loan types, collections and knowledge areas in the call's language, in Portuguese where the library gave no translation", async () => {
    type Copies = { exemplares: { tombo: string; tipo_emprestimo: string; colecao: string | null }[] };
    const named = async (language: string) =>
      (await get<Copies>(`/acervo/${id['ref-book']}/exemplares`, { 'x-idioma': language })).body.exemplares.map((c) => [c.tombo, c.tipo_emprestimo, c.colecao]);
    const [before] = await t.database.db.select({ area: titles.codAreaConhecimento }).from(titles).where(eq(titles.codAcervo, id['ref-book']!));
    // As staff set them: npm run institution -- translate <kind> '<valor>' <en|es> '<text>'.
    const translate = (...args: string[]) => runAdminCommand(t.database.db, { command: 'institution.translate', args });
    expect(await translate('tipo_emprestimo', 'Normal', 'en', ' Standard ')).toBe("tipo_emprestimo 'Normal' in en: Standard");
    await translate('colecao', 'Acervo geral', 'es', 'Colección general');
    await expect(translate('situacao', 'Normal', 'en', 'x')).rejects.toThrow(/a kind \(area, tipo_area, tipo_emprestimo, colecao, categoria\)/);
    await expect(translate('colecao', 'Acervo geral', 'fr', 'x')).rejects.toThrow(/a language \(en, es\)/);
    await expect(translate('colecao', 'Acervo geral', 'en', 'a\u0007b')).rejects.toThrow(/control characters/);
    expect(await runAdminCommand(t.database.db, { command: 'institution.translations', args: [] })).toMatch(
      /colecao · Acervo geral · en: — · es: Colección general/,
    );
    try {
      expect(await named('5')).toEqual([
        ['T2', 'Standard', null],
        ['T1', 'Standard', 'Acervo geral'],
        ['T3', 'Consulta local', null],
      ]);
      expect((await named('3'))[1]).toEqual(['T1', 'Normal', 'Colección general']);
      expect((await named('1'))[1]).toEqual(['T1', 'Normal', 'Acervo geral']);
      // The CNPq areas come translated (migration 0039).
      await t.database.db.update(titles).set({ codAreaConhecimento: 7 }).where(eq(titles.codAcervo, id['ref-book']!));
      const english = (await get<Acervo>(`/acervo/${id['ref-book']}`, { 'x-idioma': '5' })).body;
      expect(english.areas_conhecimento.map((a) => a.descricao)).toEqual(['Humanities']);
      expect(english.desc_tipo_area_conhec).toBe('Major area (CNPq)');
      expect((await get<Acervo>(`/acervo/${id['ref-book']}`, { 'x-idioma': '3' })).body.areas_conhecimento[0]?.descricao).toBe('Ciencias Humanas');
      // An empty text removes the translation.
      expect(await translate('tipo_emprestimo', 'Normal', 'en', '')).toBe("tipo_emprestimo 'Normal' in en unset");
      expect((await named('5'))[1]).toEqual(['T1', 'Normal', 'Acervo geral']);
    } finally {
      await t.database.db
        .update(titles)
        .set({ codAreaConhecimento: before?.area ?? null })
        .where(eq(titles.codAcervo, id['ref-book']!));
      await setValueTranslation(t.database.db, 'tipo_emprestimo', 'Normal', 'en', '', 'test');
      await setValueTranslation(t.database.db, 'colecao', 'Acervo geral', 'es', '', 'test');
    }
  });
});

describe('MARC and Dublin Core', () => {
  it('lays the record out with labels; liberacao=1 adds MARCXML and ISO 2709 that read back to the same record', async () => {
    const { body } = await get<MarcView>(`/acervo/${id['ref-book']}/marc`, { 'x-idioma': '5' });
    expect(body.lider).toMatch(/^\d{5}nam/);
    const f245 = body.campos.find((c) => c.tag === '245')!;
    expect(f245).toMatchObject({ rotulo: 'Title Statement', ind1: '1', ind2: '0' });
    expect(f245.subcampos[0]).toEqual({ codigo: 'a', valor: 'Pedagogia do oprimido /', rotulo: 'Title' });
    expect(body.campos.find((c) => c.tag === '008')).toMatchObject({ rotulo: 'General Information', valor: expect.stringContaining('1987') });
    expect(body.marcxml).toBeUndefined();
    const released = (await get<MarcView>(`/acervo/${id['ref-book']}/marc?liberacao=1`)).body;
    const fromXml = [...readMarcXml(released.marcxml!)];
    const fromIso = [...readIso2709(Buffer.from(released.iso2709!, 'utf8'))];
    expect(fromXml.map((i) => i.kind)).toEqual(['record']);
    expect(fromIso.map((i) => i.kind)).toEqual(['record']);
    const fields = body.campos.map((c) => c.tag);
    for (const item of [...fromXml, ...fromIso]) if (item.kind === 'record') expect(item.record.fields.map((f) => f.tag)).toEqual(fields);
    expect((await get(`/acervo/${id['ref-book']}/marc?liberacao=2`)).status).toBe(400);
  });

  it("labels fields and subfields in the call's language: Portuguese by default, Spanish and English when asked", async () => {
    const labels = async (headers: Record<string, string>) => {
      const { body } = await get<MarcView>(`/acervo/${id['ref-book']}/marc`, headers);
      return (tag: string) => body.campos.find((c) => c.tag === tag)!;
    };
    const pt = await labels({});
    expect(pt('245')).toMatchObject({
      rotulo: 'Título principal',
      subcampos: [
        { codigo: 'a', rotulo: 'Título' },
        { codigo: 'c', rotulo: 'Indicação de responsabilidade, etc.' },
      ],
    });
    expect(pt('100').rotulo).toBe('Entrada principal - Nome pessoal');
    expect(pt('260').rotulo).toBe('Imprenta');
    expect(pt('650').rotulo).toBe('Assunto - Termo tópico');
    expect((await labels({ 'x-idioma': '1' }))('245').rotulo).toBe('Título principal');
    const es = await labels({ 'x-idioma': '3' });
    expect(es('245')).toMatchObject({
      rotulo: 'Mención de título',
      subcampos: [
        { codigo: 'a', rotulo: 'Título' },
        { codigo: 'c', rotulo: 'Mención de responsabilidad, etc.' },
      ],
    });
    expect(es('100').rotulo).toBe('Punto de acceso principal - Nombre de persona');
    expect(es('650').rotulo).toBe('Punto de acceso adicional de materia - Término de materia');
    const en = await labels({ 'x-idioma': '5' });
    expect(en('260')).toMatchObject({
      rotulo: 'Publication, Distribution, etc. (Imprint)',
      subcampos: [{ rotulo: 'Place of publication, distribution, etc.' }, {}, {}],
    });
  });

  it('maps a known record to Dublin Core by the Library of Congress crosswalk', async () => {
    const { body } = await get<DublinCore>(`/acervo/${id['ref-book']}/dublin-core`);
    expect(body.elementos.map((e) => [e.elemento, e.valor])).toEqual([
      ['title', 'Pedagogia do oprimido'],
      ['creator', 'Freire, Paulo, 1921-1997'],
      ['type', 'text'],
      ['publisher', 'Rio de Janeiro : Paz e Terra'],
      ['date', '1987'],
      ['language', 'por'],
      ['subject', 'Educação'],
      ['identifier', 'URN:ISBN:9788577531646'],
    ]);
  });
});

describe('links, covers, colour, contents, permissions', () => {
  it('tells the resource link from the cover', async () => {
    expect((await get(`/acervo/${id['ref-contents']}/links`)).body).toEqual([
      { url: 'https://covers.example.org/ray.jpg', descricao: 'Capa', tipo: 'capa', restrito: false, seq: 0, provedor: null },
      { url: 'https://catalog.example.org/ray', descricao: 'Catalogue entry', tipo: 'recurso', restrito: false, seq: 1, provedor: null },
      // A restricted link keeps its address until a signed-in patron asks for it; no provider holds it.
      { url: null, descricao: 'Acesso restrito a usuários da instituição', tipo: 'recurso', restrito: true, seq: 2, provedor: null },
    ]);
    expect((await get(`/vinculos/imagem?cod_acervo=${id['ref-contents']}&limite=1`)).body).toEqual([
      { url: 'https://covers.example.org/ray.jpg', descricao: 'Capa' },
    ]);
    const results = await get<{ cod_acervo: number; links: { url: string }[] }[]>(
      `/vinculos/links-resultado?acervos=${id['ref-online']},${id['ref-contents']}`,
    );
    expect(results.body.map((r) => [r.cod_acervo, r.links.map((l) => l.url)])).toEqual([
      [id['ref-online'], ['https://books.example.org/educacao-que-desejamos']],
      [id['ref-contents'], ['https://catalog.example.org/ray', null]],
    ]);
    expect((await get('/vinculos/links-resultado?acervos=1,,2')).status).toBe(400);
    expect((await get(`/acervo/${id['ref-book']}/cor`)).body).toMatchObject({ cod_tipo_obra: 1, cor: expect.stringMatching(/^#[0-9a-f]{6}$/) });
  });

  it("gives a book's table of contents (505)", async () => {
    expect((await get(`/sumario/${id['ref-contents']}/dados`)).body).toEqual({
      cod_acervo: id['ref-contents'],
      itens: [
        { titulo: 'The Ray', autoria: null },
        { titulo: 'My melancholy baby', autoria: null },
        { titulo: 'Black coffee', autoria: 'Sonny Burke' },
      ],
      fasciculos: [],
    });
  });

  it('says what an anonymous visitor and a patron may do', async () => {
    await enableActivities(t.database.db, [13]);
    const anonymous = await get(`/acervo/${id['ref-book']}/permissoes`);
    expect(anonymous.body).toEqual({ reservar: true, solicitar_emprestimo: true, comentar: true, autenticado: false });
    const patron = await get(`/acervo/${id['ref-contents']}/permissoes`, { authorization: `Bearer ${await patronToken(t.app, 'leitora', 'segredo123')}` });
    expect(patron.body).toEqual({ reservar: false, solicitar_emprestimo: false, comentar: true, autenticado: true });
  });

  it('counts a followed link, ignores an unknown title and refuses a malformed body', async () => {
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/svc/vinculos/estatistica-acesso', headers: { authorization }, payload });
    expect((await post({ cod_acervo: id['ref-online'], url: 'https://books.example.org/educacao-que-desejamos', browser: 'Chromium' })).statusCode).toBe(204);
    expect((await post({ cod_acervo: 987654, url: 'https://x.example' })).statusCode).toBe(204);
    expect((await post({ cod_acervo: 'x', url: 5 })).statusCode).toBe(400);
    const rows = await t.database.db.select().from(linkAccesses);
    expect(rows.map((r) => [r.codAcervo, r.browser])).toEqual([[id['ref-online'], 'Chromium']]);
  });
});

describe('restricted links', () => {
  const open = (token: string, url: string, payload: object = { browser: 'Chromium' }) =>
    t.app.inject({ method: 'POST', url: `/svc${url}`, headers: { authorization: `Bearer ${token}` }, payload });

  it('gives the address of a restricted link to a signed-in patron only, and counts the access', async () => {
    const patron = await patronToken(t.app, 'leitora', 'segredo123');
    const anonymous = await open(authorization.slice(7), `/vinculos/acesso-restrito/${id['ref-contents']}/s/2`);
    expect(anonymous.statusCode).toBe(403);
    const granted = await open(patron, `/vinculos/acesso-restrito/${id['ref-contents']}/s/2`);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ url: 'https://licensed.example.org/ray' });
    const counted = await t.database.db.select().from(linkAccesses).where(eq(linkAccesses.url, 'https://licensed.example.org/ray'));
    expect(counted.map((r) => [r.codAcervo, r.seqParagrafo, r.browser])).toEqual([[id['ref-contents'], 2, 'Chromium']]);
    expect((await open(patron, `/vinculos/acesso-restrito/${id['ref-contents']}/s/9`)).statusCode).toBe(404);
    expect((await open(patron, `/vinculos/acesso-restrito/${id['ref-contents']}/s/x`)).statusCode).toBe(400);
    expect((await open(patron, `/vinculos/acesso-restrito/424242/s/0`)).statusCode).toBe(404);
  });
});

describe('GET /acervo/{id}/totais (private)', () => {
  it("sums the title's loans, renewals and readers in a period, per library", async () => {
    const patron = `Bearer ${await patronToken(t.app, 'leitora', 'segredo123')}`;
    const totals = await get(`/acervo/${id['ref-book']}/totais?dataIni=2025-01-01&dataFim=2025-12-31`, { authorization: patron });
    expect(totals.status).toBe(200);
    expect(totals.body).toEqual({
      dataIni: '2025-01-01',
      dataFim: '2025-12-31',
      emprestimos: 3,
      renovacoes: 0,
      leitores: 1,
      por_biblioteca: [{ cod_biblioteca: central, desc_biblioteca: 'Biblioteca Central', emprestimos: 3 }],
    });
    // The end date counts whole: a loan on 2025-03-10 is in [2025-03-10, 2025-03-10].
    expect(
      (await get<{ emprestimos: number }>(`/acervo/${id['ref-book']}/totais?dataIni=2025-03-10&dataFim=2025-03-10`, { authorization: patron })).body
        .emprestimos,
    ).toBe(1);
    expect(
      (
        await get<{ emprestimos: number }>(`/acervo/${id['ref-book']}/totais?dataIni=2025-01-01&dataFim=2025-12-31&biblioteca=${norte}`, {
          authorization: patron,
        })
      ).body.emprestimos,
    ).toBe(0);
    expect((await get(`/acervo/${id['ref-book']}/totais?dataIni=2025-01-01&dataFim=2025-12-31`)).status).toBe(403);
    for (const bad of ['dataIni=2025-12-31&dataFim=2025-01-01', 'dataIni=2025-02-30&dataFim=2025-03-01', 'dataIni=ontem&dataFim=hoje', 'dataFim=2025-01-01']) {
      expect((await get(`/acervo/${id['ref-book']}/totais?${bad}`, { authorization: patron })).status, bad).toBe(400);
    }
  });
});

describe('statistics', () => {
  it('lists the years with loans and the loans of each month', async () => {
    expect((await get(`/acervo/${id['ref-book']}/dados-estatisticos/anos`)).body).toEqual([2025, 2024]);
    const { body } = await get<DadosEstatisticos>(`/acervo/${id['ref-book']}/dados-estatisticos/dados/2025`);
    expect(body.total).toBe(3);
    expect(body.meses).toHaveLength(12);
    expect(body.meses.filter((m) => m.emprestimos > 0)).toEqual([
      { mes: 3, emprestimos: 2 },
      { mes: 11, emprestimos: 1 },
    ]);
    expect((await get(`/acervo/${id['ref-book']}/dados-estatisticos/dados/25`)).status).toBe(400);
    expect((await get(`/acervo/${id['ref-book']}/dados-estatisticos/dados/1200`)).status).toBe(400);
  });
});
