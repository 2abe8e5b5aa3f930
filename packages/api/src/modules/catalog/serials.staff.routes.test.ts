import { serialsStaffEndpoints as calls, type KardexEquipe } from '@estante/contracts/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createLibraries, createPatron, createTitles, grantStaffRoles } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';

/**
 * The serials desk over HTTP (issue 54): a library takes a monthly serial from three months ago;
 * its Kardex lays out the issues expected, late ones first to receive; the next expected is
 * received with an empty body (numbered after the last); one that did not come is claimed; an
 * article is indexed; the interest profiles hear of each; all audited; catalogação or aquisição only.
 */
let t: TestApp;
let serial = 0;
let library = 0;
let other = 0;
const token: Record<'lia' | 'ana', string> = { lia: '', ana: '' };

const ago = (months: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  return { ano: d.getUTCFullYear(), mes: d.getUTCMonth() + 1, text: d.toISOString().slice(0, 7) };
};

beforeAll(async () => {
  t = await createTestApp();
  serial = (await createTitles(t.database.db, [{ id: 'rev', title: 'Revista Brasileira de Letras', year: 2001 }])).rev!;
  [library, other] = (await createLibraries(t.database.db, ['Biblioteca Central', 'Biblioteca Setorial'])).map((l) => l.codBiblioteca) as [number, number];
  for (const login of ['lia', 'ana'] as const) {
    await createPatron(t.database.db, { login, nome: `${login} Teste`, password: `senha-${login}-1` });
    token[login] = await patronToken(t.app, login, `senha-${login}-1`);
  }
  await grantStaffRoles(t.database.db, 'lia', ['catalogacao']);
});
afterAll(async () => {
  await t.close();
});

