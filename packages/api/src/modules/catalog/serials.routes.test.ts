import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KardexData, KardexItem, Sumario } from '@estante/contracts/catalog';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createLibraries } from '../../../test/factories.js';
import { df, items, record } from '../../../test/records.js';
import { issueArticles, serialIssues, titles } from '../../db/schema/index.js';
import { importMarcRecords } from './catalog.import.js';

let t: TestApp;
let authorization: string;
let serial: number;
let book: number;
let central: number;
const issue: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
  await importMarcRecords(
    t.database.db,
    items([
      record(
        'rbe',
        'as',
        1995,
        'por',
        df('022', '0 ', ['a', '1413-2478']),
        df('245', '00', ['a', 'Revista Brasileira de Educação.']),
        df('310', '  ', ['a', 'Quadrimestral']),
      ),
      record('livro', 'am', 2001, 'por', df('245', '00', ['a', 'Um livro'])),
    ]),
  );
  for (const row of await t.database.db.select({ id: titles.codAcervo, c: titles.controlNumber }).from(titles)) {
    if (row.c === 'rbe') serial = row.id;
    else book = row.id;
  }
  central = (await createLibraries(t.database.db, ['Biblioteca Central']))[0]!.codBiblioteca;
  const rows = await t.database.db
    .insert(serialIssues)
    .values([
      { codAcervo: serial, codBiblioteca: central, ano: 2025, mes: 1, volume: '30', numero: '1', dataChegada: '2025-02-10' },
      { codAcervo: serial, codBiblioteca: central, ano: 2025, mes: 5, volume: '30', numero: '2' },
      { codAcervo: serial, codBiblioteca: central, ano: 2025, mes: 9, volume: '30', numero: '3', dataChegada: '2025-10-02' },
      { codAcervo: serial, codBiblioteca: central, ano: 2025, mes: 12, volume: '30', numero: 'supl.', parte: 'S', dataChegada: '2026-01-15' },
      { codAcervo: serial, codBiblioteca: central, ano: 2024, mes: 9, volume: '29', numero: '3', dataChegada: '2024-10-01' },
    ])
    .returning();
  for (const r of rows) issue[`${r.ano}-${r.numero}`] = r.codFasciculo;
  await t.database.db.insert(issueArticles).values([
    { codFasciculo: issue['2025-1']!, seq: 1, titulo: 'Leitura na universidade', autores: 'Souza, J.', paginas: '1-16' },
    { codFasciculo: issue['2025-1']!, seq: 2, titulo: 'Escrita acadêmica', autores: null, paginas: '17-30' },
    { codFasciculo: issue['2025-3']!, seq: 1, titulo: 'Avaliação formativa', autores: 'Lima, A.; Reis, B.', paginas: '1-20' },
  ]);
});
afterAll(() => t.close());

async function get<T>(url: string) {
  const response = await t.app.inject({ method: 'GET', url: `/svc${url}`, headers: { authorization } });
  return { status: response.statusCode, body: response.json() as T & { key?: string } };
}

describe('serials: Kardex and tables of contents', () => {
  it('offers the Kardex and contents tabs only to a serial with issues', async () => {
    expect((await get<{ abas: string[] }>(`/acervo/${serial}`)).body.abas).toEqual(expect.arrayContaining(['32', 'summary']));
    expect((await get<{ abas: string[] }>(`/acervo/${book}`)).body.abas).not.toContain('32');
    expect((await get(`/kardex/${serial}/permissao`)).body).toEqual({ permitido: true });
    expect((await get(`/kardex/${book}/permissao`)).body).toEqual({ permitido: false });
  });

  it("gives the form's choices, with the frequency from the record (310)", async () => {
    expect((await get(`/kardex/${serial}/combobox-data`)).body).toEqual({
      bibliotecas: [{ cod_biblioteca: central, desc_biblioteca: 'Biblioteca Central' }],
      anos: [2025, 2024],
      partes: ['F', 'S'],
      periodicidade: 't',
    });
  });

  it('lays out a year of issues, received or missing, and a supplement apart', async () => {
    const { body } = await get<KardexData>(`/kardex/${serial}/data?codBib=${central}&year=2025&codPar=F`);
    expect(body.fasciculos.map((f) => [f.mes, f.numero, f.recebido, f.data_chegada, f.artigos])).toEqual([
      [1, '1', true, '2025-02-10', 2],
      [5, '2', false, null, 0],
      [9, '3', true, '2025-10-02', 1],
    ]);
    const supplements = await get<KardexData>(`/kardex/${serial}/data?codBib=${central}&year=2025&codPar=S&codPeriod=a`);
    expect(supplements.body).toMatchObject({ parte: 'S', periodicidade: 'a', fasciculos: [{ numero: 'supl.', recebido: true }] });
    for (const bad of [
      'codBib=x&year=2025',
      `codBib=${central}&year=25`,
      `codBib=${central}&year=2025&codPar=Z`,
      `codBib=${central}&year=2025&codPeriod=weekly`,
      `codBib=${central}`,
    ]) {
      expect((await get(`/kardex/${serial}/data?${bad}`)).status, bad).toBe(400);
    }
  });

  it('opens an issue with its table of contents, or one article of it', async () => {
    const { body } = await get<KardexItem>(`/kardex/${serial}/item?seqPar=${issue['2025-1']}&codPar=F`);
    expect(body).toMatchObject({ ano: 2025, numero: '1', desc_biblioteca: 'Biblioteca Central' });
    expect(body.artigos).toEqual([
      { seq: 1, titulo: 'Leitura na universidade', autores: 'Souza, J.', paginas: '1-16' },
      { seq: 2, titulo: 'Escrita acadêmica', autores: null, paginas: '17-30' },
    ]);
    expect((await get<KardexItem>(`/kardex/${serial}/item?seqPar=${issue['2025-1']}&seqSec=2`)).body.artigos.map((a) => a.titulo)).toEqual([
      'Escrita acadêmica',
    ]);
    expect((await get(`/kardex/${serial}/item?seqPar=${issue['2025-1']}&codPar=S`)).status).toBe(404);
    expect((await get(`/kardex/${book}/item?seqPar=${issue['2025-1']}`)).status).toBe(404);
    expect((await get(`/kardex/${serial}/item?seqPar=abc`)).status).toBe(400);
    expect((await get('/kardex/999999/combobox-data')).status).toBe(404);
  });

  it('lists the latest issues with contents on /sumario, newest first', async () => {
    const { body } = await get<Sumario>(`/sumario/${serial}/dados`);
    expect(body.itens).toEqual([]);
    expect(body.fasciculos.map((f) => [f.ano, f.numero, f.artigos.length])).toEqual([
      [2025, '3', 1],
      [2025, '1', 2],
    ]);
  });
});

describe('GET /consulta/acervos-indexados', () => {
  it('names, of the given titles, the serials with indexed articles and how many, in how many issues', async () => {
    const { status, body } = await get<unknown[]>(`/consulta/acervos-indexados?acervos=${book},${serial},${serial},999999`);
    expect(status).toBe(200);
    expect(body).toEqual([{ cod_acervo: serial, artigos: 3, fasciculos: 2 }]);
    expect((await get<unknown[]>(`/consulta/acervos-indexados?acervos=${book}`)).body).toEqual([]);
  });

  it('refuses a malformed or too long list with 400', async () => {
    for (const acervos of ['', 'a,b', '1;2', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      expect((await get(`/consulta/acervos-indexados?acervos=${acervos}`)).status).toBe(400);
    }
    expect((await get('/consulta/acervos-indexados')).status).toBe(400);
  });
});
