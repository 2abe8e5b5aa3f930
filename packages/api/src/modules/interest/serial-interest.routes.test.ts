import { alertsEndpoints, interestEndpoints } from '@estante/contracts/interest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createLibraries, createPatron, createTitles } from '../../../test/factories.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { queryRows } from '../../db/client.js';
import { issueArticles, serialIssues } from '../../db/schema/index.js';
import { createMailer } from '../../lib/mail.js';
import { runAdminCommand } from '../../admin/commands.js';
import { matchAndNotify } from './interest.service.js';

/**
 * Serials in the interest profile (issue 18, spec §7 "periodicos"): Ana follows the Revista
 * Brasileira de Educação — its new issues at the Central, and each issue's contents — with
 * immediate e-mails; Bruno follows its articles. Receiving an issue and indexing its articles
 * become alerts for whom they concern, once.
 */
let t: TestApp;
let mail: TestMailSink;
const token: Record<string, string> = {};
let ids: Record<string, number> = {};
let central = 0;
let setorial = 0;

beforeAll(async () => {
  mail = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: mail.url });
  const db = t.database.db;
  [central, setorial] = (await createLibraries(db, ['Biblioteca Central', 'Biblioteca Setorial'])).map((l) => l.codBiblioteca) as [number, number];
  ids = await createTitles(db, [
    { id: 'rbe', title: 'Revista Brasileira de Educação', kind: 'as', year: 1995, issn: '1413-2478' },
    { id: 'rev', title: 'Revista de Saúde Pública', kind: 'as', year: 1967 },
    { id: 'livro', title: 'Revista que é um livro', year: 2001 },
  ]);
  await db.insert(serialIssues).values([
    { codAcervo: ids.rbe!, codBiblioteca: central, ano: 2025, mes: 9, volume: '30', numero: '3', dataChegada: '2025-10-02' },
    { codAcervo: ids.rev!, codBiblioteca: setorial, ano: 2025, mes: 9, volume: '59', numero: '1', dataChegada: '2025-10-02' },
  ]);
  for (const login of ['ana', 'bruno']) {
    await createPatron(db, { login, nome: `${login} Teste`, password: `senha-${login}`, email: `${login}@example.org` });
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  // What arrived before anyone followed anything is not news.
  await matchAndNotify(db, mailer());
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A patron's token. */
const as = (login: string) => token[login]!;
function mailer() {
  return createMailer(mail.url, 'Biblioteca <biblioteca@example.org>');
}
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
const count = async (table: string) => (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('serials in the interest profile', () => {
  it('finds serials by words of their title, at the libraries given; never a book', async () => {
    const all = await call(t.app, interestEndpoints.serialLookup, { query: { termoPesquisa: 'REVISTA' } }, as('ana'));
    expect(all.body.map((s) => s.descricao).sort()).toEqual(['Revista Brasileira de Educação', 'Revista de Saúde Pública']);
    const atCentral = await call(t.app, interestEndpoints.serialLookup, { query: { termoPesquisa: 'revista', bibliotecas: String(central) } }, as('ana'));
    expect(atCentral.body).toEqual([
      { codigo: ids.rbe, descricao: 'Revista Brasileira de Educação', issn: '1413-2478', fasciculos: 1, bibliotecas: ['Biblioteca Central'] },
    ]);
    expect((await call(t.app, interestEndpoints.serialLookup, { query: { termoPesquisa: 're' } }, as('ana'))).status).toBe(400);
    expect((await call(t.app, interestEndpoints.serialLookup, { query: { termoPesquisa: 'revista', bibliotecas: '1;2' } }, as('ana'))).status).toBe(400);
    expect((await call(t.app, interestEndpoints.serialLookup, { query: { termoPesquisa: 'revista', bibliotecas: '99999' } }, as('ana'))).status).toBe(422);
  });

  it('follows serials (new issues by default), changes what each tells of; refuses what is not a serial, changing nothing', async () => {
    const before = await count('interest_entries');
    expect((await call(t.app, interestEndpoints.addSerials, { body: { validade: inAYear(), itens: [ids.livro!] } }, as('ana'))).status).toBe(422);
    expect((await call(t.app, interestEndpoints.addSerials, { body: { validade: '2001-01-01', itens: [ids.rbe!] } }, as('ana'))).status).toBe(422);
    expect((await call(t.app, interestEndpoints.addSerials, { body: { validade: inAYear(), itens: [] } }, as('ana'))).status).toBe(400);
    expect((await call(t.app, interestEndpoints.addSerials, { body: { validade: inAYear(), itens: [2 ** 31] } }, as('ana'))).status).toBe(400);
    expect(await count('interest_entries')).toBe(before);

    const added = await call(t.app, interestEndpoints.addSerials, { body: { validade: inAYear(), itens: [ids.rbe!] } }, as('ana'));
    expect(added.body).toEqual([
      expect.objectContaining({ tipo: 'periodico', descricao: 'Revista Brasileira de Educação', fasciculo: true, artigo: false, sumario: false }),
    ]);
    const codigo = added.body[0]!.codigo;
    const changed = await call(t.app, interestEndpoints.changeSerial, { body: { codigo, sumario: true, bibliotecas: [central] } }, as('ana'));
    expect(changed.body).toMatchObject({ fasciculo: true, artigo: false, sumario: true, bibliotecas: [central] });
    expect((await call(t.app, interestEndpoints.changeSerial, { body: { codigo, bibliotecas: [99999] } }, as('ana'))).status).toBe(422);
    expect((await call(t.app, interestEndpoints.frequency, { body: { frequencia: 'imediata' } }, as('ana'))).status).toBe(200);

    const bruno = await call(t.app, interestEndpoints.addSerials, { body: { validade: inAYear(), itens: [ids.rbe!, ids.rev!] } }, as('bruno'));
    for (const entry of bruno.body)
      await call(t.app, interestEndpoints.changeSerial, { body: { codigo: entry.codigo, fasciculo: false, artigo: true } }, as('bruno'));
    // Neither sees nor changes the other's.
    const brunos = bruno.body[0]!.codigo;
    expect((await call(t.app, interestEndpoints.changeSerial, { body: { codigo: brunos, artigo: false } }, as('ana'))).status).toBe(404);
    expect((await call(t.app, interestEndpoints.removeSerial, { query: { codigo: brunos } }, as('ana'))).status).toBe(404);
    expect((await call(t.app, interestEndpoints.serials, {}, as('ana'))).body.map((e) => e.codigo)).toEqual([codigo]);
    // A serial entry is not an area, nor a work type.
    expect((await call(t.app, interestEndpoints.removeWorkType, { query: { codigo } }, as('ana'))).status).toBe(404);
  });

  it('tells of a new issue received, each indexed article and the contents, once, to whom it concerns', async () => {
    const db = t.database.db;
    const before = (await mail.messages()).length;
    // An issue expected (not received) is not news; its arrival is.
    const [issue] = await db
      .insert(serialIssues)
      .values({ codAcervo: ids.rbe!, codBiblioteca: central, ano: 2026, mes: 1, volume: '31', numero: '1' })
      .returning();
    // An issue at the Setorial: Ana follows the Central only.
    await db
      .insert(serialIssues)
      .values({ codAcervo: ids.rbe!, codBiblioteca: setorial, ano: 2026, mes: 1, volume: '31', numero: '1', dataChegada: '2026-02-01' });
    expect(await matchAndNotify(db, mailer())).toBe('0 alert(s) for 0 patron(s); 0 digest(s) sent');
    await db.execute(sql`update serial_issues set data_chegada = current_date where cod_fasciculo = ${issue!.codFasciculo}`);
    await db.insert(issueArticles).values([
      { codFasciculo: issue!.codFasciculo, seq: 1, titulo: 'Leitura na universidade', autores: 'Souza, J.' },
      { codFasciculo: issue!.codFasciculo, seq: 2, titulo: 'Escrita acadêmica' },
    ]);
    // Ana: the issue and its contents (one alert each); Bruno: the two articles.
    expect(await matchAndNotify(db, mailer())).toBe('4 alert(s) for 2 patron(s); 1 digest(s) sent');
    expect(await matchAndNotify(db, mailer())).toBe('0 alert(s) for 0 patron(s); 0 digest(s) sent');

    const ana = (await call(t.app, alertsEndpoints.list, { query: {} }, as('ana'))).body.itens;
    expect(ana.map((a) => [a.tipo, a.titulo, a.detalhe]).sort()).toEqual([
      ['fasciculo', 'Revista Brasileira de Educação', 'v. 31, n. 1, 01/2026'],
      ['sumario', 'Revista Brasileira de Educação', 'v. 31, n. 1, 01/2026'],
    ]);
    const bruno = (await call(t.app, alertsEndpoints.list, { query: {} }, as('bruno'))).body.itens;
    expect(bruno.map((a) => a.detalhe).sort()).toEqual(['Escrita acadêmica (v. 31, n. 1, 01/2026)', 'Leitura na universidade (v. 31, n. 1, 01/2026)']);
    expect(bruno.every((a) => a.tipo === 'artigo')).toBe(true);

    // Ana's e-mail lists the issue and its contents.
    const sent = (await mail.messages()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('- Revista Brasileira de Educação: chegou o fascículo v. 31, n. 1, 01/2026');
    expect(sent[0]!.text).toContain(
      '- Revista Brasileira de Educação: sumário do fascículo v. 31, n. 1, 01/2026\n    · Leitura na universidade\n    · Escrita acadêmica',
    );
  });

  it('the serials desk (npm run serials) receives an expected issue and indexes an article: the followers are told', async () => {
    const db = t.database.db;
    await db.insert(serialIssues).values({ codAcervo: ids.rbe!, codBiblioteca: central, ano: 2026, mes: 3, volume: '31', numero: '2' });
    const staff = (...args: string[]) => runAdminCommand(db, { command: `serials.${args[0]}`, args: args.slice(1) });
    const received = await staff('receive', String(ids.rbe), String(central), '2026', '3', '31', '2');
    expect(received).toMatch(/^issue \d+ received today$/);
    const issue = received.split(' ')[1]!;
    await expect(staff('receive', String(ids.rbe), String(central), '2026', '3', '31', '2')).rejects.toThrow('O fascículo de 03/2026 já foi recebido.');
    await expect(staff('receive', String(ids.rbe), '99999', '2026', '3')).rejects.toThrow('Biblioteca 99999 não encontrada.');
    await expect(staff('receive', 'x', String(central), '2026', '13')).rejects.toThrow(/are needed/);
    expect(await staff('article', issue, 'Alfabetização e letramento', 'Soares, M.', '5-20')).toBe(`article 1 of issue ${issue} indexed`);
    await expect(staff('article', '99999', 'Nada')).rejects.toThrow('Não há fascículo 99999.');
    expect(await matchAndNotify(db, mailer())).toBe('3 alert(s) for 2 patron(s); 1 digest(s) sent');
    const bruno = (await call(t.app, alertsEndpoints.list, { query: {} }, as('bruno'))).body.itens;
    expect(bruno[0]).toMatchObject({ tipo: 'artigo', detalhe: 'Alfabetização e letramento (v. 31, n. 2, 03/2026)' });
  });

  it('an issue or article the Kardex loses takes its alerts with it', async () => {
    const db = t.database.db;
    const before = (await call(t.app, alertsEndpoints.list, { query: {} }, as('bruno'))).body.itens;
    const article = before.find((a) => a.detalhe?.startsWith('Escrita acadêmica'))!;
    await db.execute(sql`delete from issue_articles where titulo = 'Escrita acadêmica'`);
    const after = (await call(t.app, alertsEndpoints.list, { query: {} }, as('bruno'))).body.itens;
    expect(after.map((a) => a.id)).toEqual(before.filter((a) => a.id !== article.id).map((a) => a.id));
    await db.execute(sql`delete from serial_issues where ano = 2026 and mes = 1 and cod_biblioteca = ${central}`);
    const ana = (await call(t.app, alertsEndpoints.list, { query: {} }, as('ana'))).body.itens;
    expect(ana.filter((a) => a.detalhe?.includes('01/2026'))).toEqual([]);
  });

  it('a serial past its validity tells of nothing; removed, it is gone', async () => {
    const db = t.database.db;
    await db.execute(sql`update interest_entries set validade = current_date - 1 where tipo = 'periodico'`);
    const [issue] = await db
      .insert(serialIssues)
      .values({ codAcervo: ids.rbe!, codBiblioteca: central, ano: 2026, mes: 5, volume: '31', numero: '2', dataChegada: '2026-06-01' })
      .returning();
    await db.insert(issueArticles).values({ codFasciculo: issue!.codFasciculo, seq: 1, titulo: 'Avaliação formativa' });
    expect(await matchAndNotify(db, mailer())).toBe('0 alert(s) for 0 patron(s); 0 digest(s) sent');
    const [entry] = (await call(t.app, interestEndpoints.serials, {}, as('ana'))).body;
    expect(entry).toMatchObject({ expirada: true });
    expect((await call(t.app, interestEndpoints.removeSerial, { query: { codigo: entry!.codigo } }, as('ana'))).status).toBe(200);
    expect((await call(t.app, interestEndpoints.serials, {}, as('ana'))).body).toEqual([]);
  });
});