const params = { acervo: String(serial), biblioteca: String(library) };
const at = () => ({ acervo: String(serial), biblioteca: String(library) });
const slot = (k: KardexEquipe, s: { ano: number; mes: number }) => k.fasciculos.filter((f) => f.ano === s.ano && f.mes === s.mes);
const pending = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from interest_serial_pending`))[0]!.n;

describe('the serials desk', () => {
  it('is for catalogação or aquisição', async () => {
    expect(params.acervo).toBeDefined();
    expect((await call(t.app, calls.kardex, { params: at() }, token.ana)).status).toBe(403);
    expect((await call(t.app, calls.subscriptions, {}, token.ana)).status).toBe(403);
  });

  it('lays out the issues a monthly subscription expects, and receives the next one with one call, numbering it after the last', async () => {
    expect((await call(t.app, calls.subscribe, { params: at(), body: { inicio: '2026-13', periodicidade: 'm' } }, token.lia)).status).toBe(400);
    expect(
      (await call(t.app, calls.subscribe, { params: { ...at(), biblioteca: '999999' }, body: { inicio: ago(3).text, periodicidade: 'm' } }, token.lia)).status,
    ).toBe(404);
    const made = await call(t.app, calls.subscribe, { params: at(), body: { inicio: ago(3).text, periodicidade: 'm' } }, token.lia);
    expect(made.status).toBe(200);
    const k = made.body;
    expect(k).toMatchObject({
      titulo: 'Revista Brasileira de Letras',
      biblioteca: 'Biblioteca Central',
      periodicidade: 'm',
      assinatura: { inicio: ago(3).text },
    });
    // Three months late, this month and the next expected; the oldest is next.
    expect(k.fasciculos.map((f) => [f.ano, f.mes, f.situacao])).toEqual([
      [ago(-1).ano, ago(-1).mes, 'esperado'],
      [ago(0).ano, ago(0).mes, 'esperado'],
      [ago(1).ano, ago(1).mes, 'em_atraso'],
      [ago(2).ano, ago(2).mes, 'em_atraso'],
      [ago(3).ano, ago(3).mes, 'em_atraso'],
    ]);
    expect(k.proximo).toEqual({ ano: ago(3).ano, mes: ago(3).mes });

    const before = await pending();
    const first = await call(t.app, calls.receive, { params: at(), body: { numero: '7', volume: '12' } }, token.lia);
    expect(first.status).toBe(201);
    expect(slot(first.body, ago(3))).toEqual([expect.objectContaining({ situacao: 'recebido', numero: '7', volume: '12', chegada: expect.any(String) })]);
    expect(first.body.proximo).toEqual({ ano: ago(2).ano, mes: ago(2).mes });
    const second = await call(t.app, calls.receive, { params: at(), body: {} }, token.lia);
    expect(slot(second.body, ago(2))).toEqual([expect.objectContaining({ situacao: 'recebido', numero: '8', volume: '12' })]);
    // The patrons following the serial hear of each issue received.
    expect(await pending()).toBe(before + 2);

    const again = await call(t.app, calls.receive, { params: at(), body: { ano: ago(3).ano, mes: ago(3).mes, numero: '7' } }, token.lia);
    expect(again.status).toBe(409);
    expect((await call(t.app, calls.receive, { params: at(), body: { ano: 2026 } as never }, token.lia)).status).toBe(400);
  });

  it('claims an issue that did not come, not one received; indexes an article of a received one', async () => {
    const claimed = await call(t.app, calls.claim, { params: at(), body: { ...ago(1), nota: 'Pedido ao fornecedor por e-mail' } }, token.lia);
    expect(slot(claimed.body, ago(1))).toEqual([
      expect.objectContaining({ situacao: 'reclamado', reclamado_em: expect.any(String), reclamacao: 'Pedido ao fornecedor por e-mail', chegada: null }),
    ]);
    const received = { ano: ago(3).ano, mes: ago(3).mes };
    expect((await call(t.app, calls.claim, { params: at(), body: received }, token.lia)).status).toBe(409);
    // A claimed issue that comes after all is received on its row.
    const late = await call(t.app, calls.receive, { params: at(), body: { ...ago(1) } }, token.lia);
    expect(slot(late.body, ago(1))).toEqual([expect.objectContaining({ situacao: 'recebido', reclamado_em: expect.any(String) })]);

    const issue = slot(late.body, ago(3))[0]!.cod_fasciculo!;
    const before = await pending();
    const indexed = await call(
      t.app,
      calls.indexArticle,
      { params: { id: String(issue) }, body: { titulo: 'Machado e a ironia', autores: 'Silva, A.', paginas: '10-25' } },
      token.lia,
    );
    expect(indexed.status).toBe(201);
    expect(slot(indexed.body, ago(3))[0]!.artigos).toEqual([{ seq: 1, titulo: 'Machado e a ironia', autores: 'Silva, A.', paginas: '10-25' }]);
    expect(await pending()).toBe(before + 1);
    expect((await call(t.app, calls.indexArticle, { params: { id: '999999' }, body: { titulo: 'X' } }, token.lia)).status).toBe(404);
    expect((await call(t.app, calls.indexArticle, { params: { id: String(issue) }, body: { titulo: '  ' } }, token.lia)).status).toBe(400);
  });

  it('lists the subscriptions with the last issue received and those late, and audits every act', async () => {
    const list = (await call(t.app, calls.subscriptions, {}, token.lia)).body;
    expect(list).toEqual([
      expect.objectContaining({
        cod_acervo: serial,
        biblioteca: 'Biblioteca Central',
        periodicidade: 'm',
        inicio: ago(3).text,
        em_atraso: 0,
        ultimo_recebido: expect.any(String),
      }),
    ]);
    const acts = await queryRows<{ acao: string }>(t.database.db, sql`select acao from staff_audit where acao like 'serials.%' order by id`);
    expect(acts.map((a) => a.acao)).toEqual(['serials.subscribe', 'serials.receive', 'serials.receive', 'serials.claim', 'serials.receive', 'serials.article']);
  });

  it('never receives an issue twice when twenty desks press "receive the next" at the same moment', async () => {
    const there = { acervo: String(serial), biblioteca: String(other) };
    await call(t.app, calls.subscribe, { params: there, body: { inicio: ago(2).text, periodicidade: 'm' } }, token.lia);
    const together = await Promise.all(Array.from({ length: 20 }, () => call(t.app, calls.receive, { params: there, body: {} }, token.lia)));
    // Each press receives the next issue as the Kardex then stands; the others are told it came already (or none is expected).
    const received = together.filter((r) => r.status === 201).length;
    expect(received).toBeGreaterThanOrEqual(1);
    expect(new Set(together.filter((r) => r.status !== 201).map((r) => r.status))).toEqual(new Set([409]));
    const rows = await queryRows<{ ano: number; mes: number; n: number }>(
      t.database.db,
      sql`select ano, mes, count(*)::int as n from serial_issues where cod_acervo = ${serial} and cod_biblioteca = ${other} group by ano, mes`,
    );
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(rows).toHaveLength(received);
  });
});
