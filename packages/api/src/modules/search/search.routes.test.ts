import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsultaResponse, consultaQueryFromParams, consultaQuerySchema, parseSearchState } from '@estante/contracts/search';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { asItems } from '../../../test/marc.js';
import { campuses, copies, courses, disciplines, libraries, loanTypes, planTitles, professors, teachingPlans, titles } from '../../db/schema/index.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { SearchIndex } from './search.index.js';
import { frequentWords } from './search.queries.js';
import { search as searchService } from './search.service.js';

let t: TestApp;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
  const report = await importMarcRecords(
    t.database.db,
    asItems([
      { id: 'edu-1', title: 'Educação', author: 'Freire, Paulo', year: 1996, subjects: ['Educação'], dewey: '370' },
      {
        id: 'edu-2',
        title: 'Pedagogia da autonomia: saberes necessários à educação',
        author: 'Freire, Paulo',
        year: 1996,
        subjects: ['Educação', 'Pedagogia'],
      },
      { id: 'edu-3', title: 'Educações populares no Brasil', author: 'Brandão, Carlos', year: 2002, subjects: ['Educação popular'] },
      {
        id: 'edu-4',
        title: 'Sociologia da educação',
        author: 'Durkheim, Émile',
        year: 1922,
        language: 'fre',
        subjects: ['Sociologia educacional'],
        dewey: '306.43',
      },
      { id: 'bor-title', title: 'Borges e a biblioteca', author: 'Silva, Ana', year: 2010, subjects: ['Literatura argentina'] },
      { id: 'bor-author', title: 'Ficciones', author: 'Borges, Jorge Luis', year: 1944, language: 'spa', subjects: ['Cuentos argentinos'] },
      { id: 'bor-subject', title: 'Ensaios de crítica', author: 'Costa, Beatriz', year: 2015, subjects: ['Borges, Jorge Luis -- Crítica e interpretação'] },
      { id: 'bor-note', title: 'Antologia do conto', author: 'Lima, Rui', year: 2001, notes: 'Inclui um conto de Borges.' },
      { id: 'lib-1', title: 'The public library', author: 'Smith, John', year: 2018, language: 'eng', subjects: ['Public libraries'], online: true },
      { id: 'lib-2', title: 'Bibliotecas públicas do Brasil', author: 'Souza, Maria', year: 2020, subjects: ['Bibliotecas públicas'], accessible: true },
      { id: 'no-year', title: 'Biblioteca sem data', author: 'Anônimo', subjects: ['Bibliotecas'], cover: 'https://example.org/capa.jpg' },
      { id: 'video-1', title: 'Educação em vídeo', kind: 'gm', year: 2021, subjects: ['Educação'] },
      { id: 'isbn-1', title: 'Livro com ISBN', author: 'Nunes, Leo', year: 2019, isbn: '978-85-359-0277-8' },
    ]),
  );
  expect(report.rejected).toEqual([]);
});
afterAll(() => t.close());

async function search(params: string, language = '1') {
  const response = await t.app.inject({ method: 'GET', url: `/svc/consulta?${params}`, headers: { authorization, 'x-idioma': language } });
  return { status: response.statusCode, body: response.json() as ConsultaResponse & { key?: string; message?: string } };
}
const ids = (body: ConsultaResponse) => body.acervos.map((a) => a.titulo);
const facet = (body: ConsultaResponse, code: string) => body.facetas.find((f) => f.codigo === code)!.itens;
/** A query string as the search service (not HTTP) answers it from `index`. */
const searchIn = (index: SearchIndex, params: string) =>
  searchService(index, consultaQuerySchema.parse(consultaQueryFromParams(new URLSearchParams(params))), 'pt');

