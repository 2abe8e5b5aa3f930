import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loansEndpoints } from '@estante/contracts/circulation';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createCopies, createHold, createLibraries, createLoan, createPatron, createTitles } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';
import { circulationPolicies } from '../../db/schema/index.js';
import { runAdminCommand } from '../../admin/commands.js';

/** Ana borrows four books (L1–L4) and Bruno one (L5); the policy lends for 7 days, 2 renewals. */
let t: TestApp;
const token: Record<string, string> = {};
const loan: Record<string, number> = {};
let central: number;
const desk = (command: 'checkout' | 'checkin', ...args: string[]) => runAdminCommand(t.database.db, { command: `circ.${command}`, args });
const day = async (offset: number) => (await queryRows<{ d: string }>(t.database.db, sql`select (current_date + ${offset}::int)::text as d`))[0]!.d;

beforeAll(async () => {
  t = await createTestApp({}, {});
  const db = t.database.db;
  const id = await createTitles(
    db,
    ['Iracema', 'O guarani', 'Senhora', 'Lucíola', 'Ubirajara'].map((title, i) => ({ id: `b${i + 1}`, title, year: 1865 + i })),
  );
  [central] = (await createLibraries(db, ['Biblioteca Central'])).map((l) => l.codBiblioteca) as [number];
  await createCopies(
    db,
    [1, 2, 3, 4, 5].map((n) => ({ codAcervo: id[`b${n}`]!, codBiblioteca: central, tombo: `L${n}`, localizacao: `869.3 A${n}` })),
  );
  const person: Record<string, number> = {};
  for (const login of ['ana', 'bruno', 'carla']) {
    person[login] = (await createPatron(db, { login, nome: `${login[0]!.toUpperCase()}${login.slice(1)} Teste`, password: `senha-${login}` })).codPessoa;
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  await db
    .insert(circulationPolicies)
    .values({ codTipoEmprestimo: 1, codCategoria: '01', prazoDias: 7, limiteRenovacoes: 2, permiteReserva: true, multaDia: '0.50' });
  // L1 and L4 lent at the desk; L2 is overdue; L3 has used its renewals; Carla waits for L4's title.
  await desk('checkout', 'L1', 'ana');
  await createLoan(db, { tombo: 'L2', codPessoa: person.ana!, lentDaysAgo: 10, dueInDays: -3 });
  await createLoan(db, { tombo: 'L3', codPessoa: person.ana!, dueInDays: 7, renewals: 2 });
  await desk('checkout', 'L4', 'ana');
  await desk('checkout', 'L5', 'bruno');
  for (const row of await queryRows<{ tombo: string; cod_emprestimo: number }>(
    db,
    sql`select c.tombo, l.cod_emprestimo from loans l join copies c using (cod_exemplar)`,
  ))
    loan[row.tombo] = row.cod_emprestimo;
  await createHold(db, { codAcervo: id.b4!, codBiblioteca: central, codPessoa: person.carla! });
});
afterAll(() => t.close());

/** A login's token. */
const as = (who: string) => token[who]!;
const renew = (who: string, ids: number[]) => call(t.app, loansEndpoints.renew, { body: { emprestimos: ids } }, as(who));

describe('open loans', () => {
  it('lists the patron’s loans: due dates, overdue marked, renewals used and the limit, a waiting hold', async () => {
    const loans = (await call(t.app, loansEndpoints.pending, { query: { showDetails: 'true' } }, as('ana'))).body;
    expect(loans.map((l) => l.tombo)).toEqual(['L2', 'L1', 'L3', 'L4']);
    expect(loans[0]).toMatchObject({ titulo: 'O guarani', atrasado: true, dias_atraso: 3 });
    expect(loans[1]).toMatchObject({
      atrasado: false,
      dias_atraso: 0,
      renovacoes: 0,
      limite_renovacoes: 2,
      reservado: false,
      data_devolucao_prevista: await day(7),
    });
    expect(loans[2]).toMatchObject({ renovacoes: 2, limite_renovacoes: 2 });
    expect(loans[3]).toMatchObject({ reservado: true });
    expect((await call(t.app, loansEndpoints.pending, { query: {} }, as('bruno'))).body.map((l) => l.tombo)).toEqual(['L5']);
    // What a renewal would accept now: not the overdue one, not the one at its limit, not the one someone waits for.
    expect((await call(t.app, loansEndpoints.renewable, {}, as('ana'))).body.map((l) => l.tombo)).toEqual(['L1']);
  });
});

describe('renewing', () => {
  it('renews what it can and says why not for the rest; the receipt has a key', async () => {
    // Day 0 + 7 is already the due date: move it back as if lent days ago, so renewing moves it.
    await t.database.db.execute(
      sql`update loans set data_emprestimo = now() - interval '3 days', data_devolucao_prevista = current_date + 4 where cod_emprestimo = ${loan.L1}`,
    );
    const response = await renew('ana', [loan.L1!, loan.L2!, loan.L3!, loan.L4!, loan.L5!]);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.itens.map((i) => [i.cod_emprestimo, i.renovado, i.chave_motivo])).toEqual([
      [loan.L1, true, null],
      [loan.L2, false, 'EmprestimoEmAtraso'],
      [loan.L3, false, 'LimiteRenovacoes'],
      [loan.L4, false, 'TituloReservado'],
      [loan.L5, false, 'EmprestimoNaoEncontrado'],
    ]);
    expect(body.itens[0]!.nova_devolucao).toBe(await day(7));
    expect(body.itens[2]!.motivo).toBe('Limite de 2 renovações atingido.');
    expect(body.comprovante).toMatchObject({ chave: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/), pessoa: 'Ana Teste' });
    const [after] = await queryRows<{ renovacoes: number; due: string; copy_due: string }>(
      t.database.db,
      sql`select l.renovacoes::int, l.data_devolucao_prevista::text as due, c.data_devolucao_prevista::text as copy_due from loans l join copies c using (cod_exemplar) where l.cod_emprestimo = ${loan.L1}`,
    );
    expect(after).toEqual({ renovacoes: 1, due: await day(7), copy_due: await day(7) });
    // Bruno's loan was not touched by Ana's request.
    const [bruno] = await queryRows<{ renovacoes: number }>(t.database.db, sql`select renovacoes::int from loans where cod_emprestimo = ${loan.L5}`);
    expect(bruno!.renovacoes).toBe(0);
  });

  it('renews a double click once', async () => {
    await t.database.db.execute(sql`update loans set data_devolucao_prevista = current_date + 2, renovacoes = 0 where cod_emprestimo = ${loan.L1}`);
    const [a, b] = await Promise.all([renew('ana', [loan.L1!]), renew('ana', [loan.L1!])]);
    const outcomes = [a.body.itens[0]!, b.body.itens[0]!];
    expect(outcomes.filter((o) => o.renovado)).toHaveLength(1);
    const refused = outcomes.find((o) => !o.renovado)!;
    expect(refused.chave_motivo).toBe('RenovacaoSemEfeito');
    // The due date as the patron writes it, never ISO (issue 24).
    const [kept] = outcomes.filter((o) => o.renovado).map((o) => o.nova_devolucao!.split('-'));
    expect(refused.motivo).toBe(`Já renovado: a devolução continua em ${kept![2]}/${kept![1]}/${kept![0]}.`);
    const [after] = await queryRows<{ renovacoes: number }>(t.database.db, sql`select renovacoes::int from loans where cod_emprestimo = ${loan.L1}`);
    expect(after!.renovacoes).toBe(1);
    const receipts = await queryRows(
      t.database.db,
      sql`select 1 from loan_renewals where cod_emprestimo = ${loan.L1} and devolucao_anterior = current_date + 2`,
    );
    expect(receipts).toHaveLength(1);
  });

  it('needs a selection; bad input is a 400', async () => {
    const empty = await renew('ana', []);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('select an item to renew');
    expect((await renew('ana', [loan.L1!, loan.L1!])).status).toBe(400);
    expect((await call(t.app, loansEndpoints.renew, { body: { emprestimos: ['x'] } as never }, as('ana'))).status).toBe(400);
  });
});

describe('loan history', () => {
  it('lists returned loans of a period, or only those fined', async () => {
    await t.database.db.execute(sql`update copies set data_devolucao_prevista = current_date - 3 where tombo = 'L2'`);
    expect(await desk('checkin', 'L2')).toContain('fine R$ 1.50');
    await desk('checkin', 'L3');
    const from = await day(-30);
    const to = await day(0);
    const history = (who: string, query: { dataIni: string; dataFim: string; multa?: 'S' }) => call(t.app, loansEndpoints.history, { query }, as(who));
    const all = (await history('ana', { dataIni: from, dataFim: to })).body;
    expect(all.map((l) => [l.tombo, l.multa]).sort()).toEqual([
      ['L2', '1.50'],
      ['L3', null],
    ]);
    const fined = (await history('ana', { dataIni: from, dataFim: to, multa: 'S' })).body;
    expect(fined.map((l) => l.tombo)).toEqual(['L2']);
    expect((await history('bruno', { dataIni: from, dataFim: to })).body).toEqual([]);
    expect((await history('ana', { dataIni: to, dataFim: from })).status).toBe(400);
    expect((await history('ana', { dataIni: from } as never)).status).toBe(400);
  });
});
