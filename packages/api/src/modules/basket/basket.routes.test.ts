import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-bibtex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Colecao } from '@estante/contracts/basket';
import { createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createPatron } from '../../../test/factories.js';
import { MAIL_LIMITS } from './basket.service.js';
import { startTestMailSink } from '../../../test/mail.js';
import { CITATION_RECORDS, items } from '../../../test/records.js';
import { permanentBasket, titles } from '../../db/schema/index.js';
import { readIso2709 } from '../../marc/iso2709.js';
import { importMarcRecords } from '../catalog/catalog.import.js';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startTestMailSink>>;
let anonymous: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  sink = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Biblioteca UEVS <biblioteca@uevs.example>' });
  await createInstitution(t.database.db, { sigla: 'UEVS' });
  await importMarcRecords(t.database.db, items(Object.values(CITATION_RECORDS)));
  for (const row of await t.database.db.select({ id: titles.codAcervo, c: titles.controlNumber }).from(titles)) id[row.c] = row.id;
  await createPatron(t.database.db, { login: 'ana', nome: 'Ana Souza', password: 'senha-da-ana' });
  anonymous = await publicToken(t.app);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const three = () => [id['ref-book']!, id['ref-two']!, id['ref-article']!];
const exportBasket = (payload: unknown, token = anonymous, language = '1') =>
  t.app.inject({
    method: 'POST',
    url: '/svc/acervo/exportar-cesta',
    headers: { authorization: `Bearer ${token}`, 'x-idioma': language },
    payload: payload as object,
  });

