import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Autoridade, MarcView } from '@estante/contracts/catalog';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { asItems } from '../../../test/marc.js';
import { df } from '../../../test/records.js';
import { authorities } from '../../db/schema/index.js';
import type { MarcRecord } from '../../marc/record.js';
import { importMarcRecords } from './catalog.import.js';

let t: TestApp;
let authorization: string;
const id: Record<string, number> = {};

const authority = (control: string, ...fields: MarcRecord['fields']): MarcRecord => ({
  leader: '00000nz  a2200000n  4500',
  fields: [{ tag: '001', value: control }, ...fields],
});

beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
  await importMarcRecords(t.database.db, [
    ...asItems([
      { id: 'b1', title: 'Pedagogia do oprimido', author: 'Freire, Paulo, 1921-1997', year: 1987, subjects: ['Educação popular'] },
      { id: 'b2', title: 'Pedagogia da autonomia', author: 'Freire, Paulo, 1921-1997', year: 1996, subjects: ['Educação -- Filosofia'] },
      { id: 'b3', title: 'Paulo Freire: uma biobibliografia', author: 'Gadotti, Moacir', year: 1996, subjects: ['Freire, Paulo, 1921-1997'] },
      { id: 'b4', title: 'Educação como prática da liberdade', author: 'Freire, Paula', year: 1967 },
    ]),
    ...[
      authority(
        'n-freire',
        df('100', '1 ', ['a', 'Freire, Paulo,'], ['d', '1921-1997']),
        df('400', '1 ', ['a', 'Freire, Paulo Reglus Neves,'], ['d', '1921-1997']),
        df('670', '  ', ['a', 'Pedagogia do oprimido, 1970.']),
      ),
      authority(
        's-educacao',
        df('150', '  ', ['a', 'Educação']),
        df('450', '  ', ['a', 'Ensino']),
        df('550', '  ', ['w', 'g'], ['a', 'Ciências sociais']),
        df('680', '  ', ['i', 'Aqui se entram obras gerais sobre educação.']),
      ),
    ].map((record, i) => ({ kind: 'record' as const, position: 10 + i, offset: 10 + i, record, warnings: [] })),
  ]);
  for (const row of await t.database.db.select().from(authorities)) id[row.controlNumber] = row.codAutoridade;
});
afterAll(() => t.close());

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `/svc${url}`, headers: { authorization, ...headers } });
  return { status: response.statusCode, body: response.json() as T & { key?: string } };
}

describe('GET /autoridade/{id}', () => {
  it("gives a name's references, notes and the titles by that author (not a namesake, not about them)", async () => {
    const { status, body } = await get<Autoridade>(`/autoridade/${id['n-freire']}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      tipo: 'autor_pessoa',
      cabecalho: 'Freire, Paulo, 1921-1997',
      campo: 'autor',
      remissivas: ['Freire, Paulo Reglus Neves, 1921-1997'],
      notas: ['Pedagogia do oprimido, 1970.'],
      total_titulos: 2,
    });
    expect(body.titulos.map((x) => x.titulo)).toEqual(['Pedagogia da autonomia', 'Pedagogia do oprimido']);
  });

  it("gives a subject's see and see-also references and the titles on it and its subdivisions", async () => {
    const { body } = await get<Autoridade>(`/autoridade/${id['s-educacao']}`);
    expect(body).toMatchObject({
      tipo: 'assunto',
      campo: 'assunto',
      remissivas: ['Ensino'],
      relacionados: ['Ciências sociais'],
      notas: ['Aqui se entram obras gerais sobre educação.'],
    });
    expect(body.titulos.map((x) => x.titulo)).toEqual(['Pedagogia da autonomia']);
  });

  it("gives the MARC authority record with authority labels, in the call's language", async () => {
    const label = async (tag: string, headers: Record<string, string>) =>
      (await get<MarcView>(`/autoridade/${id['n-freire']}/marc`, headers)).body.campos.find((c) => c.tag === tag)?.rotulo;
    expect(await label('100', { 'x-idioma': '5' })).toBe('Heading - Personal Name');
    expect(await label('400', { 'x-idioma': '5' })).toBe('See From Tracing - Personal Name');
    expect(await label('100', {})).toBe('Cabeçalho - Nome pessoal');
    expect(await label('670', {})).toBe('Fonte de dados encontrada');
    expect(await label('400', { 'x-idioma': '3' })).toBe('Punto de acceso variante - Nombre de persona');
    expect(await label('001', { 'x-idioma': '3' })).toBe('Número de control');
  });

  it('describes several for a combo, and answers 404 / 400 for unknown and malformed ids', async () => {
    expect((await get(`/autoridade/combo?autoridades=${id['s-educacao']},${id['n-freire']},999`)).body).toEqual([
      { cod_autoridade: id['s-educacao'], tipo: 'assunto', cabecalho: 'Educação' },
      { cod_autoridade: id['n-freire'], tipo: 'autor_pessoa', cabecalho: 'Freire, Paulo, 1921-1997' },
    ]);
    expect((await get('/autoridade/combo?autoridades=a,b')).status).toBe(400);
    const missing = await get('/autoridade/99999');
    expect(missing.status).toBe(404);
    expect(missing.body.key).toBe('AutoridadeNaoEncontrada');
    expect((await get('/autoridade/99999/marc')).status).toBe(404);
    expect((await get('/autoridade/x1')).status).toBe(400);
  });

  it('links a title to its authorities', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/svc/consulta?termo1=oprimido', headers: { authorization } });
    const titleId = response.json<{ acervos: { cod_acervo: number }[] }>().acervos[0]!.cod_acervo;
    const { body } = await get<{ autoridades: { cabecalho: string }[] }>(`/acervo/${titleId}`);
    expect(body.autoridades.map((a) => a.cabecalho)).toEqual(['Freire, Paulo, 1921-1997']);
  });
});
