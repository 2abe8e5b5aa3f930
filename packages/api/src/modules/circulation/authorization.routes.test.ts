import { accountEndpoints } from '@estante/contracts/account';
import { holdsEndpoints, loanRequestsEndpoints, loansEndpoints } from '@estante/contracts/circulation';
import { type Endpoint, type EndpointInput, type EndpointOutput, endpointUrl } from '@estante/contracts/kernel';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createCopies, createInstitution, createLibraries, createPatron, createTitles } from '../../../test/factories.js';
import { createDebt, createDeviation, createNoDebtDeclaration } from '../../../test/factories/circulation.js';
import { queryRows } from '../../db/client.js';
import { runAdminCommand } from '../../admin/commands.js';

/**
 * Bruno has one of everything — a loan, a hold, a debt, a loan request, a no-debts declaration
 * issued after his loan came back, a loan token. Ana walks every private circulation endpoint
 * with Bruno's numbers: she never sees them, never changes them.
 */
let t: TestApp;
const token: Record<string, string> = {};
const person: Record<string, number> = {};
const bruno = {} as { hold: number; request: number; loan: number; debt: number; declaration: string };
/** A login's token. */
const as = (who: string) => token[who]!;

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
    person[login] = (await createPatron(db, { login, nome: `${login} Teste`, password: `senha-${login}`, email: `${login}@example.org` })).codPessoa;
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  const desk = (command: string, ...args: string[]) => runAdminCommand(db, { command, args });
  // Carla's loan keeps A1 lent; Bruno holds it, requests B2, borrows B1.
  await desk('circ.checkout', 'A1', 'carla');
  bruno.hold = (await call(t.app, holdsEndpoints.place, { body: { cod_acervo: id.a!, biblioteca: central } }, as('bruno'))).body.cod_reserva!;
  bruno.request = (
    await call(
      t.app,
      loanRequestsEndpoints.request,
      {
        params: { id: String(id.b) },
        body: {
          biblioteca_origem: norte,
          biblioteca_recebimento: central,
          telefone: '4899990000',
          email: 'bruno@example.org',
          cod_local_recebimento: 1,
        },
      },
      as('bruno'),
    )
  ).body.cod_solicitacao;
  await desk('circ.checkout', 'B1', 'bruno');
  const [loan] = await queryRows<{ cod_emprestimo: number; cod_pessoa: number }>(
    db,
    sql`select cod_emprestimo, cod_pessoa from loans where cod_exemplar = (select cod_exemplar from copies where tombo = 'B1')`,
  );
  bruno.loan = loan!.cod_emprestimo;
  bruno.debt = await createDebt(db, { codPessoa: loan!.cod_pessoa, service: 'reprografia', amount: '3.00' });
  await call(t.app, accountEndpoints.newLoanToken, {}, as('bruno'));
  // A declaration of someone else (Carla's code), for the PDF by code.
  const deviation = await createDeviation(db, { codPessoa: person.bruno!, motivo: 'teste' });
  await createNoDebtDeclaration(db, { codPessoa: person.bruno!, codigo: 'ABCD-1234-EF56', codAfastamento: deviation });
  bruno.declaration = 'ABCD-1234-EF56';
});
afterAll(() => t.close());

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
    const cancel = await call(t.app, holdsEndpoints.cancel, { query: { reservas: String(bruno.hold) } }, as('ana'));
    expect(cancel.status).toBe(404);
    const renew = await call(t.app, loansEndpoints.renew, { body: { emprestimos: [bruno.loan] } }, as('ana'));
    expect(renew.body.itens[0]).toMatchObject({ renovado: false, chave_motivo: 'EmprestimoNaoEncontrado', titulo: null });
    const slip = await call(t.app, accountEndpoints.paymentSlip, { body: { debitos: [bruno.debt] } }, as('ana'));
    expect(slip.status).toBe(404);
    const pdf = await call(t.app, accountEndpoints.declarationPdf, { params: { codigo: bruno.declaration } }, as('ana'));
    expect(pdf.status).toBe(404);
    await call(t.app, accountEndpoints.newLoanToken, {}, as('ana'));
    expect(await brunoState()).toEqual(before);
  });

  it('A’s lists never show B’s records', async () => {
    const period = { dataIni: '2000-01-01', dataFim: '2999-12-31' };
    /** Ana's call of a list, answering its address, its status and its items. */
    const list =
      <E extends Endpoint>(endpoint: E, input: EndpointInput<E>, items: (body: EndpointOutput<E>) => unknown[]) =>
      async () => {
        const response = await call(t.app, endpoint, input, as('ana'));
        return { url: endpointUrl(endpoint, input), status: response.status, items: items(response.body) };
      };
    const lists = [
      list(holdsEndpoints.mine, {}, (b) => b),
      list(holdsEndpoints.history, { query: period }, (b) => b),
      list(loansEndpoints.pending, { query: {} }, (b) => b),
      list(loansEndpoints.history, { query: period }, (b) => b),
      list(accountEndpoints.debts, {}, (b) => b.itens),
      list(accountEndpoints.deviations, {}, (b) => b),
      list(loanRequestsEndpoints.mine, { query: { ...period, status: 'todas' } }, (b) => b),
    ];
    for (const answer of lists) {
      const { url, status, items } = await answer();
      expect({ url, status, items }).toEqual({ url, status: 200, items: [] });
    }
    // Ana's own token (she asked for one above) is hers: a different row, never Bruno's.
    const [brunoToken] = await queryRows<{ valido_ate: string }>(
      t.database.db,
      sql`select valido_ate::text from loan_tokens t join logins l using (cod_pessoa) where l.login = 'bruno'`,
    );
    const anaToken = (await call(t.app, accountEndpoints.loanToken, {}, as('ana'))).body;
    expect(anaToken?.valido_ate).not.toBe(brunoToken!.valido_ate);
    expect((await call(t.app, accountEndpoints.noDebtsCheck, {}, as('ana'))).body.declaracao).toBeNull();
  });

  it('an anonymous token reaches none of them', async () => {
    const anonymous = await publicToken(t.app);
    for (const endpoint of [
      holdsEndpoints.mine,
      loansEndpoints.pending,
      accountEndpoints.debts,
      accountEndpoints.deviations,
      accountEndpoints.noDebtsCheck,
      accountEndpoints.issueNoDebts,
      accountEndpoints.loanToken,
      loansEndpoints.renew,
    ]) {
      // The POSTs send an empty body.
      const response = await call(t.app, endpoint, (endpoint.method === 'POST' ? { body: {} } : {}) as never, anonymous);
      const url = endpoint.path;
      expect({ url, status: response.status }).toEqual({ url, status: 403 });
    }
  });
});
