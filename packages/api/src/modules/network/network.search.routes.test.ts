import type { AcervoRede, InstituicaoRede } from '@estante/contracts/network';
import type { ConsultaResponse } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createTitles } from '../../../test/factories.js';
import { createNetworkPartner, createNetworkTitle } from '../../../test/factories/network.js';
import { queryRows } from '../../db/client.js';

/**
 * The partner network's search (issue 22): `/consulta?base=rede` searches the harvested records
 * with the catalogue's engine — words, facets, facet Z (institution) — and never our titles;
 * our catalogue's search never shows theirs. The record and the institutions calls.
 */
let t: TestApp;
let authorization: string;
const partner = { norte: 0, sul: 0 };

async function addPartner(nome: string): Promise<number> {
  const slug = nome.toLowerCase().replace(/\W+/g, '-');
  return createNetworkPartner(t.database.db, {
    nome,
    baseUrl: `https://${slug}.example/oai`,
    recordUrl: `https://${slug}.example/acervo/{id}`,
    lastHarvestAt: sql`now()`,
  });
}

async function addRecord(codEmpresa: number, local: string, r: { title: string; author?: string; year?: number; subjects?: string[]; idioma?: string }) {
  await createNetworkTitle(t.database.db, {
    codEmpresa,
    identifier: `oai:partner:${local}`,
    datestamp: '2026-11-01T10:00:00Z',
    link: `https://partner.example/acervo/${local}`,
    title: r.title,
    author: r.author ?? null,
    anoPublicacao: r.year ?? null,
    subjects: r.subjects ?? [],
    idioma: r.idioma ?? 'por',
  });
}

beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
  await createTitles(t.database.db, [{ id: 'local-1', title: 'Memórias póstumas de Brás Cubas', author: 'Assis, Machado de', year: 1881 }]);
  partner.norte = await addPartner('Universidade do Norte');
  partner.sul = await addPartner('Instituto do Sul');
  await addRecord(partner.norte, '11', { title: 'Dom Casmurro', author: 'Assis, Machado de', year: 1899, subjects: ['Literatura brasileira'] });
  await addRecord(partner.norte, '12', { title: 'Quincas Borba', author: 'Assis, Machado de', year: 1891, subjects: ['Literatura brasileira'] });
  await addRecord(partner.sul, '7', { title: 'Memórias póstumas de Brás Cubas', author: 'Assis, Machado de', year: 1881, subjects: ['Romance'] });
  await addRecord(partner.sul, '8', { title: 'Vidas secas', author: 'Ramos, Graciliano', year: 1938, subjects: ['Literatura brasileira'] });
});
afterAll(() => t.close());

async function get<T>(url: string, language = '1') {
  const response = await t.app.inject({ method: 'GET', url: `/svc${url}`, headers: { authorization, 'x-idioma': language } });
  return { status: response.statusCode, body: response.json() as T };
}

describe('the partner network search (base=rede)', () => {
  it("finds the partners' records, each with its institution, and none of ours", async () => {
    const { status, body } = await get<ConsultaResponse>('/consulta?base=rede&termo1=machado');
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.acervos.map((a) => a.titulo).sort()).toEqual(['Dom Casmurro', 'Memórias póstumas de Brás Cubas', 'Quincas Borba']);
    const bras = body.acervos.find((a) => a.titulo.startsWith('Memórias'))!;
    expect(bras.instituicao).toEqual({ cod_empresa: partner.sul, desc_empresa: 'Instituto do Sul' });
    expect(bras.disponibilidade).toEqual([]);
  });

  it('offers facet Z with each institution and filters by it, not our libraries (B)', async () => {
    const { body } = await get<ConsultaResponse>('/consulta?base=rede&termo1=machado');
    const z = body.facetas.find((f) => f.codigo === 'Z')!;
    expect(z.descricao).toBe('Instituição');
    expect(z.itens.map((i) => [i.descricao, i.total])).toEqual([
      ['Instituto do Sul', 1],
      ['Universidade do Norte', 2],
    ]);
    expect(body.facetas.map((f) => f.codigo)).not.toContain('B');
    const filtered = await get<ConsultaResponse>(`/consulta?base=rede&termo1=machado&filtro=Z:${partner.norte}`);
    expect(filtered.body.acervos.map((a) => a.titulo).sort()).toEqual(['Dom Casmurro', 'Quincas Borba']);
    expect(filtered.body.filtros).toEqual([{ tipo: 'Z', codigo: String(partner.norte), descricao: 'Universidade do Norte', campus: null }]);
    const facets = await get<{ codigo: string }[]>('/consulta/filtros?search_tab=rede');
    expect(facets.body.map((f) => f.codigo)).toContain('Z');
  });

  it("keeps our catalogue's search to our titles", async () => {
    const { body } = await get<ConsultaResponse>('/consulta?termo1=machado');
    expect(body.acervos.map((a) => a.titulo)).toEqual(['Memórias póstumas de Brás Cubas']);
    expect(body.acervos[0]!.instituicao).toBeUndefined();
    expect(body.facetas.map((f) => f.codigo)).not.toContain('Z');
  });

  it('sees a record harvested later at the next search, and not one removed', async () => {
    await addRecord(partner.sul, '9', { title: 'São Bernardo', author: 'Ramos, Graciliano', year: 1934 });
    expect((await get<ConsultaResponse>('/consulta?base=rede&termo1=graciliano')).body.total).toBe(2);
    await queryRows(t.database.db, sql`delete from network_titles where identifier = 'oai:partner:9'`);
    expect((await get<ConsultaResponse>('/consulta?base=rede&termo1=graciliano')).body.acervos.map((a) => a.titulo)).toEqual(['Vidas secas']);
  });

  it('asks for words: an empty network search is the 422 of any search', async () => {
    const { status } = await get('/consulta?base=rede');
    expect(status).toBe(422);
  });
});

describe('the network calls', () => {
  it('lists the institutions by name with their record counts', async () => {
    const { status, body } = await get<InstituicaoRede[]>('/rede-pergamum/oai/instituicoes');
    expect(status).toBe(200);
    expect(body.map((i) => [i.desc_empresa, i.total])).toEqual([
      ['Instituto do Sul', 2],
      ['Universidade do Norte', 2],
    ]);
    expect(body[0]!.ultima_coleta).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("answers a record with its work type, year, language, institution and the partner's address", async () => {
    const hit = (await get<ConsultaResponse>('/consulta?base=rede&termo1=casmurro')).body.acervos[0]!;
    const { status, body } = await get<AcervoRede>(`/rede-pergamum/acervo/${hit.cod_acervo}`, '3');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      titulo: 'Dom Casmurro',
      autor: 'Assis, Machado de',
      ano_publicacao: 1899,
      idioma: 'por',
      tipo_obra: { cod_tipo_obra: 1 },
      instituicao: { cod_empresa: partner.norte, desc_empresa: 'Universidade do Norte' },
      link: 'https://partner.example/acervo/11',
      identificador: 'oai:partner:11',
    });
    expect(body.idioma_desc).toMatch(/portugu/i);
  });

  it('answers 404 for a record that is not there, and 400 for one that is not a number', async () => {
    expect((await get('/rede-pergamum/acervo/999999')).status).toBe(404);
    expect((await get('/rede-pergamum/acervo/abc')).status).toBe(400);
  });
});
