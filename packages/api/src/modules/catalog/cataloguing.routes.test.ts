import { cataloguingEndpoints as calls, type UploadState } from '@estante/contracts/catalog';
import { endpointUrl } from '@estante/contracts/kernel';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createCopies, createInstitution, createLibraries, createLoan, createPatron, createTitles, grantStaffRoles } from '../../../test/factories.js';
import { marcRecord } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import type { MarcRecord } from '../../marc/record.js';
import { toMarcXml } from '../../marc/write.js';
import { Readable } from 'node:stream';
import { startUpload, uploadSettled } from './cataloguing.service.js';

/**
 * The cataloguing screens' calls (issue 57, item 3), as a cataloguer's client makes them: a MARC
 * file uploaded and imported in the background (its progress, its report, one at a time), a
 * title's copies added, edited, moved and withdrawn, a title suppressed from the OPAC (and what
 * patrons, OAI-PMH and the sitemap then see) and deleted — with every refusal a 4xx that changes nothing.
 */
let t: TestApp;
let central = 0;
let setorial = 0;
let ana = 0;
let lia = '';
let patron = '';
let anonymous = '';
const HOST = 'catalogo.exemplo.edu.br';

beforeAll(async () => {
  t = await createTestApp();
  await createInstitution(t.database.db, { nome: 'Biblioteca de Teste' });
  [central, setorial] = (await createLibraries(t.database.db, ['Biblioteca Central', 'Biblioteca Setorial'])).map((l) => l.codBiblioteca) as [number, number];
  await createPatron(t.database.db, { login: 'lia', nome: 'Lia Catalogadora', password: 'senha-lia-1' });
  ana = (await createPatron(t.database.db, { login: 'ana', nome: 'Ana Leitora', password: 'senha-ana-1' })).codPessoa;
  await grantStaffRoles(t.database.db, 'lia', ['catalogacao']);
  lia = await patronToken(t.app, 'lia', 'senha-lia-1');
  patron = await patronToken(t.app, 'ana', 'senha-ana-1');
  anonymous = await publicToken(t.app);
});
afterAll(async () => {
  await t.close();
});

/** A Koha-style record: its 952 items (home branch $a, barcode $p, item type $y, call number $o). */
function kohaRecord(id: string, title: string, items: { branch: string; barcode: string; type?: string; call?: string }[]): MarcRecord {
  const record = marcRecord({ id, title, author: 'Autora de Teste' });
  for (const item of items)
    record.fields.push({
      tag: '952',
      ind1: ' ',
      ind2: ' ',
      subfields: [
        { code: 'a', value: item.branch },
        { code: 'p', value: item.barcode },
        ...(item.type ? [{ code: 'y', value: item.type }] : []),
        ...(item.call ? [{ code: 'o', value: item.call }] : []),
      ],
    });
  return record;
}

