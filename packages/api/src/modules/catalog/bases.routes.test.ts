import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsultaResponse, OpcoesBase, ProdutoTarget } from '@estante/contracts/search';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { asItems } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import { specialRecordItems } from '../../seed/special.js';
import { deriveMissing, importMarcRecords } from './catalog.import.js';

let t: TestApp;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
  const special = await importMarcRecords(t.database.db, specialRecordItems());
  const books = await importMarcRecords(
    t.database.db,
    asItems([
      {
        id: 'lei-livro',
        title: 'Comentários à lei de diretrizes e bases da educação',
        author: 'Saviani, Dermeval',
        year: 1997,
        subjects: ['Educação - Legislação'],
      },
      { id: 'ref-livro', title: 'Como fazer referências bibliográficas', author: 'Lima, Rui', year: 2019, subjects: ['Referências bibliográficas'] },
    ]),
  );
  expect([...special.rejected, ...books.rejected]).toEqual([]);
});
afterAll(() => t.close());

async function get<T>(url: string, language = '1') {
  const response = await t.app.inject({ method: 'GET', url: `/svc${url}`, headers: { authorization, 'x-idioma': language } });
  return { status: response.statusCode, body: response.json() as T & { key?: string; message?: string } };
}
const titles = (body: ConsultaResponse) => body.acervos.map((a) => a.titulo);
const options = (body: OpcoesBase, filtro: string) => body.campos.find((c) => c.filtro === filtro)!.opcoes;

describe('search bases of one kind of record (archive, normative acts, jurisprudence)', () => {
  it('lists a base without words, and searches only its titles with words', async () => {
    const all = await get<ConsultaResponse>('/consulta?base=atos_normativos&quantPag=50');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(11);
    expect(all.body.acervos.every((a) => a.desc_tipo_obra === 'Ato normativo')).toBe(true);

    const words = await get<ConsultaResponse>('/consulta?base=atos_normativos&termo1=diretrizes%20educacao');
    expect(titles(words.body)).toEqual(['Lei nº 9.394, de 20 de dezembro de 1996 : estabelece as diretrizes e bases da educação nacional']);
    // Without the base the book about the law is found too.
    const everywhere = await get<ConsultaResponse>('/consulta?termo1=diretrizes%20educacao');
    expect(everywhere.body.total).toBe(2);
    // Other bases still need words.
    expect((await get('/consulta?base=ebooks')).status).toBe(422);
  });

  it('filters a base by its form fields: tipo de ato (G) and órgão emissor (O) together', async () => {
    const opcoes = (await get<OpcoesBase>('/consulta/opcoes-atos-normativos')).body;
    expect(opcoes.campos.map((c) => [c.filtro, c.descricao])).toEqual([
      ['G', 'Tipo de ato'],
      ['O', 'Órgão emissor'],
      ['Y', 'Ano'],
    ]);
    expect(options(opcoes, 'G').map((o) => [o.descricao, o.total])).toEqual([
      ['Decreto', 2],
      ['Lei', 6],
      ['Portaria', 1],
      ['Resolução', 2],
    ]);
    expect(options(opcoes, 'O').map((o) => o.descricao)).toEqual([
      'Brasil. Ministério da Educação',
      'Brasil. Presidência da República',
      'Universidade Estante. Conselho Universitário',
    ]);
    expect(options(opcoes, 'Y')[0]).toMatchObject({ codigo: '2022', descricao: '2022', total: 1 });

    const decreto = options(opcoes, 'G').find((o) => o.descricao === 'Decreto')!.codigo;
    const presidencia = options(opcoes, 'O').find((o) => o.descricao === 'Brasil. Presidência da República')!.codigo;
    const { body } = await get<ConsultaResponse>(`/consulta?base=atos_normativos&filtro=G:${decreto}&filtro=O:${presidencia}`);
    expect(titles(body).sort()).toEqual([
      'Decreto nº 5.296, de 2 de dezembro de 2004 : regulamenta as Leis nº 10.048 e nº 10.098, de 2000, sobre acessibilidade',
      'Decreto nº 5.626, de 22 de dezembro de 2005 : regulamenta a Lei nº 10.436, de 2002, que dispõe sobre a Língua Brasileira de Sinais - Libras',
    ]);
    // The chosen filters are named, and the facets of the base count only its titles.
    expect(body.filtros.map((f) => f.descricao)).toEqual(['Decreto', 'Brasil. Presidência da República']);
    // Within a facet, the other facets' filters count (AND across types, OR within one).
    expect(body.facetas.find((f) => f.codigo === 'G')!.itens.find((i) => i.descricao === 'Lei')).toMatchObject({ total: 6, totalSemFiltro: 6 });
    expect(body.facetas.find((f) => f.codigo === 'O')!.itens.find((i) => i.descricao === 'Universidade Estante. Conselho Universitário')).toMatchObject({
      total: 0,
      totalSemFiltro: 2,
    });
  });

  it('offers the archive its fonds and document types, and jurisprudence its courts and decision types, in the call language', async () => {
    const archive = (await get<OpcoesBase>('/consulta/opcoes-arquivo', '5')).body;
    expect(archive.campos.map((c) => c.descricao)).toEqual(['Fonds', 'Document type', 'Year']);
    expect(options(archive, 'F').map((o) => [o.descricao, o.total])).toEqual([
      ['Fundo Biblioteca Central', 3],
      ['Fundo Conselho Universitário', 2],
      ['Fundo Reitoria', 3],
    ]);
    expect(options(archive, 'G').map((o) => o.descricao)).toEqual(['Ata', 'Fotografia', 'Ofício', 'Planta', 'Relatório']);

    const courts = (await get<OpcoesBase>('/consulta/jurisprudencia-options', '3')).body;
    expect(courts.campos.map((c) => c.descricao)).toEqual(['Tribunal', 'Tipo de decisión', 'Año del fallo']);
    expect(options(courts, 'O').map((o) => o.descricao)).toEqual([
      'Brasil. Superior Tribunal de Justiça',
      'Brasil. Supremo Tribunal Federal',
      'Santa Catarina. Tribunal de Justiça',
    ]);
    const stj = options(courts, 'O')[0]!.codigo;
    // The rapporteur is an added author: the author field finds the decisions.
    const { body } = await get<ConsultaResponse>(`/consulta?base=jurisprudencia&termo1=Almeida&campo1=autor&filtro=O:${stj}`);
    expect(titles(body).sort()).toEqual(['Agravo em Recurso Especial nº 1.000.505/SC', 'Recurso Especial nº 1.000.101/SC']);
    expect(body.acervos[0]!.desc_tipo_obra).toBe('Jurisprudência');
  });

  it('answers an unknown facet code with no titles and a malformed one with 400', async () => {
    expect((await get<ConsultaResponse>('/consulta?base=arquivo&filtro=F:zzzz')).body.total).toBe(0);
    const bad = await get('/consulta?base=arquivo&filtro=F:Fundo%20Reitoria');
    expect(bad.status).toBe(400);
  });
});