describe('GET /consulta: matching', () => {
  it('is accent- and case-insensitive, and puts the exact title first', async () => {
    const { status, body } = await search('termo1=EDUCACAO');
    expect(status).toBe(200);
    expect(body.acervos[0]!.titulo).toBe('Educação');
    expect(ids(body)).toEqual(
      expect.arrayContaining(['Pedagogia da autonomia: saberes necessários à educação', 'Sociologia da educação', 'Educação em vídeo']),
    );
    expect(body.total).toBe(body.acervos.length);
  });

  it('ranks a title match over an author match over a subject match over a note', async () => {
    const { body } = await search('termo1=borges');
    expect(ids(body)).toEqual(['Borges e a biblioteca', 'Ficciones', 'Ensaios de crítica', 'Antologia do conto']);
  });

  it('restricts a row to its field', async () => {
    expect(ids((await search('termo1=borges&campo1=autor')).body)).toEqual(['Ficciones']);
    expect(ids((await search('termo1=borges&campo1=titulo')).body)).toEqual(['Borges e a biblioteca']);
    expect(ids((await search('termo1=borges&campo1=assunto')).body)).toEqual(['Ensaios de crítica']);
  });

  it('finds an exact phrase only in that order', async () => {
    expect(ids((await search('termo1=bibliotecas%20publicas&tipo1=frase')).body)).toEqual(['Bibliotecas públicas do Brasil']);
    expect((await search('termo1=publicas%20bibliotecas&tipo1=frase')).body.total).toBe(0);
  });

  it('"starting with" on authors ignores the comma of inverted names', async () => {
    expect(ids((await search('termo1=freire%20paulo&campo1=autor&tipo1=inicio&ordenacao=T')).body)).toEqual([
      'Educação',
      'Pedagogia da autonomia: saberes necessários à educação',
    ]);
  });

  it('"starting with" ignores punctuation the patron does not type', async () => {
    expect(ids((await search('termo1=pedagogia%20da%20autonomia%20saberes&campo1=titulo&tipo1=inicio')).body)).toEqual([
      'Pedagogia da autonomia: saberes necessários à educação',
    ]);
  });

  it('puts the exact title first even when the title has punctuation the term lacks', async () => {
    const { body } = await search('termo1=pedagogia%20da%20autonomia%20saberes%20necessarios%20a%20educacao&termo2=freire&operador2=OU');
    expect(body.acervos[0]!.titulo).toBe('Pedagogia da autonomia: saberes necessários à educação');
  });

  it('"starting with" matches the field’s beginning', async () => {
    expect(ids((await search('termo1=sociologia%20da&campo1=titulo&tipo1=inicio')).body)).toEqual(['Sociologia da educação']);
    expect((await search('termo1=educacao&campo1=titulo&tipo1=inicio')).body.acervos.map((a) => a.titulo).sort()).toEqual(['Educação', 'Educação em vídeo']);
  });

  it('joins rows with AND, OR and NOT', async () => {
    expect(ids((await search('termo1=freire&campo1=autor&termo2=autonomia')).body)).toEqual(['Pedagogia da autonomia: saberes necessários à educação']);
    expect((await search('termo1=ficciones&termo2=antologia&operador2=OU')).body.total).toBe(2);
    const not = (await search('termo1=educacao&termo2=freire&campo2=autor&operador2=NAO')).body;
    expect(ids(not)).not.toContain('Educação');
    expect(ids(not)).toContain('Sociologia da educação');
  });

  it('relates two rows by word order and distance: ANTES, DEPOIS, PROXIMO', async () => {
    const q = (op: string) => `termo1=pedagogia&campo1=titulo&termo2=educacao&campo2=titulo&operador2=${op}`;
    expect(ids((await search(q('ANTES'))).body)).toEqual(['Pedagogia da autonomia: saberes necessários à educação']);
    expect((await search(q('DEPOIS'))).body.total).toBe(0);
    expect(ids((await search(q('PROXIMO'))).body)).toEqual(['Pedagogia da autonomia: saberes necessários à educação']);
    expect(ids((await search('termo1=educacao&campo1=titulo&termo2=sociologia&campo2=titulo&operador2=DEPOIS')).body)).toEqual(['Sociologia da educação']);
  });

  it('keeps the proximity operators within ten words', async () => {
    await importMarcRecords(
      t.database.db,
      asItems([
        { id: 'near-1', title: 'Xilogravura e zincografia' },
        { id: 'far-1', title: 'Xilogravura: um dois três quatro cinco seis sete oito nove dez onze doze zincografia' },
      ]),
    );
    expect(ids((await search('termo1=xilogravura&termo2=zincografia&operador2=ANTES')).body)).toEqual(['Xilogravura e zincografia']);
    expect((await search('termo1=xilogravura&termo2=zincografia')).body.total).toBe(2);
  });

  it('matches word stems in pt, es and en only with "similar words"', async () => {
    expect((await search('termo1=educacoes&campo1=titulo')).body.acervos.map((a) => a.titulo)).toEqual(['Educações populares no Brasil']);
    const similar = ids((await search('termo1=educacoes&campo1=titulo&similar1=1')).body);
    expect(similar).toEqual(expect.arrayContaining(['Educação', 'Educações populares no Brasil']));
    expect((await search('termo1=libraries')).body.total).toBe(1);
    expect(ids((await search('termo1=libraries&similar1=1')).body)).toContain('The public library');
  });

  it('finds a title by ISBN with or without hyphens', async () => {
    expect(ids((await search('termo1=9788535902778&campo1=isbn')).body)).toEqual(['Livro com ISBN']);
    expect(ids((await search('termo1=978-85-359-0277-8&campo1=isbn')).body)).toEqual(['Livro com ISBN']);
  });
});

