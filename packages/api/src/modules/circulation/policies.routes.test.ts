import { deskEndpoints, policiesEndpoints as calls } from '@estante/contracts/circulation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createLibraries, createPatron, createTitles, grantStaffRoles } from '../../../test/factories.js';
import { copies } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';

/**
 * The loan policies for the administration (issue 54): a category's loan limit and the rule of a
 * category and loan type, set on screen and in effect at the desk's next check-out; bad input
 * changes nothing; each change audited; administração only.
 */
let t: TestApp;
let admin = '';
let desk = '';
let ana = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const title = (await createTitles(db, [{ id: 'p', title: 'Grande sertão: veredas', year: 1956 }])).p!;
  const [library] = await createLibraries(db, ['Biblioteca Central']);
  await db
    .insert(copies)
    .values(
      ['P1', 'P2'].map((tombo) => ({ codAcervo: title, codBiblioteca: library!.codBiblioteca, codTipoEmprestimo: 1, tombo, localizacao: '869.3 R755g' })),
    );
  for (const [login, roles] of [
    ['gestora', ['administracao']],
    ['balcao', ['circulacao']],
  ] as const) {
    await createPatron(db, { login, nome: `${login} Teste`, password: `senha-${login}-1` });
    await grantStaffRoles(db, login, roles);
  }
  ana = (await createPatron(db, { login: 'ana', nome: 'Ana Teste', password: 'senha-ana-1' })).codPessoa;
  admin = await patronToken(t.app, 'gestora', 'senha-gestora-1');
  desk = await patronToken(t.app, 'balcao', 'senha-balcao-1');
});
afterAll(async () => {
  await t.close();
});

const lend = (tombo: string) => call(t.app, deskEndpoints.checkOut, { body: { tombo, cod_pessoa: ana } }, desk);
const daysFromToday = (date: string) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000);

describe('the loan policies', () => {
  it('are for the administration only', async () => {
    expect((await call(t.app, calls.read, {}, desk)).status).toBe(403);
  });

  it("change the desk's next check-out: the category's limit and the rule's loan period", async () => {
    const read = (await call(t.app, calls.read, {}, admin)).body;
    const category = read.categorias.find((c) => c.codigo === '01')!;
    expect(category.limite_emprestimos).toBeGreaterThan(0);
    expect(read.padrao).toEqual({ prazo_dias: 14, limite_renovacoes: 2, multa_dia: '1.00' });

    const rule = { prazo_dias: 7, limite_renovacoes: 1, permite_reserva: true, multa_dia: '2.5' };
    const before = await queryRows(t.database.db, sql`select * from circulation_policies order by 1, 2`);
    for (const bad of [
      { ...rule, prazo_dias: 0 },
      { ...rule, multa_dia: '-1' },
      { ...rule, multa_dia: '1,50' },
      { ...rule, limite_renovacoes: 100 },
    ])
      expect((await call(t.app, calls.setRule, { params: { categoria: '01', tipo: '1' }, body: bad }, admin)).status).toBe(400);
    expect((await call(t.app, calls.setRule, { params: { categoria: 'ZZ', tipo: '1' }, body: rule }, admin)).status).toBe(404);
    expect((await call(t.app, calls.setRule, { params: { categoria: '01', tipo: '999' }, body: rule }, admin)).status).toBe(404);
    expect(await queryRows(t.database.db, sql`select * from circulation_policies order by 1, 2`)).toEqual(before);

    const set = await call(t.app, calls.setRule, { params: { categoria: '01', tipo: '1' }, body: rule }, admin);
    expect(set.body.regras.find((r) => r.categoria === '01' && r.tipo === 1)).toEqual({
      categoria: '01',
      tipo: 1,
      prazo_dias: 7,
      limite_renovacoes: 1,
      permite_reserva: true,
      multa_dia: '2.50',
    });
    const limited = await call(t.app, calls.setLimit, { params: { categoria: '01' }, body: { limite_emprestimos: 1 } }, admin);
    expect(limited.body.categorias.find((c) => c.codigo === '01')!.limite_emprestimos).toBe(1);
    expect((await call(t.app, calls.setLimit, { params: { categoria: '01' }, body: { limite_emprestimos: -1 } }, admin)).status).toBe(400);

    const first = await lend('P1');
    expect(first.status).toBe(201);
    // Seven days, moved past the days the library is closed, if any.
    expect(daysFromToday(first.body.devolucao)).toBeGreaterThanOrEqual(7);
    expect(daysFromToday(first.body.devolucao)).toBeLessThan(14);
    const second = await lend('P2');
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({ key: 'LimiteEmprestimos' });

    const dropped = await call(t.app, calls.dropRule, { params: { categoria: '01', tipo: '1' } }, admin);
    expect(dropped.body.regras.find((r) => r.categoria === '01' && r.tipo === 1)).toBeUndefined();
    expect((await call(t.app, calls.dropRule, { params: { categoria: '01', tipo: '1' } }, admin)).status).toBe(404);
    const acts = await queryRows<{ acao: string; detalhes: Record<string, unknown> }>(
      t.database.db,
      sql`select acao, detalhes from staff_audit where acao in ('circulation.policy', 'circulation.limit') order by id`,
    );
    expect(acts.map((a) => a.acao)).toEqual(['circulation.policy', 'circulation.limit', 'circulation.policy']);
    expect(acts[1]!.detalhes).toEqual({ antes: category.limite_emprestimos, depois: 1 });
  });
});