describe('POST /acervo/exportar-cesta: files', () => {
  it.each([
    ['abnt', 'text/plain; charset=utf-8', 'referencias-abnt.txt'],
    ['apa', 'text/plain; charset=utf-8', 'referencias-apa.txt'],
    ['vancouver', 'text/plain; charset=utf-8', 'referencias-vancouver.txt'],
    ['ris', 'application/x-research-info-systems; charset=utf-8', 'cesta.ris'],
    ['bibtex', 'application/x-bibtex; charset=utf-8', 'cesta.bib'],
    ['marc', 'application/marc', 'cesta.mrc'],
    ['marcxml', 'application/marcxml+xml; charset=utf-8', 'cesta.xml'],
    ['csv', 'text/csv; charset=utf-8; header=present', 'cesta.csv'],
  ])('%s downloads as %s named %s', async (dados, type, filename) => {
    const response = await exportBasket({ tipo: 'arquivo', dados, acervos: three() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(response.rawPayload.length).toBeGreaterThan(100);
  });

  it('names the file in the reader’s language (issue 55)', async () => {
    const named = async (dados: string, language: string) =>
      (await exportBasket({ tipo: 'arquivo', dados, acervos: three() }, anonymous, language)).headers['content-disposition'];
    expect(await named('ris', '5')).toBe('attachment; filename="basket.ris"');
    expect(await named('apa', '5')).toBe('attachment; filename="references-apa.txt"');
    expect(await named('csv', '3')).toBe('attachment; filename="cesta.csv"');
  });

  it('ABNT references come one a line, in alphabetical order as a reference list is', async () => {
    const text = (await exportBasket({ tipo: 'arquivo', dados: 'abnt', acervos: [id['ref-two'], id['ref-book']] })).payload;
    expect(text.trim().split(/\r?\n/)).toEqual([
      'FREIRE, Paulo. Pedagogia do oprimido. 17. ed. Rio de Janeiro: Paz e Terra, 1987.',
      'MARCONI, Marina de Andrade; LAKATOS, Eva Maria. Metodologia do trabalho científico: procedimentos básicos, pesquisa bibliográfica, projeto e relatório. 7. ed. São Paulo: Atlas, 2007.',
    ]);
  });

  it('ISO 2709 passes yaz-marcdump (Debian yaz) without errors, with one record per title', async () => {
    const ids = Object.values(id);
    const response = await exportBasket({ tipo: 'arquivo', dados: 'marc', acervos: ids });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'estante-marc-')), 'cesta.mrc');
    writeFileSync(file, response.rawPayload);
    // -n: check only (no output but the problems); a bad directory, length or terminator prints them.
    const check = execFileSync('yaz-marcdump', ['-n', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(check.trim()).toBe('');
    const lines = execFileSync('yaz-marcdump', ['-o', 'line', file], { encoding: 'utf8' });
    expect(lines.split('\n').filter((l) => /^\d{5}/.test(l))).toHaveLength(ids.length);
    const readBack = [...readIso2709(response.rawPayload)];
    expect(readBack.every((r) => r.kind === 'record')).toBe(true);
    expect(readBack).toHaveLength(ids.length);
  });

  it('RIS and BibTeX parse back with citation.js to the same titles and authors', async () => {
    const expected = [
      { title: 'Pedagogia do oprimido', authors: ['Freire'] },
      { title: 'Metodologia do trabalho científico: procedimentos básicos, pesquisa bibliográfica, projeto e relatório', authors: ['Marconi', 'Lakatos'] },
      { title: 'Leitura e escrita na universidade', authors: ['Souza'] },
    ];
    for (const dados of ['ris', 'bibtex']) {
      const text = (await exportBasket({ tipo: 'arquivo', dados, acervos: three() })).payload;
      const parsed = new Cite(text).format('data', { format: 'object' }) as unknown as { title: string; author?: { family?: string }[] }[];
      expect(
        parsed.map((p) => ({ title: p.title, authors: (p.author ?? []).map((a) => a.family) })),
        dados,
      ).toEqual(expected);
    }
  });

  it('CSV has a header and one quoted row per title', async () => {
    const text = (await exportBasket({ tipo: 'arquivo', dados: 'csv', acervos: [id['ref-book']] })).payload;
    const [header, row, end] = text.split('\r\n');
    expect(header).toBe('"cod_acervo","titulo","autor","edicao","local","editora","ano","tipo","isbn","issn","assuntos","numero_chamada"');
    expect(row).toBe(
      `"${id['ref-book']}","Pedagogia do oprimido","Freire, Paulo, 1921-1997","17. ed","Rio de Janeiro","Paz e Terra","1987","Livro","9788577531646","","Educação",""`,
    );
    expect(end).toBe('');
  });

  it('gives the references as text and HTML to copy', async () => {
    const response = await exportBasket({ tipo: 'texto', dados: 'abnt', acervos: [id['ref-book']] });
    expect(response.json()).toEqual({
      texto: 'FREIRE, Paulo. Pedagogia do oprimido. 17. ed. Rio de Janeiro: Paz e Terra, 1987.',
      html: expect.stringContaining('<b>Pedagogia do oprimido</b>'),
    });
  });
});

describe('POST /acervo/exportar-cesta: e-mail', () => {
  it('sends the references in the body and the chosen format attached, over SMTP, to every address', async () => {
    const response = await exportBasket({
      tipo: 'email',
      dados: 'ris',
      acervos: three(),
      opcoesEmail: { emails: 'ana@example.org; Bruno.Lima@Example.org ', mensagem: 'Para o trabalho de metodologia.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enviado: true, destinatarios: 2, titulos: 3 });
    const [message] = await sink.messages();
    expect(message!.to).toMatchObject({ value: [{ address: 'ana@example.org' }, { address: 'Bruno.Lima@example.org' }] });
    expect(message!.from?.text).toBe('"Biblioteca UEVS" <biblioteca@uevs.example>');
    expect(message!.subject).toBe('Referências da sua cesta — UEVS');
    expect(message!.text).toContain('Para o trabalho de metodologia.');
    expect(message!.text).toContain('FREIRE, Paulo. Pedagogia do oprimido. 17. ed. Rio de Janeiro: Paz e Terra, 1987.');
    expect(message!.attachments.map((a) => [a.filename, a.contentType])).toEqual([['cesta.ris', 'application/x-research-info-systems']]);
    expect(message!.attachments[0]!.content.toString('utf8')).toContain('TI  - Pedagogia do oprimido');
  });

  it('refuses bad addresses, too many addresses or titles, and a missing address list, sending nothing', async () => {
    const before = (await sink.messages()).length;
    for (const opcoesEmail of [
      { emails: 'ana@' },
      { emails: 'ana@example.org, bruno@example.org' },
      { emails: ' ; ' },
      { emails: Array.from({ length: 6 }, (_, i) => `p${i}@example.org`).join(';') },
    ]) {
      const response = await exportBasket({ tipo: 'email', dados: 'abnt', acervos: three(), opcoesEmail });
      expect(response.statusCode, opcoesEmail.emails).toBe(400);
    }
    expect((await exportBasket({ tipo: 'email', dados: 'abnt', acervos: three() })).statusCode).toBe(400);
    expect(
      (
        await exportBasket({ tipo: 'email', dados: 'abnt', acervos: Array.from({ length: 51 }, (_, i) => i + 1), opcoesEmail: { emails: 'a@example.org' } })
      ).json(),
    ).toMatchObject({
      status: 400,
      message: expect.stringContaining('at most 50 titles per e-mail'),
    });
    expect((await sink.messages()).length).toBe(before);
  });

  it('sends one address at most MAIL_LIMITS.perRecipient basket e-mails an hour, then 429 without sending', async () => {
    const address = `limite-${Date.now()}@example.org`;
    const send = () => exportBasket({ tipo: 'email', dados: 'abnt', acervos: [id['ref-book']!], opcoesEmail: { emails: address } });
    for (let i = 0; i < MAIL_LIMITS.perRecipient; i++) expect((await send()).statusCode).toBe(200);
    const sent = (await sink.messages()).length;
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().key).toBe('TentativasExcedidas');
    expect((await sink.messages()).length).toBe(sent);
    // Another address is not affected by that one's limit.
    expect(
      (await exportBasket({ tipo: 'email', dados: 'abnt', acervos: [id['ref-book']!], opcoesEmail: { emails: `outro-${Date.now()}@example.org` } })).statusCode,
    ).toBe(200);
  });

  it('answers 502 with the library e-mail error when the mail server cannot be reached', async () => {
    const offline = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      await importMarcRecords(offline.database.db, items([CITATION_RECORDS.book]));
      const token = await publicToken(offline.app);
      const response = await offline.app.inject({
        method: 'POST',
        url: '/svc/acervo/exportar-cesta',
        headers: { authorization: `Bearer ${token}` },
        payload: { tipo: 'email', dados: 'abnt', acervos: [1], opcoesEmail: { emails: 'ana@example.org' } },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ key: 'ErroEnvioEmail' });
    } finally {
      await offline.close();
    }
  });
});

describe('POST /acervo/exportar-cesta: bad input', () => {
  it('answers 404 for an unknown title and 400 for an empty, repeated, oversized or malformed selection', async () => {
    const unknown = await exportBasket({ tipo: 'arquivo', dados: 'ris', acervos: [id['ref-book'], 987654] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ key: 'AcervoNaoEncontrado', message: 'Título 987654 não encontrado no acervo.' });
    for (const payload of [
      { tipo: 'arquivo', dados: 'ris', acervos: [] },
      { tipo: 'arquivo', dados: 'ris', acervos: [id['ref-book'], id['ref-book']] },
      { tipo: 'arquivo', dados: 'ris', acervos: Array.from({ length: 101 }, (_, i) => i + 1) },
      { tipo: 'arquivo', dados: 'docx', acervos: [1] },
      { tipo: 'fax', dados: 'ris', acervos: [1] },
      { tipo: 'arquivo', dados: 'ris', acervos: ['1'] },
    ]) {
      expect((await exportBasket(payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
  });
});

describe('the permanent basket', () => {
  it('keeps titles for a signed-in patron across sign-ins, once each, and refuses visitors', async () => {
    const ana = await patronToken(t.app, 'ana', 'senha-da-ana');
    const keep = (token: string, acervos: unknown) =>
      t.app.inject({ method: 'POST', url: '/svc/acervo/cesta-permanente', headers: { authorization: `Bearer ${token}` }, payload: { acervos } });
    expect((await keep(anonymous, three())).statusCode).toBe(403);
    expect((await keep(ana, three())).json()).toEqual({ adicionados: 3, total: 3 });
    expect((await keep(ana, [id['ref-book'], id['ref-thesis']])).json()).toEqual({ adicionados: 1, total: 4 });
    expect((await keep(ana, [id['ref-book'], 987654])).statusCode).toBe(404);
    expect((await keep(ana, [])).statusCode).toBe(400);

    const again = await patronToken(t.app, 'ana', 'senha-da-ana');
    const list = await t.app.inject({ method: 'GET', url: '/svc/api/acervo/cesta-permanente/colecao', headers: { authorization: `Bearer ${again}` } });
    expect(
      list
        .json<Colecao>()
        .itens.map((i) => i.titulo)
        .sort(),
    ).toEqual(
      [
        'Formação de professores e tecnologias digitais',
        'Leitura e escrita na universidade',
        'Metodologia do trabalho científico : procedimentos básicos, pesquisa bibliográfica, projeto e relatório',
        'Pedagogia do oprimido',
      ].sort(),
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: '/svc/api/acervo/cesta-permanente',
      headers: { authorization: `Bearer ${again}` },
      payload: { acervo: id['ref-online'] },
    });
    expect(put.json()).toEqual({ adicionados: 1, total: 5 });
    const remove = (target: number | string) =>
      t.app.inject({ method: 'DELETE', url: `/svc/api/acervo/cesta-permanente/${target}`, headers: { authorization: `Bearer ${again}` } });
    expect((await remove(id['ref-online']!)).statusCode).toBe(204);
    expect((await remove(id['ref-online']!)).statusCode).toBe(404);
    expect((await remove('x')).statusCode).toBe(400);
    expect((await t.database.db.select().from(permanentBasket)).length).toBe(4);
  });

  it('lists what was added in a period and refuses a period without both dates', async () => {
    const ana = await patronToken(t.app, 'ana', 'senha-da-ana');
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `/svc/api/acervo/cesta-permanente/colecao?${query}`, headers: { authorization: `Bearer ${ana}` } });
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`tipoBusca=periodo&dataIni=${today}&dataFim=${today}`)).json<Colecao>().total).toBe(4);
    expect((await list('tipoBusca=periodo&dataIni=2000-01-01&dataFim=2000-12-31')).json<Colecao>().total).toBe(0);
    expect((await list('tipoBusca=periodo&dataIni=2000-01-01')).statusCode).toBe(400);
    expect((await list('tipoBusca=periodo&dataIni=2001-01-01&dataFim=2000-01-01')).statusCode).toBe(400);
  });
});