describe('GET /consulta: facets and filters', () => {
  it('counts work type, year, language and "only with" over the matched titles', async () => {
    const { body } = await search('termo1=biblioteca&similar1=1&termo2=library&similar2=1&operador2=OU');
    expect(body.total).toBe(4);
    expect(facet(body, 'T')).toEqual([{ codigo: '1', descricao: 'Livro', total: 4, totalSemFiltro: 4, mostrarQtdOriginal: false }]);
    // Years newest first, the "no date" bucket last.
    expect(facet(body, 'Y').map((i) => i.codigo)).toEqual(['2020', '2018', '2010', 'sem-data']);
    expect(facet(body, 'Y').at(-1)!.descricao).toBe('Sem data');
    expect(facet(body, 'I').map((i) => [i.descricao, i.total])).toEqual([
      ['Inglês', 1],
      ['Português', 3],
    ]);
    expect(
      facet(body, 'X')
        .map((i) => [i.codigo, i.total])
        .sort(),
    ).toEqual([
      ['A', 1],
      ['C', 1],
      ['O', 1],
    ]);
  });

  it('filters AND across facet types and OR within one, and counts each facet without its own filter', async () => {
    const { body } = await search('termo1=educacao&filtro=Y:1996&filtro=Y:2002&filtro=T:1');
    expect(body.total).toBe(3);
    expect(body.filtros).toEqual([
      { tipo: 'Y', codigo: '1996', descricao: '1996', campus: null },
      { tipo: 'Y', codigo: '2002', descricao: '2002', campus: null },
      { tipo: 'T', codigo: '1', descricao: 'Livro', campus: null },
    ]);
    // The year facet ignores the year filter (other years stay choosable) but honours the type filter.
    const years = Object.fromEntries(facet(body, 'Y').map((i) => [i.codigo, [i.total, i.totalSemFiltro]]));
    expect(years).toEqual({ '2021': [0, 1], '2002': [1, 1], '1996': [2, 2], '1922': [1, 1] });
    // The type facet honours the year filter: the 2021 video is left out.
    expect(facet(body, 'T').map((i) => [i.descricao, i.total, i.totalSemFiltro])).toEqual([
      ['Livro', 3, 4],
      ['Vídeo/Filme', 0, 1],
    ]);
    expect(facet(body, 'T').every((i) => i.mostrarQtdOriginal)).toBe(true);
  });

  it('gives every facet value the count choosing it would find, under any mix of filters', async () => {
    // One filter type most matches pass, one few pass, two types, a multi-valued facet alone and with
    // another, and two types most matches pass with a match failing only one (counted by subtraction).
    const all = (await search('termo1=educacao')).body;
    const freire = facet(all, 'A').find((i) => i.descricao === 'Freire, Paulo')!.codigo;
    const education = facet(all, 'S').find((i) => i.descricao === 'Educação')!.codigo;
    const mixes = [
      ['T:1'],
      ['Y:1996'],
      ['Y:1996', 'Y:2002', 'T:1'],
      [`A:${freire}`],
      [`A:${freire}`, 'Y:1996'],
      [`S:${education}`, 'I:por'],
      ['T:1', 'Y:1996', 'Y:2021', 'Y:1922'],
      ['I:por', 'Y:1996', 'Y:2021', 'Y:1922'],
    ];
    const withFilters = (filters: string[]) => new URLSearchParams([['termo1', 'educacao'], ...filters.map((f): [string, string] => ['filtro', f])]).toString();
    const total = async (filters: string[]) => {
      const { status, body } = await search(withFilters(filters));
      expect(status).toBe(200);
      return body.total;
    };
    let checked = 0;
    for (const filters of mixes) {
      const { body } = await search(withFilters(filters));
      expect(body.total).toBe(await total(filters));
      for (const group of body.facetas) {
        const others = filters.filter((f) => f.split(':')[0] !== group.codigo);
        for (const item of group.itens) {
          expect([group.codigo, item.codigo, filters, item.total]).toEqual([
            group.codigo,
            item.codigo,
            filters,
            await total([...others, `${group.codigo}:${item.codigo}`]),
          ]);
          expect(item.totalSemFiltro).toBe(await total([`${group.codigo}:${item.codigo}`]));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('filters titles without a year with the "no date" bucket', async () => {
    expect(ids((await search('termo1=biblioteca&filtro=Y:sem-data')).body)).toEqual(['Biblioteca sem data']);
  });

  it('names facets and values in the language of the call', async () => {
    const english = (await search('termo1=biblioteca&similar1=1&termo2=library&operador2=OU', '5')).body;
    expect(english.facetas.map((f) => f.descricao)).toEqual([
      'Type of material',
      'Publication year',
      'Language',
      'Library',
      'Author',
      'Subject',
      'Knowledge area',
      'Publisher',
      'Series',
      'Journal',
      'Genre/form',
      'Corporate body',
      'Fonds',
      'Institution (theses)',
      'Academic degree',
      'Geographic descriptor',
      'Place of publication',
      'Carrier',
      'Repository',
      'Only with',
    ]);
    expect(facet(english, 'T')[0]!.descricao).toBe('Book');
    expect(facet(english, 'Y').at(-1)!.descricao).toBe('No date');
    const spanish = (await search('termo1=biblioteca&similar1=1&termo2=library&operador2=OU', '3')).body;
    expect(facet(spanish, 'I').map((i) => i.descricao)).toEqual(['Inglés', 'Portugués']);
  });
});

describe('GET /consulta: library, author and subject facets', () => {
  it('counts authors and subjects, and filters by them', async () => {
    const { body } = await search('termo1=educacao');
    const freire = facet(body, 'A').find((i) => i.descricao === 'Freire, Paulo')!;
    expect(freire).toMatchObject({ total: 2, totalSemFiltro: 2 });
    expect(facet(body, 'S').find((i) => i.descricao === 'Educação')).toMatchObject({ total: 3, totalSemFiltro: 3 });
    const byFreire = (await search(`termo1=educacao&filtro=A:${freire.codigo}`)).body;
    expect(ids(byFreire).sort()).toEqual(['Educação', 'Pedagogia da autonomia: saberes necessários à educação']);
    expect(byFreire.filtros).toEqual([{ tipo: 'A', codigo: freire.codigo, descricao: 'Freire, Paulo', campus: null }]);
    // Within the author facet the other authors still count what choosing them would give.
    expect(facet(byFreire, 'A').find((i) => i.descricao === 'Durkheim, Émile')).toMatchObject({ total: 1, mostrarQtdOriginal: true });
    expect(facet(byFreire, 'S').map((i) => [i.descricao, i.total])).toEqual([
      ['Educação', 2],
      ['Educação popular', 0],
      ['Pedagogia', 1],
      ['Sociologia educacional', 0],
    ]);
  });

  it('counts and filters by the libraries holding copies, OR within the facet', async () => {
    await t.database.db.insert(loanTypes).values({ codTipoEmprestimo: 1, descricao: 'Normal', permiteEmprestimo: true, permiteReserva: true });
    const [campus] = await t.database.db.insert(campuses).values({ nome: 'Campus Facetas' }).returning();
    const [central, norte] = await t.database.db
      .insert(libraries)
      .values([
        { codCampus: campus!.codCampus, nome: 'Biblioteca Central', sigla: 'BC' },
        { codCampus: campus!.codCampus, nome: 'Biblioteca Norte', sigla: 'BN' },
      ])
      .returning();
    const titleId = async (title: string) =>
      (await search(`termo1=${encodeURIComponent(title)}&tipo1=frase&campo1=titulo`)).body.acervos.find((a) => a.titulo === title)!.cod_acervo;
    const holdings: [string, number][] = [
      ['Educação', central!.codBiblioteca],
      ['Sociologia da educação', norte!.codBiblioteca],
      ['Educações populares no Brasil', central!.codBiblioteca],
      ['Educações populares no Brasil', norte!.codBiblioteca],
    ];
    let n = 0;
    for (const [title, library] of holdings) {
      await t.database.db
        .insert(copies)
        .values({ codAcervo: await titleId(title), codBiblioteca: library, codTipoEmprestimo: 1, tombo: `F${++n}`, localizacao: 'Estante 1' });
    }
    const { body } = await search('termo1=educacao');
    expect(facet(body, 'B').map((i) => [i.descricao, i.totalSemFiltro])).toEqual([
      ['Biblioteca Central', 2],
      ['Biblioteca Norte', 2],
    ]);
    const both = (await search(`termo1=educacao&filtro=B:${central!.codBiblioteca}&filtro=B:${norte!.codBiblioteca}`)).body;
    expect(ids(both).sort()).toEqual(['Educação', 'Educações populares no Brasil', 'Sociologia da educação']);
    // A library chosen is named with its campus (spec §3 "Selected filter": tipo, codigo, descricao, campus).
    expect(both.filtros).toEqual([
      { tipo: 'B', codigo: String(central!.codBiblioteca), descricao: 'Biblioteca Central', campus: 'Campus Facetas' },
      { tipo: 'B', codigo: String(norte!.codBiblioteca), descricao: 'Biblioteca Norte', campus: 'Campus Facetas' },
    ]);
    expect(ids((await search(`termo1=educacao&filtro=B:${norte!.codBiblioteca}&filtro=I:fre`)).body)).toEqual(['Sociologia da educação']);
    // Each result line says, library by library (by name), how many copies there are and how many are on the shelf.
    await t.database.db.insert(copies).values({
      codAcervo: await titleId('Educações populares no Brasil'),
      codBiblioteca: norte!.codBiblioteca,
      codTipoEmprestimo: 1,
      tombo: 'F9',
      localizacao: 'Estante 1',
      status: 'emprestado',
      dataDevolucaoPrevista: '2030-01-15',
    });
    const line = (await search('termo1=educacoes%20populares&tipo1=frase')).body.acervos[0]!;
    expect([line.titulo, line.disponibilidade]).toEqual([
      'Educações populares no Brasil',
      [
        { cod_biblioteca: central!.codBiblioteca, desc_biblioteca: 'Biblioteca Central', total: 1, disponiveis: 1 },
        { cod_biblioteca: norte!.codBiblioteca, desc_biblioteca: 'Biblioteca Norte', total: 2, disponiveis: 1 },
      ],
    ]);
    expect((await search('termo1=sociologia%20da%20educacao&tipo1=frase')).body.acervos[0]!.disponibilidade).toEqual([
      { cod_biblioteca: norte!.codBiblioteca, desc_biblioteca: 'Biblioteca Norte', total: 1, disponiveis: 1 },
    ]);
  });

  it("counts and filters by knowledge area, named by the area in the call's language", async () => {
    const { body } = await search('termo1=educacao', '5');
    expect(facet(body, 'K')).toEqual([{ codigo: '7', descricao: 'Humanities', total: 2, totalSemFiltro: 2, mostrarQtdOriginal: false }]);
    expect(facet((await search('termo1=educacao')).body, 'K')[0]?.descricao).toBe('Ciências Humanas');
    expect(ids((await search('termo1=educacao&filtro=K:7')).body).sort()).toEqual(['Educação', 'Sociologia da educação']);
  });

  it('refuses malformed codes of the new facets with a 400', async () => {
    for (const f of ['B:abc', 'A:Freire%2C%20Paulo', 'K:x']) expect((await search(`termo1=educacao&filtro=${f}`)).status).toBe(400);
  });

  it('sees a title imported after a search at once (the index follows the catalogue)', async () => {
    expect((await search('termo1=zeugma')).body.total).toBe(0);
    await importMarcRecords(
      t.database.db,
      asItems([{ id: 'zeugma-1', title: 'Zeugma e outras figuras', author: 'Reis, Ana', year: 2023, subjects: ['Retórica'] }]),
    );
    const after = (await search('termo1=zeugma')).body;
    expect(ids(after)).toEqual(['Zeugma e outras figuras']);
    expect(facet(after, 'A').map((i) => i.descricao)).toEqual(['Reis, Ana']);
  });
});

describe('GET /consulta: the index follows changed and deleted titles', () => {
  it('finds a changed title by its new words and fields, not its old ones, and forgets a deleted one', async () => {
    const item = (notes: string, title = 'Quiasmo em Vieira') => asItems([{ id: 'quiasmo-1', title, author: 'Lopes, Rita', year: 2020, notes }]);
    await importMarcRecords(t.database.db, item('Estudo do hipérbato barroca.'));
    // Searched once, so these words' matches are cached by the index.
    expect(ids((await search('termo1=quiasmo')).body)).toEqual(['Quiasmo em Vieira']);
    expect(ids((await search('termo1=barroca')).body)).toEqual(['Quiasmo em Vieira']);
    expect(ids((await search('termo1=hiperbato')).body)).toEqual(['Quiasmo em Vieira']);
    expect((await search('termo1=barroca&campo1=titulo')).body.total).toBe(0);
    // Re-catalogued: the note changes and "barroca" moves into the title.
    await importMarcRecords(t.database.db, item('Estudo de estilística.', 'Quiasmo barroca em Vieira'));
    expect(ids((await search('termo1=barroca&campo1=titulo')).body)).toEqual(['Quiasmo barroca em Vieira']);
    expect((await search('termo1=hiperbato')).body.total).toBe(0);
    expect(ids((await search('termo1=estilistica')).body)).toEqual(['Quiasmo barroca em Vieira']);
    await t.database.db.delete(titles).where(eq(titles.controlNumber, 'quiasmo-1'));
    expect((await search('termo1=quiasmo')).body.total).toBe(0);
    expect((await search('termo1=barroca')).body.total).toBe(0);
  });
});

describe('GET /consulta: sorting, paging, availability', () => {
  it('sorts by title, author, newest and oldest', async () => {
    const q = 'termo1=borges';
    expect(ids((await search(`${q}&ordenacao=T`)).body)).toEqual(['Antologia do conto', 'Borges e a biblioteca', 'Ensaios de crítica', 'Ficciones']);
    expect((await search(`${q}&ordenacao=A`)).body.acervos.map((a) => a.autor)).toEqual(['Borges, Jorge Luis', 'Costa, Beatriz', 'Lima, Rui', 'Silva, Ana']);
    expect((await search(`${q}&ordenacao=N`)).body.acervos.map((a) => a.ano_publicacao)).toEqual([2015, 2010, 2001, 1944]);
    expect((await search(`${q}&ordenacao=O`)).body.acervos.map((a) => a.ano_publicacao)).toEqual([1944, 2001, 2010, 2015]);
  });

  it('pages through the results with the same total', async () => {
    const all = (await search('termo1=borges&ordenacao=T')).body;
    const second = (await search('termo1=borges&ordenacao=T&quantPag=3&pagina=2')).body;
    expect(second).toMatchObject({ total: 4, pagina: 2, quantPag: 3 });
    expect(ids(second)).toEqual([all.acervos[3]!.titulo]);
    expect((await search('termo1=borges&quantPag=3&pagina=5')).body).toMatchObject({ total: 4, acervos: [] });
  });

  it('pages through relevance order consistently, ties by id', async () => {
    const all = ids((await search('termo1=educacao')).body);
    expect(all.length).toBe(5);
    const pages = await Promise.all([1, 2, 3].map(async (n) => ids((await search(`termo1=educacao&quantPag=2&pagina=${n}`)).body)));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(all);
  });

  it('describes each result line: type, flags, availability per library', async () => {
    const { body } = await search('termo1=public%20library&tipo1=frase');
    expect(body.acervos[0]).toEqual({
      cod_acervo: expect.any(Number),
      titulo: 'The public library',
      autor: 'Smith, John',
      ano_publicacao: 2018,
      cod_tipo_obra: 1,
      desc_tipo_obra: 'Livro',
      idioma: 'eng',
      link_capa: null,
      acesso_remoto: true,
      possui_acessibilidade: false,
      disponibilidade: [],
    });
  });
});

describe('GET /consulta: bad input', () => {
  it('answers an empty search with 422 PreenchaCampoPesquisa', async () => {
    for (const params of ['', 'termo1=', 'termo1=%20%20', 'campo1=titulo']) {
      const { status, body } = await search(params);
      expect(status).toBe(422);
      expect(body).toMatchObject({ key: 'PreenchaCampoPesquisa', message: 'Preencha o campo de pesquisa.' });
    }
  });

  it('treats tsquery and SQL metacharacters as separators, never syntax', async () => {
    for (const term of ["& | ! ( ) : * '", "borges' or 1=1 --", 'borges:*', "borges & !'x'", 'a\\b', '%_%']) {
      const { status } = await search(`termo1=${encodeURIComponent(term)}`);
      expect([200, 422]).toContain(status);
    }
    expect(ids((await search(`termo1=${encodeURIComponent("borges' --")}&campo1=autor`)).body)).toEqual(['Ficciones']);
  });

  it.each(
    [
      ['quantPag=0', /quantPag/],
      ['quantPag=101', /quantPag/],
      ['pagina=0', /pagina/],
      ['pagina=600', /pagina × quantPag/],
      ['campo1=nome', /campo1/],
      ['tipo1=regex', /tipo1/],
      ['operador2=XOR&termo2=x', /operador2/],
      ['ordenacao=Z', /ordenacao/],
      ['filtro=T:abc', /T:abc/],
      ['filtro=Y:19x6', /Y:19x6/],
      ['filtro=semdoispontos', /filtro/],
      [`termo2=${'a'.repeat(10_000)}`, /termo2/],
    ].map(([params, message]) => ({ label: String(params).slice(0, 30), params: String(params), message: message as RegExp })),
  )('refuses $label with a 400 naming the parameter', async ({ params, message }) => {
    const { status, body } = await search(`termo1=borges&${params}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });

  it('answers the target_gedweb base with no first term with nothing, without searching', async () => {
    expect(await search('base=target_gedweb&termo2=borges')).toEqual({
      status: 200,
      body: { total: 0, pagina: 1, quantPag: 20, acervos: [], facetas: [], filtros: [] },
    });
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/svc/consulta?termo1=borges' })).statusCode).toBe(401);
  });
});

describe('GET /consulta: teaching-plan bibliographies', () => {
  beforeAll(async () => {
    const db = t.database.db;
    const [sul] = await db.insert(campuses).values({ nome: 'Campus Sul' }).returning();
    await db.insert(courses).values([
      { codCurso: 1, nome: 'Pedagogia', codCampus: sul!.codCampus },
      { codCurso: 2, nome: 'Biblioteconomia' },
    ]);
    await db.insert(disciplines).values([
      { codDisciplina: 1, codigo: 'EDU101', nome: 'Fundamentos da Educação' },
      { codDisciplina: 2, codigo: 'BIB200', nome: 'Bibliotecas e sociedade' },
    ]);
    await db.insert(professors).values([{ codProfessor: 1, nome: 'Helena Duarte Campos' }]);
    await db.insert(teachingPlans).values([
      { codPlano: 1, codCurso: 1, codDisciplina: 1, codProfessor: 1, ano: 2026, semestre: 1 },
      { codPlano: 2, codCurso: 2, codDisciplina: 2, codProfessor: null, ano: 2025, semestre: 2 },
    ]);
    const id = async (title: string) =>
      (await search(`termo1=${encodeURIComponent(title)}&tipo1=frase&campo1=titulo`)).body.acervos.find((a) => a.titulo === title)!.cod_acervo;
    await db.insert(planTitles).values([
      { codPlano: 1, codAcervo: await id('Educação'), tipo: 'basica' },
      { codPlano: 1, codAcervo: await id('Pedagogia da autonomia: saberes necessários à educação'), tipo: 'basica' },
      { codPlano: 1, codAcervo: await id('Sociologia da educação'), tipo: 'complementar' },
      { codPlano: 2, codAcervo: await id('Bibliotecas públicas do Brasil'), tipo: 'basica' },
      { codPlano: 2, codAcervo: await id('The public library'), tipo: 'complementar' },
    ]);
  });

  it('lists a plan bibliography without a term, in title order, with facets', async () => {
    const { status, body } = await search('curso=1&ano=2026&semestre=1');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['Educação', 'Pedagogia da autonomia: saberes necessários à educação', 'Sociologia da educação']);
    expect(facet(body, 'I').map((i) => [i.codigo, i.totalSemFiltro])).toEqual([
      ['fre', 1],
      ['por', 2],
    ]);
  });

  it('matches every given field: professor, discipline, year', async () => {
    expect((await search('professor=1')).body.total).toBe(3);
    expect(ids((await search('disciplina=2')).body)).toEqual(['Bibliotecas públicas do Brasil', 'The public library']);
    expect((await search('disciplina=2&ano=2026')).body.total).toBe(0);
  });

  it('narrows the bibliography by a term and filters', async () => {
    expect(ids((await search('curso=1&termo1=sociologia')).body)).toEqual(['Sociologia da educação']);
    expect(ids((await search('curso=2&filtro=I:eng')).body)).toEqual(['The public library']);
  });

  it('gives new-acquisition lists the NA_C course and NA_A area facets instead of K', async () => {
    const { body } = await search('novas=30&termo1=educacao');
    expect(body.facetas.map((f) => f.codigo)).toEqual([
      'T',
      'Y',
      'I',
      'B',
      'A',
      'S',
      'E',
      'C',
      'P',
      'G',
      'O',
      'F',
      'U',
      'N',
      'D',
      'L',
      'M',
      'R',
      'NA_C',
      'NA_A',
      'X',
    ]);
    expect(facet(body, 'NA_C')).toEqual([{ codigo: '1', descricao: 'Pedagogia', total: 3, totalSemFiltro: 3, mostrarQtdOriginal: false }]);
    expect(facet(body, 'NA_A').map((i) => [i.codigo, i.descricao, i.total])).toEqual([['7', 'Ciências Humanas', 2]]);
    expect(ids((await search('novas=30&termo1=educacao&filtro=NA_A:7')).body).sort()).toEqual(['Educação', 'Sociologia da educação']);
    const byCourse = (await search('novas=30&termo1=educacao&filtro=NA_C:1')).body;
    expect(byCourse.total).toBe(3);
    // A course chosen is named with its campus (spec §3 "Selected filter").
    expect(byCourse.filtros).toEqual([{ tipo: 'NA_C', codigo: '1', descricao: 'Pedagogia', campus: 'Campus Sul' }]);
    expect((await search('termo1=educacao')).body.facetas.map((f) => f.codigo)).not.toContain('NA_C');
    const tab = await t.app.inject({ method: 'GET', url: '/svc/consulta/filtros?search_tab=novas_aquisicoes', headers: { authorization } });
    expect(tab.json().map((f: { codigo: string }) => f.codigo)).toEqual([
      'T',
      'Y',
      'I',
      'B',
      'A',
      'S',
      'E',
      'C',
      'P',
      'G',
      'O',
      'F',
      'U',
      'N',
      'D',
      'L',
      'M',
      'R',
      'NA_C',
      'NA_A',
      'X',
    ]);
    expect((await search('novas=30&termo1=educacao&filtro=NA_C:x')).status).toBe(400);
  });

  it('refuses a bad plan field with a 400, and no field nor term with the 422', async () => {
    for (const params of ['semestre=3', 'ano=20260', 'curso=abc', 'professor=0']) expect((await search(params)).status).toBe(400);
    expect((await search('')).body.key).toBe('PreenchaCampoPesquisa');
  });
});

describe('GET /consulta/imagem-padrao', () => {
  it('answers the default cover as an SVG data URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/svc/consulta/imagem-padrao', headers: { authorization } });
    expect(response.statusCode).toBe(200);
    const { imagem } = response.json() as { imagem: string };
    expect(imagem).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(imagem.split(',')[1]!, 'base64').toString()).toMatch(/^<svg [^>]*viewBox="0 0 120 170"/);
  });
});

describe('GET /consulta/ordenacao and /consulta/filtros', () => {
  it('list the sort orders and facets in the language of the call', async () => {
    const sorts = await t.app.inject({ method: 'GET', url: '/svc/consulta/ordenacao', headers: { authorization, 'x-idioma': '5' } });
    expect(sorts.json()).toEqual([
      { codigo: 'C', descricao: 'Relevance' },
      { codigo: 'T', descricao: 'Title' },
      { codigo: 'A', descricao: 'Author' },
      { codigo: 'N', descricao: 'Newest first' },
      { codigo: 'O', descricao: 'Oldest first' },
    ]);
    const facets = await t.app.inject({ method: 'GET', url: '/svc/consulta/filtros?search_tab=geral', headers: { authorization } });
    expect(facets.json().map((f: { codigo: string }) => f.codigo)).toEqual([
      'T',
      'Y',
      'I',
      'B',
      'A',
      'S',
      'K',
      'E',
      'C',
      'P',
      'G',
      'O',
      'F',
      'U',
      'N',
      'D',
      'L',
      'M',
      'R',
      'X',
    ]);
  });
});

describe('GET /consulta/indice and /consulta/opcoes-indice', () => {
  const browse = async (params: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/svc/consulta/indice?${params}`, headers: { authorization } });
    return { status: response.statusCode, body: response.json() };
  };

  it('lists authors alphabetically from the starting word, accents and case folded, with title counts', async () => {
    const { status, body } = await browse('tipo=autor&inicio=BOR&quantidade=3');
    expect(status).toBe(200);
    expect(body).toEqual({
      tipo: 'autor',
      entradas: [
        { cabecalho: 'Borges, Jorge Luis', total: 1 },
        { cabecalho: 'Brandão, Carlos', total: 1 },
        { cabecalho: 'Costa, Beatriz', total: 1 },
      ],
    });
    // "Durkheim, Émile" files under D; Paulo Freire has two titles.
    expect((await browse('tipo=autor&inicio=fr&quantidade=1')).body.entradas).toEqual([{ cabecalho: 'Freire, Paulo', total: 2 }]);
  });

  it('counts a subject once per title that carries it', async () => {
    const { body } = await browse('tipo=assunto&inicio=educacao&quantidade=2');
    expect(body.entradas).toEqual([
      { cabecalho: 'Educação', total: 3 },
      { cabecalho: 'Educação popular', total: 1 },
    ]);
  });

  it('starts at the beginning without a starting word, and refuses an unknown index', async () => {
    expect((await browse('tipo=titulo&quantidade=1')).body.entradas).toEqual([{ cabecalho: 'Antologia do conto', total: 1 }]);
    const bad = await browse('tipo=editora');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/tipo/);
    expect((await browse('tipo=autor&quantidade=500')).status).toBe(400);
  });

  it('names the index types in the language of the call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/svc/consulta/opcoes-indice', headers: { authorization, 'x-idioma': '3' } });
    expect(response.json().map((o: { descricao: string }) => o.descricao)).toEqual(['Título', 'Serie', 'Autor', 'Materia', 'Signatura', 'ISBN', 'ISSN']);
  });
});

describe('GET /consulta?novas=N: new acquisitions', () => {
  beforeAll(async () => {
    const db = t.database.db;
    const { sql } = await import('drizzle-orm');
    await db.execute(sql`update titles set created_at = now() - interval '200 days'`);
    await db.execute(sql`update titles set created_at = now() - interval '1 day' where control_number = 'lib-2'`);
    await db.execute(sql`update titles set created_at = now() - interval '3 days' where control_number = 'lib-1'`);
    await db.execute(sql`update titles set created_at = now() - interval '10 days' where control_number = 'edu-3'`);
  });

  it('lists the titles added in the last N days, newest first, without a term', async () => {
    expect(ids((await search('novas=7')).body)).toEqual(['Bibliotecas públicas do Brasil', 'The public library']);
    const month = (await search('novas=30')).body;
    expect(ids(month)).toEqual(['Bibliotecas públicas do Brasil', 'The public library', 'Educações populares no Brasil']);
    expect(month.total).toBe(3);
    expect(facet(month, 'T')).toEqual([{ codigo: '1', descricao: 'Livro', total: 3, totalSemFiltro: 3, mostrarQtdOriginal: false }]);
  });

  it('narrows the period by a term and by filters', async () => {
    expect(ids((await search('novas=30&termo1=brasil')).body).sort()).toEqual(['Bibliotecas públicas do Brasil', 'Educações populares no Brasil']);
    expect(ids((await search('novas=30&filtro=I:eng')).body)).toEqual(['The public library']);
  });

  it('refuses a period outside 1–365 days', async () => {
    for (const days of ['0', '366', 'x']) {
      const { status, body } = await search(`novas=${days}`);
      expect(status).toBe(400);
      expect(body.message).toMatch(/novas/);
    }
  });
});

// Without posting lists (a large catalogue's words while its first lists are read): atoms from PostgreSQL.
describe('SearchIndex.prewarm', () => {
  it('reads ahead the matches of the most frequent words, and searches for them use those', async () => {
    const index = new SearchIndex(t.database.db, { postings: false });
    const words = await frequentWords(t.database.db, 2, 3);
    expect(words).toHaveLength(3);
    expect(await index.prewarm({ minTitles: 2, limit: 3 })).toBe(3);
    expect(index.stats().atoms).toBe(3);
    // "Educação" folds to the lexeme "educacao" that was read ahead: no new atom is read.
    const accented = words.includes('educacao') ? 'Educação' : words[0]!;
    const found = await searchService(index, consultaQuerySchema.parse({ termo1: accented }), 'pt');
    expect(found.total).toBeGreaterThan(0);
    expect(index.stats().atoms).toBe(3);
  });
});

describe('SearchIndex: the atom cache', () => {
  it('keeps the most recent atoms within its size, dropping only the oldest', async () => {
    const words = ['educacao', 'biblioteca', 'brasil', 'library', 'borges', 'conto'];
    const unbounded = new SearchIndex(t.database.db, { postings: false });
    for (const word of words) await searchService(unbounded, consultaQuerySchema.parse({ termo1: word }), 'pt');
    const all = unbounded.stats();
    expect(all.atoms).toBeGreaterThanOrEqual(words.length);

    // Room for all but one byte of them: only the first word's atom goes, the rest stay counted.
    const cap = all.atomBytes - 1;
    const bounded = new SearchIndex(t.database.db, { cacheMegabytes: cap / 2 ** 20, postings: false });
    for (const word of words) await searchService(bounded, consultaQuerySchema.parse({ termo1: word }), 'pt');
    const kept = bounded.stats();
    expect(kept.atoms).toBe(all.atoms - 1);
    expect(kept.atomBytes).toBeLessThanOrEqual(cap);
    expect(kept.atomBytes).toBeGreaterThan(0);
    // The last word searched is still cached (searching it reads nothing); the first is read again.
    await searchService(bounded, consultaQuerySchema.parse({ termo1: words.at(-1) }), 'pt');
    expect(bounded.stats()).toMatchObject({ atoms: kept.atoms, atomBytes: kept.atomBytes });
    await searchService(bounded, consultaQuerySchema.parse({ termo1: words[0] }), 'pt');
    expect(bounded.stats().atomBytes).toBeLessThanOrEqual(cap);
    expect(bounded.stats().atoms).toBe(all.atoms - 1);
  });
});

describe('SearchIndex: kept rankings (issue 27)', () => {
  it('orders every page of every filter of a kept ranking as ranking each search afresh does', async () => {
    // One index keeps the whole ranking of every text, the other ranks each search's titles afresh.
    const kept = new SearchIndex(t.database.db, { keepRankingsFrom: 1 });
    const afresh = new SearchIndex(t.database.db, { keepRankingsFrom: Number.POSITIVE_INFINITY });
    const searches = [
      'termo1=educacao',
      'termo1=biblioteca&similar1=1&termo2=library&similar2=1&operador2=OU',
      'termo1=borges',
      'termo1=educacao+brasil&tipo1=frase',
    ];
    let pages = 0;
    for (const text of searches) {
      for (const extra of ['', '&filtro=T:1', '&filtro=Y:1996', '&filtro=T:1&filtro=Y:1996&filtro=Y:2002']) {
        for (const [pagina, quantPag] of [
          [1, 20],
          [1, 2],
          [2, 2],
          [3, 1],
        ]) {
          const query = consultaQuerySchema.parse(Object.fromEntries(new URLSearchParams(`${text}${extra}&pagina=${pagina}&quantPag=${quantPag}`)));
          const [a, b] = [await searchService(kept, query, 'pt'), await searchService(afresh, query, 'pt')];
          expect(a.acervos.map((r) => r.cod_acervo)).toEqual(b.acervos.map((r) => r.cod_acervo));
          if (a.acervos.length > 0) pages++;
        }
      }
    }
    expect(pages).toBeGreaterThan(25);
  });
});

describe('SearchIndex: what a text keeps (issue 25)', () => {
  it('keeps one set of facets and one ranking for texts typed differently that find the same', async () => {
    const index = new SearchIndex(t.database.db, { keepRankingsFrom: 1 });
    const run = (params: string) => searchIn(index, params);
    const first = await run('termo1=educacao');
    expect(first.total).toBeGreaterThan(2);
    expect(index.stats()).toMatchObject({ facetSets: 1, rankings: 1 });
    // Accents, case, a word typed twice: the same matches, counted once.
    for (const same of ['termo1=Educação', 'termo1=EDUCACAO', 'termo1=educação+educacao']) {
      const found = await run(same);
      expect([same, found.total, found.facetas]).toEqual([same, first.total, first.facetas]);
    }
    expect(index.stats().facetSets).toBe(1);
    // The ranking also depends on the words as typed: a title equal to "educação educacao" would come first.
    expect(index.stats().rankings).toBe(2);
    // Another field finds other titles: facets of its own.
    await run('termo1=educacao&campo1=titulo');
    expect(index.stats().facetSets).toBe(2);
  });
});

describe('SearchIndex: a text searched first with filters', () => {
  it('keeps its own counts, so the same text without filters shows what a fresh search of it shows', async () => {
    const index = new SearchIndex(t.database.db);
    const filtered = await searchIn(index, 'termo1=educacao&filtro=T:1&filtro=Y:1996');
    expect(filtered.total).toBeGreaterThan(0);
    expect(index.stats().facetSets).toBe(1);
    const unfiltered = await searchIn(index, 'termo1=educacao');
    expect(index.stats().facetSets).toBe(1);
    expect(unfiltered).toEqual(await searchIn(new SearchIndex(t.database.db), 'termo1=educacao'));
    // Another filter of the same text is counted against those, as after an unfiltered search.
    const other = 'termo1=educacao&filtro=Y:2002';
    expect(await searchIn(index, other)).toEqual(await searchIn(new SearchIndex(t.database.db), other));
  });
});

describe('SearchIndex: a filtered search kept', () => {
  it('answers its other pages and sorts, and its filters in any order, as a fresh search does, counting once', async () => {
    const index = new SearchIndex(t.database.db);
    const variants = [
      'termo1=educacao&filtro=T:1&filtro=Y:1996&quantPag=1',
      'termo1=educacao&filtro=Y:1996&filtro=T:1&quantPag=1&pagina=2',
      'termo1=Educação&filtro=Y:1996&filtro=T:1&filtro=T:1&quantPag=1&ordenacao=T',
    ];
    const pages = [];
    for (const params of variants) {
      const kept = await searchIn(index, params);
      expect(kept).toEqual(await searchIn(new SearchIndex(t.database.db), params));
      pages.push(kept.acervos.map((a) => a.cod_acervo));
    }
    expect(pages[0]).not.toEqual(pages[1]);
    expect(index.stats().filteredSets).toBe(1);
    // Counted once: the outcomes share the facets the first one counted.
    const outcome = (params: string) => index.run(parseSearchState(consultaQuerySchema.parse(consultaQueryFromParams(new URLSearchParams(params)))));
    expect((await outcome(variants[2]!))!.counted).toBe((await outcome(variants[0]!))!.counted);
    // Other filters are another search.
    await searchIn(index, 'termo1=educacao&filtro=T:1');
    expect(index.stats().filteredSets).toBe(2);
  });
});

describe('SearchIndex.count', () => {
  it('counts what the search finds, filters included, as its results page totals it', async () => {
    const index = new SearchIndex(t.database.db);
    const found = await searchService(index, consultaQuerySchema.parse({ termo1: 'educacao' }), 'pt');
    // One filter of each kind the facets offer: single-valued (type, year) and multi-valued (author, subject).
    const filters = found.facetas.flatMap((f) => (['T', 'Y', 'A', 'S'].includes(f.codigo) && f.itens[0] ? [`${f.codigo}:${f.itens[0].codigo}`] : []));
    expect(filters).toHaveLength(4);
    const combinations = [[], ...filters.map((f) => [f]), filters.slice(0, 2), filters.slice(2), [filters[0]!, filters[2]!], filters];
    const totals = [];
    for (const filtro of combinations) {
      const params = new URLSearchParams([['termo1', 'educacao'], ...filtro.map((f): [string, string] => ['filtro', f])]);
      const query = consultaQuerySchema.parse(consultaQueryFromParams(params));
      const { total } = await searchService(index, query, 'pt');
      expect(await index.count(parseSearchState(query)), params.toString()).toBe(total);
      totals.push(total);
    }
    // The filters do narrow: not every combination finds what the words alone find.
    expect(new Set(totals).size).toBeGreaterThan(2);
  });
});