/** Sends a file as the upload screen does: its bytes as the body, the options in the query. */
async function upload(body: string | Buffer, query: Record<string, string>, as = lia, contentType = 'application/octet-stream') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/svc${endpointUrl(calls.upload, { query: query as never })}`,
    headers: { authorization: `Bearer ${as}`, 'content-type': contentType, 'x-idioma': '5' },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as UploadState & { message?: string } };
}

/** The titles a patron's catalogue search for `text` finds. */
async function found(text: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/svc/consulta?termo1=${encodeURIComponent(text)}`,
    headers: { authorization: `Bearer ${anonymous}` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { acervos: { titulo: string }[] }).acervos.map((a) => a.titulo);
}
const page = async (id: number) => (await t.app.inject({ method: 'GET', url: `/svc/acervo/${id}`, headers: { authorization: `Bearer ${patron}` } })).statusCode;
const oaiRecord = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:${id}`, headers: { host: HOST } })).body;
const lastAudit = async () =>
  (await queryRows<{ acao: string; alvo: string; autor: string }>(t.database.db, sql`select acao, alvo, autor from staff_audit order by id desc limit 1`))[0];

describe('uploading a MARC file', () => {
  it('imports it in the background, its copies read by the Koha map, and reports what it did', async () => {
    const xml = toMarcXml([
      kohaRecord('up-1', 'Manual de catalogação enviada', [
        { branch: 'BIB0', barcode: 'UP-0001', type: 'BK', call: '025.3 M294' },
        { branch: 'CPL', barcode: 'UP-0002', type: 'BK' },
      ]),
      kohaRecord('up-2', 'Segundo título enviado', [{ branch: 'BIB0', barcode: 'UP-0003', type: 'BK' }]),
      { leader: '00000nam a2200000 a 4500', fields: [{ tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: 'Sem número de controle' }] }] },
    ]);
    const started = await upload(xml, { arquivo: 'koha.xml', exemplares: 'koha', tipos: 'BK=1' });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ arquivo: 'koha.xml', estado: 'executando', total: Buffer.byteLength(xml) });
    await uploadSettled();

    const done = await call(t.app, calls.lastUpload, {}, lia);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ estado: 'concluida', bytes: Buffer.byteLength(xml), total: Buffer.byteLength(xml), lidos: 3 });
    expect(done.body.relatorio).toMatchObject({
      lidos: 3,
      novos: 2,
      atualizados: 0,
      iguais: 0,
      rejeitados: [{ registro: 3, motivo: 'record has no control number (001)' }],
      exemplares: { mapa: 'koha', novos: 2, nao_importados: 1, nao_mapeados: { biblioteca: { CPL: 1 } } },
    });
    expect(done.body.relatorio!.linhas.some((l) => l.includes("library 'CPL' is not mapped"))).toBe(true);
    expect(await lastAudit()).toMatchObject({ acao: 'catalog.import', alvo: expect.stringMatching(/^arquivo:/), autor: expect.stringMatching(/^pessoa:/) });
    expect(await found('catalogação enviada')).toEqual(['Manual de catalogação enviada']);

    // The same file again changes nothing.
    expect((await upload(xml, { arquivo: 'koha.xml', exemplares: 'koha', tipos: 'BK=1' })).status).toBe(202);
    await uploadSettled();
    expect((await call(t.app, calls.lastUpload, {}, lia)).body.relatorio).toMatchObject({
      novos: 0,
      atualizados: 0,
      iguais: 2,
      exemplares: { novos: 0, iguais: 2 },
    });
  });

  it('takes one import at a time, in any process (409), until a running one is seen to have stopped', async () => {
    await t.database.db.execute(sql`insert into catalog_uploads (arquivo, autor, total) values ('outro.mrc', 'pessoa:1', 10)`);
    const refused = await upload('<collection/>', { arquivo: 'segundo.xml' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('An import is already running (outro.mrc): wait for it to end before sending another file.');
    // Its process stopped (no progress for minutes): the slot is free again.
    await t.database.db.execute(sql`update catalog_uploads set atualizada_em = now() - interval '1 hour' where arquivo = 'outro.mrc'`);
    const next = await upload(toMarcXml([marcRecord({ id: 'up-3', title: 'Terceiro título enviado' })]), { arquivo: 'terceiro.xml' });
    expect(next.status).toBe(202);
    await uploadSettled();
    expect((await call(t.app, calls.lastUpload, {}, lia)).body).toMatchObject({ arquivo: 'terceiro.xml', estado: 'concluida', relatorio: { novos: 1 } });
    expect((await queryRows<{ estado: string }>(t.database.db, sql`select estado from catalog_uploads where arquivo = 'outro.mrc'`))[0]!.estado).toBe(
      'interrompida',
    );
  });

  it("streams a file past the server's JSON body limit, and refuses one past the upload limit, leaving it failed", async () => {
    // 2 MB of MARCXML with no record: past Fastify's 1 MB body limit, which a streamed upload does not meet.
    const big = `<collection xmlns="http://www.loc.gov/MARC21/slim">${' '.repeat(2_100_000)}</collection>`;
    const started = await upload(big, { arquivo: 'grande.xml' });
    expect(started.status).toBe(202);
    await uploadSettled();
    expect((await call(t.app, calls.lastUpload, {}, lia)).body).toMatchObject({
      arquivo: 'grande.xml',
      estado: 'concluida',
      total: big.length,
      relatorio: { lidos: 0 },
    });

    const tooLarge = startUpload(t.database.db, Readable.from([Buffer.alloc(64, 32), Buffer.alloc(64, 32)]), { arquivo: 'enorme.mrc' }, 'pessoa:1', {
      maxBytes: 100,
    });
    await expect(tooLarge).rejects.toMatchObject({ status: 400, key: 'ArquivoGrandeDemais' });
    expect((await call(t.app, calls.lastUpload, {}, lia)).body).toMatchObject({
      arquivo: 'enorme.mrc',
      estado: 'falhou',
      erro: 'O arquivo passa de 0 MB: importe-o com npm run import.',
    });
  });

  it('refuses a body that is not a file, an empty file, malformed mappings and a map to a library that does not exist (400), starting nothing', async () => {
    const before = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from catalog_uploads where estado = 'executando'`))[0]!.n;
    expect((await upload(JSON.stringify({ a: 1 }), { arquivo: 'x.json' }, lia, 'application/json')).status).toBe(400);
    expect((await upload('', { arquivo: 'vazio.mrc' })).status).toBe(400);
    expect((await upload('<collection/>', { arquivo: 'x.xml', exemplares: 'koha', bibliotecas: 'CPL' })).status).toBe(400);
    expect((await upload('<collection/>', { arquivo: 'x.xml', exemplares: 'outro' })).status).toBe(400);
    const unknown = await upload('<collection/>', { arquivo: 'x.xml', exemplares: 'koha', bibliotecas: 'CPL=999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('library code CPL is mapped to library 999999, which does not exist');
    expect((await upload('<collection/>', { arquivo: 'x.xml' }, patron)).status).toBe(403);
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from catalog_uploads where estado = 'executando'`))[0]!.n).toBe(before);
  });
});

describe("a title's copies", () => {
  let title = 0;
  let other = 0;

  beforeAll(async () => {
    ({ 'cp-1': title, 'cp-2': other } = (await createTitles(t.database.db, [
      { id: 'cp-1', title: 'Exemplares em catalogação', year: 2010 },
      { id: 'cp-2', title: 'Outro título de destino', year: 2011 },
    ])) as { 'cp-1': number; 'cp-2': number });
  });

  it('finds a title by number, control number or words', async () => {
    for (const termo of [String(title), 'cp-1', 'exemplares catalogação']) {
      const hits = await call(t.app, calls.findTitles, { query: { termo } }, lia);
      expect(hits.status).toBe(200);
      expect(hits.body[0]).toMatchObject({ cod_acervo: title, numero_controle: 'cp-1', titulo: 'Exemplares em catalogação', suprimido: false });
    }
    expect((await call(t.app, calls.findTitles, { query: { termo: '' } }, lia)).status).toBe(400);
    expect((await call(t.app, calls.title, { params: { acervo: 999999 } }, lia)).status).toBe(404);
  });

  it('twenty copies added at once under one barcode: one is made, nineteen refused with 409', async () => {
    const body = { tombo: 'CP-RACE', cod_biblioteca: central, cod_tipo_emprestimo: 1, localizacao: '025.3 R12' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(t.app, calls.addCopy, { params: { acervo: title }, body }, lia)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    const [made] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from copies where tombo = 'CP-RACE'`);
    expect(made!.n).toBe(1);
    await t.database.db.execute(sql`delete from copies where tombo = 'CP-RACE'`);
  });

  it('adds a copy (its barcode unique), edits it, moves it to another library and title, and patrons see it', async () => {
    const body = { tombo: 'CP-100', cod_biblioteca: central, cod_tipo_emprestimo: 1, localizacao: '025.3 E96', colecao: 'Acervo geral', volume: 'v.1' };
    const added = await call(t.app, calls.addCopy, { params: { acervo: title }, body }, lia);
    expect(added.status).toBe(201);
    expect(added.body.copias).toEqual([
      expect.objectContaining({
        tombo: 'CP-100',
        biblioteca: 'Biblioteca Central',
        tipo_emprestimo: 'Normal',
        localizacao: '025.3 E96',
        situacao: 'disponivel',
      }),
    ]);
    expect(await lastAudit()).toMatchObject({ acao: 'catalog.copy_add', alvo: 'exemplar:CP-100' });
    const copyId = added.body.copias[0]!.cod_exemplar;

    expect((await call(t.app, calls.addCopy, { params: { acervo: title }, body }, lia)).status).toBe(409);
    expect((await call(t.app, calls.addCopy, { params: { acervo: 999999 }, body: { ...body, tombo: 'CP-X' } }, lia)).status).toBe(404);
    expect((await call(t.app, calls.addCopy, { params: { acervo: title }, body: { ...body, tombo: 'CP-X', cod_biblioteca: 999999 } }, lia)).status).toBe(404);
    expect((await call(t.app, calls.addCopy, { params: { acervo: title }, body: { ...body, tombo: 'CP-X', cod_tipo_emprestimo: 99 } }, lia)).status).toBe(404);
    expect((await call(t.app, calls.addCopy, { params: { acervo: title }, body: { ...body, tombo: ' ', localizacao: '' } }, lia)).status).toBe(400);
    expect(
      (await call(t.app, calls.addCopy, { params: { acervo: title }, body: { ...body, tombo: 'CP-X', situacao: 'emprestado' as never } }, lia)).status,
    ).toBe(400);

    // The patron's copies tab shows it.
    const tab = await t.app.inject({ method: 'GET', url: `/svc/acervo/${title}/exemplares`, headers: { authorization: `Bearer ${patron}` } });
    expect((tab.json() as { exemplares: { tombo: string }[] }).exemplares.map((e) => e.tombo)).toEqual(['CP-100']);

    const moved = await call(
      t.app,
      calls.editCopy,
      { params: { id: copyId }, body: { ...body, cod_biblioteca: setorial, localizacao: '025.3 E96 ex.2', situacao: 'em_processamento' } },
      lia,
    );
    expect(moved.status).toBe(200);
    expect(moved.body.copias[0]).toMatchObject({
      biblioteca: 'Biblioteca Setorial',
      localizacao: '025.3 E96 ex.2',
      situacao: 'em_processamento',
      colecao: 'Acervo geral',
    });
    expect(await lastAudit()).toMatchObject({ acao: 'catalog.copy_edit', alvo: 'exemplar:CP-100' });

    const toOther = await call(t.app, calls.editCopy, { params: { id: copyId }, body: { ...body, cod_acervo: other } }, lia);
    expect(toOther.status).toBe(200);
    expect(toOther.body).toMatchObject({ cod_acervo: other, copias: [expect.objectContaining({ tombo: 'CP-100', situacao: 'em_processamento' })] });
    expect((await call(t.app, calls.title, { params: { acervo: title } }, lia)).body.copias).toEqual([]);

    expect((await call(t.app, calls.editCopy, { params: { id: 999999 }, body }, lia)).status).toBe(404);
    expect((await call(t.app, calls.editCopy, { params: { id: copyId }, body: { ...body, cod_acervo: 999999 } }, lia)).status).toBe(404);
    await createCopies(t.database.db, [{ codAcervo: other, codBiblioteca: central, tombo: 'CP-101' }]);
    expect((await call(t.app, calls.editCopy, { params: { id: copyId }, body: { ...body, tombo: 'CP-101' } }, lia)).status).toBe(409);
  });

  it('withdraws a copy without history, and refuses one on loan or with loans behind it', async () => {
    const [free, lent] = await createCopies(t.database.db, [
      { codAcervo: title, codBiblioteca: central, tombo: 'CP-200' },
      { codAcervo: title, codBiblioteca: central, tombo: 'CP-201' },
    ]);
    await createLoan(t.database.db, { tombo: 'CP-201', codPessoa: ana, dueInDays: 7 });

    const onLoan = await call(t.app, calls.withdrawCopy, { params: { id: lent!.codExemplar } }, lia, '5');
    expect(onLoan.status).toBe(409);
    expect(onLoan.body.message).toContain('Copy CP-201 is on loan');
    expect(
      (
        await call(
          t.app,
          calls.editCopy,
          { params: { id: lent!.codExemplar }, body: { tombo: 'CP-201', cod_biblioteca: setorial, cod_tipo_emprestimo: 1, localizacao: '000' } },
          lia,
        )
      ).status,
    ).toBe(409);
    // Returned, its loan stays in the history: deleting it would take the history with it.
    await t.database.db.execute(sql`update loans set data_devolucao = now() where cod_exemplar = ${lent!.codExemplar}`);
    await t.database.db.execute(sql`update copies set status = 'disponivel', data_devolucao_prevista = null where cod_exemplar = ${lent!.codExemplar}`);
    const history = await call(t.app, calls.withdrawCopy, { params: { id: lent!.codExemplar } }, lia, '5');
    expect(history.status).toBe(409);
    expect(history.body.message).toContain('Copy CP-201 has a history (loans');

    const gone = await call(t.app, calls.withdrawCopy, { params: { id: free!.codExemplar } }, lia);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ cod_exemplar: free!.codExemplar, tombo: 'CP-200', cod_acervo: title });
    expect(await lastAudit()).toMatchObject({ acao: 'catalog.copy_withdraw', alvo: 'exemplar:CP-200' });
    expect((await call(t.app, calls.withdrawCopy, { params: { id: free!.codExemplar } }, lia)).status).toBe(404);
    expect((await call(t.app, calls.title, { params: { acervo: title } }, lia)).body.copias.map((c) => c.tombo)).toEqual(['CP-201']);
  });
});