describe('GET /consulta/titulos-adicionais', () => {
  it('gives result lines in the order asked, leaving unknown numbers out', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/svc/consulta/titulos-adicionais?acervos=${id['ref-two']},987654,${id['ref-book']}`,
      headers: { authorization: `Bearer ${anonymous}` },
    });
    expect(response.json<{ titulo: string }[]>().map((r) => r.titulo)).toEqual([
      'Metodologia do trabalho científico : procedimentos básicos, pesquisa bibliográfica, projeto e relatório',
      'Pedagogia do oprimido',
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/svc/consulta/titulos-adicionais?acervos=a', headers: { authorization: `Bearer ${anonymous}` } })).statusCode,
    ).toBe(400);
  });
});

describe('a long export is formatted off the event loop', () => {
  it('answers a health check sent during a 50-title APA export before the export is done', async () => {
    const many = Array.from({ length: 100 }, (_, i) => ({
      ...CITATION_RECORDS.book,
      fields: CITATION_RECORDS.book.fields.map((f) => (f.tag === '001' ? { ...f, value: `longa-${i}` } : f)),
    }));
    await importMarcRecords(t.database.db, items(many));
    const ids = (await t.database.db.select({ id: titles.codAcervo, c: titles.controlNumber }).from(titles))
      .filter((r) => r.c.startsWith('longa-'))
      .map((r) => r.id);
    expect(ids).toHaveLength(100);
    const order: string[] = [];
    const exported = exportBasket({ tipo: 'arquivo', dados: 'apa', acervos: ids.slice(0, 50) }).then((r) => {
      order.push('export');
      return r;
    });
    // Let the export reach its formatting, then ask for /health.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    order.push('health');
    expect(health.statusCode).toBe(200);
    expect((await exported).statusCode).toBe(200);
    expect(order).toEqual(['health', 'export']);
  });
});
