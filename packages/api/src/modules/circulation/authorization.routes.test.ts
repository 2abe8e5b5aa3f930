import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createCopies, createInstitution, createLibraries, createPatron, createTitles } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';
import { debts } from '../../db/schema/index.js';
import { runAdminCommand } from '../../admin/commands.js';

/**
 * Bruno has one of everything — a loan, a hold, a debt, a loan request, a no-debts declaration
 * issued after his loan came back, a loan token. Ana walks every private circulation endpoint
 * with Bruno's numbers: she never sees them, never changes them.
 */
let t: TestApp;
const token: Record<string, string> = {};
const bruno: Record<string, number | string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createInstitution(db);
  const id = await createTitles(db, [
    { id: 'a', title: 'Vidas secas', year: 1938 },
    { id: 'b', title: 'São Bernardo', year: 1934 },
  ]);
  const [central, norte] = (await createLibraries(db, ['Biblioteca Central', 'Biblioteca Norte'])).map((l) => l.codBiblioteca) as [number, number];
  await createCopies(db, [
    { codAcervo: id.a!, codBiblioteca: central, tombo: 'A1', localizacao: '869.3' },
    { codAcervo: id.b!, codBiblioteca: central, tombo: 'B1', localizacao: '869.3' },
    { codAcervo: id.b!, codBiblioteca: norte, tombo: 'B2', localizacao: '869.3' },
  ]);
  for (const login of ['ana', 'bruno', 'carla']) {
    await createPatron(db, { login, nome: `${login} Teste`, password: `senha-${login}`, email: `${login}@example.org` });
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  const desk = (command: string, ...args: string[]) => runAdminCommand(db, { command, args });
  // Carla's loan keeps A1 lent; Bruno holds it, requests B2, borrows B1.
  await desk('circ.checkout', 'A1', 'carla');
  const as = (who: string, method: 'POST' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url: `/svc${url}`, headers: { authorization: `Bearer ${token[who]}` }, payload });
  bruno.hold = (await as('bruno', 'POST', '/reserva', { cod_acervo: id.a, biblioteca: central })).json().cod_reserva;
  bruno.request = (
    await as('bruno', 'POST', `/solicitacao-emprestimo/${id.b}`, {
      biblioteca_origem: norte,
      biblioteca_recebimento: central,
      telefone: '4899990000',
      email: 'bruno@example.org',
      cod_local_recebimento: 1,
    })
  ).json().cod_solicitacao;
  await desk('circ.checkout', 'B1', 'bruno');
  const [loan] = await queryRows<{ cod_emprestimo: number; cod_pessoa: number }>(
    db,
    sql`select cod_emprestimo, cod_pessoa from loans where cod_exemplar = (select cod_exemplar from copies where tombo = 'B1')`,
  );
  bruno.loan = loan!.cod_emprestimo;
  const [debt] = await db.insert(debts).values({ codPessoa: loan!.cod_pessoa, service: 'reprografia', amount: '3.00' }).returning();
  bruno.debt = debt!.codDebito;
  await as('bruno', 'POST', '/api/emprestimo/token');
  // A declaration of someone else (Carla's code), for the PDF by code.
  await db.execute(sql`insert into deviations (cod_pessoa, motivo, inicio) select cod_pessoa, 'teste', current_date from logins where login = 'bruno'`);
  await db.execute(
    sql`insert into no_debt_declarations (cod_pessoa, codigo, cod_afastamento) select d.cod_pessoa, 'ABCD-1234-EF56', d.cod_afastamento from deviations d`,
  );
  bruno.declaration = 'ABCD-1234-EF56';
});
afterAll(() => t.close());

