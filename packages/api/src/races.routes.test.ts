import { SAVED_SEARCH_LIMIT } from '@estante/contracts/saved';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, patronToken, publicToken, type TestApp } from '../test/app.js';
import { createCopies, createInstitution, createLibraries, createLoan, createPatron, createTitles, enableActivities } from '../test/factories.js';
import { createSavedSearches } from '../test/factories/saved.js';
import { startTestMailSink, type TestMailSink } from '../test/mail.js';
import { queryRows } from './db/client.js';
import { MAIL_LIMITS } from './modules/basket/basket.service.js';
import { LINK_ACCESSES_PER_WINDOW } from './modules/catalog/title.service.js';
import { SENDS_PER_HOUR } from './modules/units/units.service.js';

/**
 * Every per-patron, per-address and per-recipient limit holds when many requests arrive at once
 * (on PostgreSQL they run on separate connections, truly in parallel): the number of requests
 * that pass is the limit, and the database holds no more than the limit allows.
 */
let t: TestApp;
let sink: TestMailSink;
let token: string;
let anonymous: string;
let ana: number;
let central: { codBiblioteca: number; codCampus: number };
const id: Record<string, number> = {};
const AT_ONCE = 20;

beforeAll(async () => {
  sink = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  const db = t.database.db;
  await createInstitution(db);
  await enableActivities(db, [12]);
  const [library] = await createLibraries(db, ['Biblioteca Central']);
  central = library!;
  const titles = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, title: `Título de corrida ${i}`, year: 2000 + i }));
  Object.assign(id, await createTitles(db, titles));
  // Each title: one copy lent (holds are allowed) and one on the shelf (loan requests are).
  const bruno = await createPatron(db, { login: 'bruno', nome: 'Bruno Lima', password: 'senha-bruno' });
  await createCopies(
    db,
    titles.flatMap((title, i) => [
      { codAcervo: id[title.id]!, codBiblioteca: central.codBiblioteca, tombo: `L${i}` },
      { codAcervo: id[title.id]!, codBiblioteca: central.codBiblioteca, tombo: `S${i}` },
    ]),
  );
  for (let i = 0; i < titles.length; i++) await createLoan(db, { tombo: `L${i}`, codPessoa: bruno.codPessoa, dueInDays: 5 });
  ana = (await createPatron(db, { login: 'ana', nome: 'Ana Souza', password: 'senha-ana-1', email: 'ana@example.org' })).codPessoa;
  token = await patronToken(t.app, 'ana', 'senha-ana-1');
  anonymous = await publicToken(t.app);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const post = (url: string, payload: object, address = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/svc${url}`, remoteAddress: address, headers: { authorization: `Bearer ${token}` }, payload });
const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.database.db, query))[0]!.n;
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);

describe('limits under parallel requests', () => {
  it('holds: ten at once against a limit of five leave five active', async () => {
    // Holds need every copy at the library away: the shelf copies are lent too, for these ten titles.
    await t.database.db.execute(
      sql`update copies set status = 'emprestado', data_devolucao_prevista = current_date + 5 where tombo like 'S%' and tombo <> 'S10' and tombo <> 'S11'`,
    );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post('/reserva', { cod_acervo: id[`r${i}`], biblioteca: central.codBiblioteca })));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.json().key === 'LimiteReservas')).toBe(true);
    expect(await count(sql`select count(*)::int as n from holds where cod_pessoa = ${ana} and situacao in ('fila', 'liberada')`)).toBe(5);
  });

  it('loan requests: six at once against a limit of three leave three open', async () => {
    await t.database.db.execute(sql`update copies set status = 'disponivel', data_devolucao_prevista = null where tombo like 'S%'`);
    const body = {
      biblioteca_origem: central.codBiblioteca,
      biblioteca_recebimento: central.codBiblioteca,
      telefone: '(11) 5555-0000',
      email: 'ana@example.org',
      cod_local_recebimento: 1,
    };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post(`/solicitacao-emprestimo/${id[`r${i + 5}`]}`, body)));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(3);
    expect(await count(sql`select count(*)::int as n from loan_requests where cod_pessoa = ${ana}`)).toBe(3);
  });

  it(`basket e-mails: ${AT_ONCE + 1} at once to one address send ${MAIL_LIMITS.perRecipient}`, async () => {
    const before = (await sink.messages()).length;
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE + 1 }, (_, i) =>
        // Each from its own address, so that only the recipient's limit is in play.
        post('/acervo/exportar-cesta', { tipo: 'email', dados: 'abnt', acervos: [id.r0], opcoesEmail: { emails: 'destino@example.org' } }, `10.1.0.${i + 1}`),
      ),
    );
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(MAIL_LIMITS.perRecipient);
    expect(
      statuses(answers)
        .filter((s) => s !== 200)
        .every((s) => s === 429),
    ).toBe(true);
    expect((await sink.messages()).length - before).toBe(MAIL_LIMITS.perRecipient);
  });

  it(`recovery codes: ${AT_ONCE} at once for one login send five e-mails`, async () => {
    const before = (await sink.messages()).length;
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        t.app.inject({ method: 'GET', url: '/svc/pessoas/ana/recuperar-senha', headers: { authorization: `Bearer ${anonymous}` } }),
      ),
    );
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(5);
    expect((await sink.messages()).length - before).toBe(5);
  });

  it(`general comments and suggestions: ${AT_ONCE} at once each store ${SENDS_PER_HOUR}`, async () => {
    const comments = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => post('/unidade-informacao/comentario', { content: `Comentário ${i}`, b: central.codBiblioteca })),
    );
    const suggestion = { titulo: 'Grande sertão: veredas', editor: 'Nova Fronteira', campus: central.codCampus, biblioteca: central.codBiblioteca };
    const suggestions = await Promise.all(Array.from({ length: AT_ONCE }, () => post('/unidade-informacao/sugestao-aquisicao', suggestion)));
    expect(statuses(comments).filter((s) => s < 300)).toHaveLength(SENDS_PER_HOUR);
    expect(statuses(suggestions).filter((s) => s < 300)).toHaveLength(SENDS_PER_HOUR);
    expect(await count(sql`select count(*)::int as n from general_comments where cod_pessoa = ${ana}`)).toBe(SENDS_PER_HOUR);
    expect(await count(sql`select count(*)::int as n from acquisition_suggestions where cod_pessoa = ${ana}`)).toBe(SENDS_PER_HOUR);
  });

  it(`saved searches: ${AT_ONCE} at once with ten places left keep ${SAVED_SEARCH_LIMIT}`, async () => {
    await createSavedSearches(
      t.database.db,
      ana,
      Array.from({ length: SAVED_SEARCH_LIMIT - 10 }, (_, i) => ({ nome: `Pesquisa ${i + 1}`, consulta: `termo1=t${i + 1}` })),
    );
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => post('/api/pesquisas-salvas', { nome: `Corrida ${i}`, consulta: `termo1=corrida+${i}` })),
    );
    expect(statuses(answers).filter((s) => s === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 422 && r.json().key === 'LimitePesquisasSalvas')).toBe(true);
    expect(await count(sql`select count(*)::int as n from saved_searches where cod_pessoa = ${ana}`)).toBe(SAVED_SEARCH_LIMIT);
  });

  it(`followed-link statistics: ${LINK_ACCESSES_PER_WINDOW + 10} anonymous counts at once from one address record ${LINK_ACCESSES_PER_WINDOW}`, async () => {
    const answers = await Promise.all(
      Array.from({ length: LINK_ACCESSES_PER_WINDOW + 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/svc/vinculos/estatistica-acesso',
          remoteAddress: '10.2.0.1',
          headers: { authorization: `Bearer ${anonymous}` },
          payload: { cod_acervo: id.r0, url: 'https://example.org/'.padEnd(2000, 'x') },
        }),
      ),
    );
    expect(statuses(answers).filter((s) => s < 300)).toHaveLength(LINK_ACCESSES_PER_WINDOW);
    expect(
      statuses(answers)
        .filter((s) => s >= 300)
        .every((s) => s === 429),
    ).toBe(true);
    expect(await count(sql`select count(*)::int as n from link_accesses`)).toBe(LINK_ACCESSES_PER_WINDOW);
  });

  it(`LGPD erasure requests: ${AT_ONCE} at once store and e-mail one (one open request per patron)`, async () => {
    await t.database.db.execute(sql`update libraries set email = 'bc@biblioteca.test' where cod_biblioteca = ${central.codBiblioteca}`);
    const before = (await sink.messages()).length;
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => post('/pessoas/meu-pergamum/exclusao-dados', { motivo: `Pedido ${i}` })));
    expect(statuses(answers).filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409 && r.json().key === 'ExclusaoJaPedida')).toBe(true);
    expect(await count(sql`select count(*)::int as n from erasure_requests where cod_pessoa = ${ana}`)).toBe(1);
    expect((await sink.messages()).length - before).toBe(1);
  });
});
