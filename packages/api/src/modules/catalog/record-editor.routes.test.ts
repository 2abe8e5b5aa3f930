import { recordEditorEndpoints as calls, titleEndpoints, type RegistroTitulo } from '@estante/contracts/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createPatron, grantStaffRoles } from '../../../test/factories.js';
import { df, items, record } from '../../../test/records.js';
import { queryRows } from '../../db/client.js';
import type { DataField, MarcRecord } from '../../marc/record.js';
import { importMarcRecords } from './catalog.import.js';

/**
 * The MARC record editor over HTTP (issue 57): a cataloguer reads a title's record, previews and
 * saves a change as a new version (the OPAC's title page, its ABNT reference and the search
 * follow; the old version kept), a save from an old version is refused with 409, an invalid record
 * with 400 naming its field; an authority's save rewrites the headings linked to it by $0.
 */
let t: TestApp;
let lia = '';
let ana = '';
let anonymous = '';
const id: Record<string, number> = {};

const freire = record(
  'ed-1',
  'am',
  1987,
  'por',
  df('100', '1 ', ['a', 'Freire, Paulo,'], ['d', '1921-1997.'], ['0', 'n-freire']),
  df('245', '10', ['a', 'Pedagogia do oprimido /'], ['c', 'Paulo Freire.']),
  df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'Paz e Terra,'], ['c', '1987.']),
  df('650', ' 4', ['a', 'Educação popular.']),
);
const other = record(
  'ed-2',
  'am',
  1996,
  'por',
  df('700', '1 ', ['a', 'Freire, Paulo,'], ['d', '1921-1997,'], ['e', 'autor.'], ['0', 'n-freire']),
  df('245', '00', ['a', 'Coletânea de educação']),
);
/** A title only the race below saves. */
const raced = record('ed-3', 'am', 2001, 'por', df('245', '00', ['a', 'Cadernos de leitura']));
const authority: MarcRecord = {
  leader: '00000nz  a2200000n  4500',
  fields: [{ tag: '001', value: 'n-freire' }, df('100', '1 ', ['a', 'Freire, Paulo,'], ['d', '1921-1997'])],
};

beforeAll(async () => {
  t = await createTestApp();
  await importMarcRecords(t.database.db, items([freire, other, raced, authority]));
  for (const row of await queryRows<{ cod_acervo: number; control_number: string }>(t.database.db, sql`select cod_acervo, control_number from titles`))
    id[row.control_number] = row.cod_acervo;
  const [a] = await queryRows<{ id: number }>(t.database.db, sql`select cod_autoridade as id from authorities where control_number = 'n-freire'`);
  id.authority = a!.id;
  for (const login of ['lia', 'ana']) await createPatron(t.database.db, { login, nome: `${login} Teste`, password: `senha-${login}-1` });
  await grantStaffRoles(t.database.db, 'lia', ['catalogacao']);
  lia = await patronToken(t.app, 'lia', 'senha-lia-1');
  ana = await patronToken(t.app, 'ana', 'senha-ana-1');
  anonymous = await publicToken(t.app);
});
afterAll(() => t.close());

const at = (n: number) => ({ id: String(n) });
/** The record with its 245 replaced by `field`. */
const with245 = (registro: RegistroTitulo['registro'], field: DataField): RegistroTitulo['registro'] => ({
  ...registro,
  fields: registro.fields.map((f) => (f.tag === '245' ? field : f)),
});
const subtitled = df('245', '10', ['a', 'Pedagogia do oprimido :'], ['b', 'edição revista pelo editor /'], ['c', 'Paulo Freire.']);

