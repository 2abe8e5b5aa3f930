import { alertsEndpoints, interestEndpoints, MAX_INTEREST_ENTRIES } from '@estante/contracts/interest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createCopies, createLibraries, createPatron, createTitles } from '../../../test/factories.js';
import { createInterestEntries } from '../../../test/factories/interest.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { type Database, openDatabase, queryRows } from '../../db/client.js';
import { createMailer } from '../../lib/mail.js';
import { matchAndNotify, sendDigests } from './interest.service.js';

/**
 * The interest profile (issue 18): Ana follows the subject "Educação" and books, with immediate
 * digests; Bruno follows an author, weekly. New titles become alerts for whom they match, once,
 * and Ana's arrive by e-mail at once. Nobody sees or changes another patron's profile or alerts.
 */
let t: TestApp;
let mail: TestMailSink;
const token: Record<string, string> = {};
let central = 0;

beforeAll(async () => {
  mail = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: mail.url });
  const db = t.database.db;
  central = (await createLibraries(db, ['Biblioteca Central']))[0]!.codBiblioteca;
  await createTitles(db, [
    { id: 'e1', title: 'Pedagogia do oprimido', author: 'Freire, Paulo', subjects: ['Educação -- Brasil'], year: 1970 },
    { id: 'e2', title: 'Vigiar e punir', author: 'Foucault, Michel', subjects: ['Prisões'], year: 1975, kind: 'gm' },
  ]);
  for (const login of ['ana', 'bruno']) {
    await createPatron(db, { login, nome: `${login[0]!.toUpperCase()}${login.slice(1)} Teste`, password: `senha-${login}`, email: `${login}@example.org` });
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  // What was catalogued before the profiles is not news.
  await matchAndNotify(db, createMailer(mail.url, 'biblioteca@example.org'));
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A patron's token. */
const as = (login: string) => token[login]!;
const mailer = () => createMailer(mail.url, 'Biblioteca <biblioteca@example.org>');
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
const count = async (table: string) => (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('the interest profile', () => {
  it('finds subjects and authors as catalogued, each word at least 3 characters, without case or accents', async () => {
    const subjects = await call(t.app, interestEndpoints.lookup, { query: { tipoPesquisa: 'assunto', termoPesquisa: 'EDUCACAO' } }, as('ana'));
    expect(subjects.body).toEqual([{ codigo: 'Educação', descricao: 'Educação', titulos: 1 }]);
    const authors = await call(t.app, interestEndpoints.lookup, { query: { tipoPesquisa: 'autor', termoPesquisa: 'fou mic' } }, as('ana'));
    expect(authors.body.map((a) => a.codigo)).toEqual(['Foucault, Michel']);
    const short = await call(t.app, interestEndpoints.lookup, { query: { tipoPesquisa: 'autor', termoPesquisa: 'fo' } }, as('ana'));
    expect(short.status).toBe(400);
  });

  it('keeps what the patron follows, with its validity; refuses what does not exist or a past date, changing nothing', async () => {
    const before = await count('interest_entries');
    expect(
      (await call(t.app, interestEndpoints.addAreas, { body: { tipoDSI: 'assunto', validade: '2001-01-01', itens: ['Educação'] } }, as('ana'))).status,
    ).toBe(422);
    expect((await call(t.app, interestEndpoints.addWorkTypes, { body: { validade: inAYear(), itens: [1, 9999] } }, as('ana'))).status).toBe(422);
    expect((await call(t.app, interestEndpoints.addAreas, { body: { tipoDSI: 'area', validade: inAYear(), itens: ['no such area'] } }, as('ana'))).status).toBe(
      422,
    );
    expect(
      (await call(t.app, interestEndpoints.addAreas, { body: { tipoDSI: 'assunto', validade: inAYear(), itens: ['x'.repeat(1_000_000)] } }, as('ana'))).status,
    ).toBe(400);
    expect((await call(t.app, interestEndpoints.addAreas, { body: { tipoDSI: 'assunto', validade: inAYear(), itens: [] } }, as('ana'))).status).toBe(400);
    expect(await count('interest_entries')).toBe(before);

    const added = await call(t.app, interestEndpoints.addAreas, { body: { tipoDSI: 'assunto', validade: inAYear(), itens: ['Educação'] } }, as('ana'));
    expect(added.status).toBe(200);
    expect(added.body).toEqual([expect.objectContaining({ tipo: 'assunto', termo: 'Educação', expirada: false, validade: inAYear() })]);
    const books = await call(t.app, interestEndpoints.addWorkTypes, { body: { validade: inAYear(), itens: [1] } }, as('ana'));
    expect(books.body).toEqual([expect.objectContaining({ tipo: 'tipo_obra', termo: '1', bibliotecas: [], idiomas: [] })]);
    const changed = await call(
      t.app,
      interestEndpoints.changeWorkType,
      { body: { codigo: books.body[0]!.codigo, bibliotecas: [central], idiomas: ['por'] } },
      as('ana'),
    );
    expect(changed.body).toMatchObject({ bibliotecas: [central], idiomas: ['por'] });
    expect((await call(t.app, interestEndpoints.frequency, { body: { frequencia: 'imediata' } }, as('ana'))).status).toBe(200);
    expect((await call(t.app, interestEndpoints.info, {}, as('ana'))).body).toMatchObject({
      frequencia: 'imediata',
      tipos: [
        { codigo: 'area', descricao: 'Área do conhecimento' },
        { codigo: 'autor', descricao: 'Autor' },
        { codigo: 'assunto', descricao: 'Assunto' },
      ],
    });

    const bruno = await call(t.app, interestEndpoints.addAreas, { body: { tipoDSI: 'autor', validade: inAYear(), itens: ['Foucault, Michel'] } }, as('bruno'));
    const brunos = bruno.body[0]!.codigo;
    // Ana can neither see, change nor remove Bruno's entry.
    expect((await call(t.app, interestEndpoints.areas, {}, as('ana'))).body.map((e) => e.codigo)).not.toContain(brunos);
    expect((await call(t.app, interestEndpoints.areaValidity, { body: { codigo: brunos, tipoDSI: 'autor', validade: inAYear() } }, as('ana'))).status).toBe(
      404,
    );
    expect((await call(t.app, interestEndpoints.removeArea, { query: { codigo: brunos, tipoDSI: 'autor' } }, as('ana'))).status).toBe(404);
    expect((await call(t.app, interestEndpoints.areas, {}, as('bruno'))).body).toHaveLength(1);
  });

  it('turns each new matching title into one alert for whom it matches, e-mailed at once to those who chose so', async () => {
    const db = t.database.db;
    const before = (await mail.messages()).length;
    const ids = await createTitles(db, [
      { id: 'n1', title: 'Educação como prática da liberdade', author: 'Freire, Paulo', subjects: ['Educação -- Filosofia'], year: 1967 },
      { id: 'n2', title: 'Microfísica do poder', author: 'Foucault, Michel', subjects: ['Poder (Ciências sociais)'], year: 1979 },
      { id: 'n3', title: 'Dom Casmurro', author: 'Assis, Machado de', subjects: ['Romance brasileiro'], year: 1899, language: 'por' },
    ]);
    // Ana's books must be in Portuguese and at the Central: n3 once it has a copy there.
    await createCopies(db, [{ codAcervo: ids.n3!, codBiblioteca: central, tombo: 'N3' }]);
    expect(await matchAndNotify(db, mailer())).toBe('3 alert(s) for 2 patron(s); 1 digest(s) sent');
    // Again: nothing new.
    expect(await matchAndNotify(db, mailer())).toBe('0 alert(s) for 0 patron(s); 0 digest(s) sent');

    const ana = await call(t.app, alertsEndpoints.list, { query: {} }, as('ana'));
    expect(ana.body.nao_lidos).toBe(2);
    expect(ana.body.itens.map((a) => [a.titulo, a.motivo]).sort()).toEqual([
      ['Dom Casmurro', 'Livro'],
      ['Educação como prática da liberdade', 'Educação'],
    ]);
    const bruno = await call(t.app, alertsEndpoints.list, { query: {} }, as('bruno'));
    expect(bruno.body.itens.map((a) => a.titulo)).toEqual(['Microfísica do poder']);

    // Ana's digest came at once; Bruno's is weekly: it waits for the digest job.
    const sent = (await mail.messages()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toMatchObject({ value: [{ address: 'ana@example.org' }] });
    expect(sent[0]!.subject).toBe('Perfil de interesse: 2 títulos novos');
    expect(sent[0]!.text).toContain('- Educação como prática da liberdade / Freire, Paulo (Educação)');
    expect(await sendDigests(db, mailer(), ['diaria', 'semanal'])).toBe('1 digest(s) sent');
    expect(await sendDigests(db, mailer(), ['diaria', 'semanal'])).toBe('0 digest(s) sent');
    expect(((await mail.messages()).slice(before).at(-1)!.to as { value: { address: string }[] }).value[0]!.address).toBe('bruno@example.org');

    // "Check titles" lists what the profile matches of the last month.
    const listed = await call(t.app, interestEndpoints.titles, { query: {} }, as('ana'));
    expect(listed.body.map((x) => x.titulo).sort()).toEqual(['Dom Casmurro', 'Educação como prática da liberdade', 'Pedagogia do oprimido']);
    expect((await call(t.app, interestEndpoints.titles, { query: { dataIni: '2026-02-01' } }, as('ana'))).status).toBe(400);
    expect((await call(t.app, interestEndpoints.titles, { query: { dataIni: '2026-02-01', dataFim: '2026-01-01' } }, as('ana'))).status).toBe(400);
  });

  it('leaves an entry past its validity visible but matching nothing', async () => {
    const db = t.database.db;
    await db.execute(sql`update interest_entries set validade = current_date - 1 where termo = 'Foucault, Michel'`);
    const entries = await call(t.app, interestEndpoints.areas, {}, as('bruno'));
    expect(entries.body).toEqual([expect.objectContaining({ termo: 'Foucault, Michel', expirada: true })]);
    await createTitles(db, [{ id: 'n4', title: 'História da loucura', author: 'Foucault, Michel', year: 1961 }]);
    expect(await matchAndNotify(db, mailer())).toBe('0 alert(s) for 0 patron(s); 0 digest(s) sent');
  });

  it('marks an alert read and removes it — only the patron’s own', async () => {
    const { body } = await call(t.app, alertsEndpoints.list, { query: {} }, as('ana'));
    const first = body.itens[0]!;
    const bruno = (await call(t.app, alertsEndpoints.list, { query: {} }, as('bruno'))).body.itens[0]!;
    expect((await call(t.app, alertsEndpoints.read, { params: { id: String(bruno.id) } }, as('ana'))).status).toBe(404);
    expect((await call(t.app, alertsEndpoints.remove, { params: { id: String(bruno.id) } }, as('ana'))).status).toBe(404);
    expect((await call(t.app, alertsEndpoints.read, { params: { id: String(first.id) } }, as('ana'))).body).toMatchObject({ id: first.id, lido: true });
    expect((await call(t.app, alertsEndpoints.list, { query: {} }, as('ana'))).body.nao_lidos).toBe(1);
    expect((await call(t.app, alertsEndpoints.remove, { params: { id: String(first.id) } }, as('ana'))).status).toBe(200);
    expect((await call(t.app, alertsEndpoints.remove, { params: { id: String(first.id) } }, as('ana'))).status).toBe(404);
    expect((await call(t.app, alertsEndpoints.list, { query: {} }, as('bruno'))).body.itens).toHaveLength(1);
  });

  it('holds the profile’s limit when twenty additions arrive at once', async () => {
    const db = t.database.db;
    const [bruno] = await queryRows<{ cod_pessoa: number }>(db, sql`select cod_pessoa from logins where login = 'bruno'`);
    const kept = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from interest_entries where cod_pessoa = ${bruno!.cod_pessoa}`);
    // Bruno is five entries short of the limit.
    await createInterestEntries(
      db,
      bruno!.cod_pessoa,
      Array.from({ length: MAX_INTEREST_ENTRIES - 5 - kept[0]!.n }, (_, i) => ({ tipo: 'assunto' as const, termo: `filler ${i + 1}`, validForDays: 0 })),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, interestEndpoints.addAreas, { body: { tipoDSI: 'assunto', validade: inAYear(), itens: [`Assunto paralelo ${i}`] } }, as('bruno')),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(15);
    const after = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from interest_entries where cod_pessoa = ${bruno!.cod_pessoa}`);
    expect(after[0]!.n).toBe(MAX_INTEREST_ENTRIES);
    await db.execute(sql`delete from interest_entries where cod_pessoa = ${bruno!.cod_pessoa} and (termo like 'filler %' or termo like 'Assunto paralelo %')`);
  });

  it('on PostgreSQL, two servers matching at once make one alert and one e-mail per patron', async () => {
    if (!t.database.url) return expect(t.database.kind).toBe('pglite');
    const other: Database = await openDatabase({ kind: 'postgres', url: t.database.url });
    try {
      const before = (await mail.messages()).length;
      const alertsBefore = await count('patron_alerts');
      await createTitles(t.database.db, [{ id: 'n5', title: 'Educação e mudança', author: 'Freire, Paulo', subjects: ['Educação'], year: 1979 }]);
      await Promise.all([matchAndNotify(t.database.db, mailer()), matchAndNotify(other.db, mailer()), matchAndNotify(t.database.db, mailer())]);
      expect(await count('patron_alerts')).toBe(alertsBefore + 1);
      expect((await mail.messages()).length).toBe(before + 1);
    } finally {
      await other.close();
    }
  });
});