const asAna = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/svc${url}`, headers: { authorization: `Bearer ${token.ana}` }, payload });

/** Everything of Bruno's, as the database holds it: must not change whatever Ana sends. */
const brunoState = () =>
  queryRows(
    t.database.db,
    sql`select (select row(situacao, encerrada_em) from holds where cod_reserva = ${bruno.hold})::text as hold,
               (select row(renovacoes, data_devolucao_prevista, data_devolucao) from loans where cod_emprestimo = ${bruno.loan})::text as loan,
               (select row(valor_pago) from debts where cod_debito = ${bruno.debt})::text as debt,
               (select row(situacao) from loan_requests where cod_solicitacao = ${bruno.request})::text as request,
               (select row(valor, valido_ate) from loan_tokens t join logins l using (cod_pessoa) where l.login = 'bruno')::text as token`,
  );

describe('patron A and patron B', () => {
  it('A never changes B’s holds, loans, debts or requests with B’s numbers', async () => {
    const before = await brunoState();
    const cancel = await asAna('DELETE', `/api/reserva?reservas=${bruno.hold}`);
    expect(cancel.statusCode).toBe(404);
    const renew = await asAna('POST', '/api/emprestimo/renovacao', { emprestimos: [bruno.loan] });
    expect(renew.json().itens[0]).toMatchObject({ renovado: false, chave_motivo: 'EmprestimoNaoEncontrado', titulo: null });
    const slip = await asAna('POST', '/unidade-informacao/gru', { debitos: [bruno.debt] });
    expect(slip.statusCode).toBe(404);
    const pdf = await asAna('GET', `/unidade-informacao/nada-consta/${bruno.declaration}/pdf`);
    expect(pdf.statusCode).toBe(404);
    await asAna('POST', '/api/emprestimo/token');
    expect(await brunoState()).toEqual(before);
  });

  it('A’s lists never show B’s records', async () => {
    const period = 'dataIni=2000-01-01&dataFim=2999-12-31';
    const lists: [string, (body: unknown) => unknown[]][] = [
      ['/api/reserva', (b) => b as unknown[]],
      [`/api/reserva/historico?${period}`, (b) => b as unknown[]],
      ['/api/emprestimo/titulos-pendentes', (b) => b as unknown[]],
      [`/api/emprestimo/historico?${period}`, (b) => b as unknown[]],
      ['/api/emprestimo/debitos-pendentes', (b) => (b as { itens: unknown[] }).itens],
      ['/pessoas/afastamentos', (b) => b as unknown[]],
      [`/api/solicitacao-emprestimo?${period}&status=todas`, (b) => b as unknown[]],
    ];
    for (const [url, items] of lists) {
      const response = await asAna('GET', url);
      expect({ url, status: response.statusCode, items: items(response.json()) }).toEqual({ url, status: 200, items: [] });
    }
    // Ana's own token (she asked for one above) is hers: a different row, never Bruno's.
    const [brunoToken] = await queryRows<{ valido_ate: string }>(
      t.database.db,
      sql`select valido_ate::text from loan_tokens t join logins l using (cod_pessoa) where l.login = 'bruno'`,
    );
    const anaToken = (await asAna('GET', '/api/emprestimo/token')).json<{ valido_ate: string } | null>();
    expect(anaToken?.valido_ate).not.toBe(brunoToken!.valido_ate);
    expect((await asAna('GET', '/unidade-informacao/nada-consta/verifica')).json().declaracao).toBeNull();
  });

  it('an anonymous token reaches none of them', async () => {
    const anonymous = (
      await t.app.inject({
        method: 'POST',
        url: '/svc/oauth/token',
        payload: 'grant_type=client_credentials&client_id=estante-web&client_secret=estante-public',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    ).json().access_token as string;
    for (const [method, url] of [
      ['GET', '/api/reserva'],
      ['GET', '/api/emprestimo/titulos-pendentes'],
      ['GET', '/api/emprestimo/debitos-pendentes'],
      ['GET', '/pessoas/afastamentos'],
      ['GET', '/unidade-informacao/nada-consta/verifica'],
      ['POST', '/unidade-informacao/nada-consta'],
      ['GET', '/api/emprestimo/token'],
      ['POST', '/api/emprestimo/renovacao'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: `/svc${url}`,
        headers: { authorization: `Bearer ${anonymous}` },
        payload: method === 'POST' ? {} : undefined,
      });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
    }
  });
});