describe('suppressing and deleting a title', () => {
  it('hides a suppressed title from search, its page, OAI-PMH and the sitemap, and shows it again when restored', async () => {
    const { 'sp-1': id } = await createTitles(t.database.db, [{ id: 'sp-1', title: 'Relatório sigiloso de suprimento' }]);
    expect(await found('sigiloso suprimento')).toEqual(['Relatório sigiloso de suprimento']);
    expect(await page(id!)).toBe(200);

    const hidden = await call(t.app, calls.suppress, { params: { acervo: id! }, body: { suprimido: true } }, lia);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ cod_acervo: id, suprimido: true });
    expect(await lastAudit()).toMatchObject({ acao: 'catalog.title_suppress', alvo: `acervo:${id}` });
    expect(await found('sigiloso suprimento')).toEqual([]);
    expect(await page(id!)).toBe(404);
    expect(await oaiRecord(id!)).toMatch(/<header status="deleted">/);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: HOST } });
    expect(sitemap.body).not.toContain(`/acervo/${id}<`);
    // The staff still find it, marked.
    expect((await call(t.app, calls.findTitles, { query: { termo: 'sp-1' } }, lia)).body).toEqual([
      expect.objectContaining({ cod_acervo: id, suprimido: true }),
    ]);

    expect((await call(t.app, calls.suppress, { params: { acervo: id! }, body: { suprimido: false } }, lia)).body.suprimido).toBe(false);
    expect(await found('sigiloso suprimento')).toEqual(['Relatório sigiloso de suprimento']);
    expect(await page(id!)).toBe(200);
    expect(await oaiRecord(id!)).not.toMatch(/status="deleted"/);
    expect((await call(t.app, calls.suppress, { params: { acervo: 999999 }, body: { suprimido: true } }, lia)).status).toBe(404);
    expect((await call(t.app, calls.suppress, { params: { acervo: id! }, body: { suprimido: 'sim' as never } }, lia)).status).toBe(400);
  });

  it('deletes a title with its copies, refused while a copy is on loan', async () => {
    const { 'dl-1': kept, 'dl-2': doomed } = await createTitles(t.database.db, [
      { id: 'dl-1', title: 'Título com exemplar emprestado' },
      { id: 'dl-2', title: 'Título a apagar' },
    ]);
    await createCopies(t.database.db, [
      { codAcervo: kept!, codBiblioteca: central, tombo: 'DL-1' },
      { codAcervo: doomed!, codBiblioteca: central, tombo: 'DL-2' },
    ]);
    await createLoan(t.database.db, { tombo: 'DL-1', codPessoa: ana, dueInDays: 7 });
    const refused = await call(t.app, calls.deleteTitle, { params: { acervo: kept! } }, lia, '5');
    expect(refused.status).toBe(409);
    expect(refused.body.key).toBe('TituloComExemplarCirculando');
    expect(refused.body.message).toContain('on loan, on the hold shelf or in transit): DL-1.');
    const inPortuguese = await call(t.app, calls.deleteTitle, { params: { acervo: kept! } }, lia);
    expect(inPortuguese.body.message).toBe(
      `O título ${kept} não foi apagado: a circulação está com exemplares dele (emprestados, na estante de reservas ou em trânsito): DL-1.`,
    );
    expect(await page(kept!)).toBe(200);

    const deleted = await call(t.app, calls.deleteTitle, { params: { acervo: doomed! } }, lia);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ cod_acervo: doomed, numero_controle: 'dl-2', exemplares_apagados: 1 });
    expect(await lastAudit()).toMatchObject({ acao: 'catalog.title_delete', alvo: `acervo:${doomed}` });
    expect(await page(doomed!)).toBe(404);
    expect(await oaiRecord(doomed!)).toMatch(/<header status="deleted">/);
    expect((await call(t.app, calls.deleteTitle, { params: { acervo: doomed! } }, lia)).status).toBe(404);
  });
});