describe('the MARC record editor', () => {
  it('is for catalogação', async () => {
    expect((await call(t.app, calls.title, { params: at(id['ed-1']!) }, ana)).status).toBe(403);
    expect((await call(t.app, calls.title, { params: at(id['ed-1']!) }, anonymous)).status).toBe(403);
    expect((await call(t.app, calls.title, { params: at(999999) }, lia)).status).toBe(404);
  });

  it('finds titles by words of their title and by control number', async () => {
    const byWords = await call(t.app, calls.findTitles, { query: { termo: 'oprimido pedagogia' } }, lia);
    expect(byWords.body.map((x) => x.numero_controle)).toEqual(['ed-1']);
    expect((await call(t.app, calls.findTitles, { query: { termo: 'ed-2' } }, lia)).body[0]?.titulo).toBe('Coletânea de educação');
  });

  it('previews an unsaved record as its title page and ABNT reference, saving nothing', async () => {
    const { body: read } = await call(t.app, calls.title, { params: at(id['ed-1']!) }, lia);
    const preview = await call(t.app, calls.preview, { body: { cod_acervo: id['ed-1'], registro: with245(read.registro, subtitled) } }, lia);
    expect(preview.status).toBe(200);
    expect(preview.body.problemas).toEqual([]);
    expect(preview.body.titulo).toContain('edição revista pelo editor');
    expect(preview.body.referencia?.texto).toContain('edição revista pelo editor');
    expect(preview.body.autor).toBe('Freire, Paulo, 1921-1997');
    const twice = { ...read.registro, fields: [...read.registro.fields, subtitled] };
    const wrong = await call(t.app, calls.preview, { body: { registro: twice } }, lia);
    expect(wrong.body.problemas).toContainEqual({ codigo: 'campo_repetido', campo: twice.fields.length - 1, tag: '245' });
    expect((await call(t.app, calls.title, { params: at(id['ed-1']!) }, lia)).body.versao).toBe(1);
  });

  it('saves a change as a new version: the title page, its ABNT reference and the search follow, the old version is kept', async () => {
    const { body: read } = await call(t.app, calls.title, { params: at(id['ed-1']!) }, lia);
    expect(read.versao).toBe(1);
    expect(read.registro.fields.find((f) => f.tag === '245')).toMatchObject({ ind1: '1', ind2: '0' });
    const saved = await call(t.app, calls.saveTitle, { params: at(id['ed-1']!), body: { versao: 1, registro: with245(read.registro, subtitled) } }, lia);
    expect(saved.status).toBe(200);
    expect(saved.body.versao).toBe(2);
    const page = await call(t.app, titleEndpoints.record, { params: at(id['ed-1']!) }, anonymous);
    expect(page.body.titulo).toContain('edição revista pelo editor');
    const reference = await call(t.app, titleEndpoints.abnt, { params: at(id['ed-1']!) }, anonymous);
    expect(reference.body.texto).toContain('edição revista pelo editor');
    const found = await t.app.inject({ method: 'GET', url: '/svc/consulta?termo1=revista%20editor', headers: { authorization: `Bearer ${anonymous}` } });
    expect(found.json<{ acervos: { cod_acervo: number }[] }>().acervos.map((a) => a.cod_acervo)).toEqual([id['ed-1']]);
    const versions = await call(t.app, calls.versions, { params: at(id['ed-1']!) }, lia);
    expect(versions.body.map((v) => [v.versao, v.atual])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(versions.body[1]!.substituida_por).toMatch(/^pessoa:\d+$/);
    const first = await call(t.app, calls.version, { params: { id: String(id['ed-1']), versao: '1' } }, lia);
    expect(first.body.registro.fields.find((f) => f.tag === '245')).toEqual(freire.fields.find((f) => f.tag === '245'));
    const audit = await queryRows<{ acao: string; alvo: string }>(t.database.db, sql`select acao, alvo from staff_audit where acao = 'catalog.record_save'`);
    expect(audit).toContainEqual({ acao: 'catalog.record_save', alvo: `acervo:${id['ed-1']}` });
  });

  it('refuses a save from a version that is no longer the current one with 409, changing nothing', async () => {
    const { body: read } = await call(t.app, calls.title, { params: at(id['ed-1']!) }, lia);
    const stale = await call(
      t.app,
      calls.saveTitle,
      { params: at(id['ed-1']!), body: { versao: read.versao - 1, registro: with245(read.registro, df('245', '10', ['a', 'Outro título'])) } },
      lia,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.key).toBe('VersaoDesatualizada');
    expect((await call(t.app, calls.title, { params: at(id['ed-1']!) }, lia)).body).toEqual(read);
  });

  it('twenty saves from one version at once: one becomes the next version, the others are refused with 409', async () => {
    const { body: read } = await call(t.app, calls.title, { params: at(id['ed-3']!) }, lia);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        call(
          t.app,
          calls.saveTitle,
          { params: at(id['ed-3']!), body: { versao: read.versao, registro: with245(read.registro, df('245', '00', ['a', `Coletânea ${n}`])) } },
          lia,
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const { body: after } = await call(t.app, calls.title, { params: at(id['ed-3']!) }, lia);
    expect(after.versao).toBe(read.versao + 1);
    const { body: listed } = await call(t.app, calls.versions, { params: at(id['ed-3']!) }, lia);
    expect(listed.map((v) => [v.versao, v.atual])).toEqual([
      [read.versao + 1, true],
      [read.versao, false],
    ]);
  });

  it('refuses an invalid record with 400 naming the field, in the caller’s language, changing nothing', async () => {
    const { body: read } = await call(t.app, calls.title, { params: at(id['ed-1']!) }, lia);
    const save = (registro: RegistroTitulo['registro']) =>
      call(t.app, calls.saveTitle, { params: at(id['ed-1']!), body: { versao: read.versao, registro } }, lia, '5');
    const repeated = await save({ ...read.registro, fields: [...read.registro.fields, subtitled] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.key).toBe('RegistroMarcInvalido');
    expect(repeated.body.message).toBe('The record was not saved: field 245 is not repeatable.');
    expect((await save({ ...read.registro, fields: [...read.registro.fields, df('123', '  ', ['a', 'x'])] })).body.message).toContain(
      'field 123 does not exist',
    );
    expect((await save(with245(read.registro, df('245', '10', ['a', 'x'], ['a', 'y'])))).body.message).toContain('subfield $a of field 245 is not repeatable');
    expect((await save(with245(read.registro, df('245', '90', ['a', 'x'])))).body.message).toContain('field 245 does not take "9" as its first indicator');
    expect((await save({ ...read.registro, fields: read.registro.fields.filter((f) => f.tag !== '245') })).body.message).toContain('field 245 is missing');
    expect((await save({ ...read.registro, fields: read.registro.fields.map((f) => (f.tag === '001' ? { tag: '001', value: 'other' } : f)) })).status).toBe(
      400,
    );
    expect((await save({ ...read.registro, leader: 'short' })).status).toBe(400);
    expect((await save(with245(read.registro, df('245', '10', ['a', 'bad\u0007text'])))).status).toBe(400);
    expect((await call(t.app, calls.title, { params: at(id['ed-1']!) }, lia)).body).toEqual(read);
  });

  it('reads an authority with its linked titles, and its save rewrites their headings as new versions', async () => {
    const { body: read } = await call(t.app, calls.authority, { params: at(id.authority!) }, lia);
    expect(read.cabecalho).toBe('Freire, Paulo, 1921-1997');
    expect(read.titulos_vinculados.map((x) => [x.cod_acervo, x.tag])).toEqual([
      [id['ed-1'], '100'],
      [id['ed-2'], '700'],
    ]);
    const registro = {
      ...read.registro,
      fields: read.registro.fields.map((f) => (f.tag === '100' ? df('100', '1 ', ['a', 'Freire, Paulo Reglus Neves,'], ['d', '1921-1997']) : f)),
    };
    const saved = await call(t.app, calls.saveAuthority, { params: at(id.authority!), body: { atualizado_em: read.atualizado_em, registro } }, lia);
    expect(saved.status).toBe(200);
    expect(saved.body.cabecalho).toBe('Freire, Paulo Reglus Neves, 1921-1997');
    expect(saved.body.titulos_vinculados.every((x) => x.atualizado)).toBe(true);
    const page = await call(t.app, titleEndpoints.record, { params: at(id['ed-2']!) }, anonymous);
    expect(page.body.autores_secundarios).toEqual(['Freire, Paulo Reglus Neves, 1921-1997']);
    const title = await call(t.app, calls.title, { params: at(id['ed-2']!) }, lia);
    expect(title.body.versao).toBe(2);
    expect(title.body.registro.fields.find((f) => f.tag === '700')).toEqual(
      df('700', '1 ', ['a', 'Freire, Paulo Reglus Neves,'], ['d', '1921-1997'], ['e', 'autor.'], ['0', 'n-freire']),
    );
    const stale = await call(t.app, calls.saveAuthority, { params: at(id.authority!), body: { atualizado_em: read.atualizado_em, registro } }, lia);
    expect(stale.status).toBe(409);
    const bad = { ...registro, fields: [...registro.fields, df('245', '10', ['a', 'x'])] };
    const invalid = await call(
      t.app,
      calls.saveAuthority,
      { params: at(id.authority!), body: { atualizado_em: saved.body.atualizado_em, registro: bad } },
      lia,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('245');
  });
});