describe('GET /consulta/produtos-target', () => {
  it('finds technical standards by code or title words, each described by the text after "code - " (spec §5)', async () => {
    const { status, body } = await get<ProdutoTarget[]>('/consulta/produtos-target?termoPesquisa=referencias');
    expect(status).toBe(200);
    // The Portuguese title first; "references" of ISO 690 shares the stem. Target GEDWeb's
    // "code - title" is shortened to the text after its hyphen; the code is apart.
    expect(body.map((p) => [p.codigo, p.descricao])).toEqual([
      ['ABNT NBR 6023:2018', 'informação e documentação : referências : elaboração'],
      ['ISO 690:2021', 'information and documentation : guidelines for bibliographic references and citations to information resources'],
    ]);
    expect(body.every((p) => !p.descricao.startsWith(p.codigo))).toBe(true);
    const byCode = await get<ProdutoTarget[]>('/consulta/produtos-target?termoPesquisa=NBR%2014724');
    expect(byCode.body.map((p) => p.codigo)).toEqual(['ABNT NBR 14724:2011']);
    expect((await get<ProdutoTarget[]>('/consulta/produtos-target?termoPesquisa=inexistente')).body).toEqual([]);
  });

  it('refuses words shorter than three characters and an empty term (spec §5)', async () => {
    for (const term of ['', '%20%20', 'nb', 'NBR%2060']) {
      const { status } = await get(`/consulta/produtos-target?termoPesquisa=${term}`);
      expect(status, term).toBe(400);
    }
    expect((await get('/consulta/produtos-target')).status).toBe(400);
  });

  it('keeps the target_gedweb rule: no first-row term, an empty answer', async () => {
    const { status, body } = await get<ConsultaResponse>('/consulta?base=target_gedweb');
    expect(status).toBe(200);
    expect(body.total).toBe(0);
    expect(titles((await get<ConsultaResponse>('/consulta?base=target_gedweb&termo1=citacoes')).body)).toEqual([
      'ABNT NBR 10520:2023 : informação e documentação : citações em documentos : apresentação',
    ]);
  });
});

describe('title records and titles imported before the additional data', () => {
  it('lists a title’s additional data by letter', async () => {
    const [row] = await queryRows<{ cod_acervo: number }>(t.database.db, sql`select cod_acervo from titles where control_number = 'estante-arq-005'`);
    const { body } = await get<{ dados_adicionais: Record<string, { descricao: string }[]> }>(`/acervo/${row!.cod_acervo}`);
    const letters = Object.fromEntries(Object.entries(body.dados_adicionais).map(([k, v]) => [k, v.map((i) => i.descricao)]));
    expect(letters).toMatchObject({
      F: ['Fundo Biblioteca Central'],
      G: ['Relatório'],
      O: ['Universidade Estante. Biblioteca Central'],
      D: ['Florianópolis (SC)'],
      L: ['Florianópolis'],
    });
  });

  it('derives what older rows lack, once, and the search sees it', async () => {
    await t.database.db.execute(sql`update titles set dados_adicionais = null, cod_tipo_obra = 1 where control_number like 'estante-jur-%'`);
    expect((await get<ConsultaResponse>('/consulta?base=jurisprudencia')).body.total).toBe(0);
    expect(await deriveMissing(t.database.db)).toBe(7);
    expect(await deriveMissing(t.database.db)).toBe(0);
    const { body } = await get<ConsultaResponse>('/consulta?base=jurisprudencia');
    expect(body.total).toBe(7);
    expect(body.facetas.find((f) => f.codigo === 'G')!.itens.map((i) => i.descricao)).toEqual(['Acórdão', 'Decisão monocrática', 'Súmula']);
  });
});
