import { acquisitionsEndpoints, type Sugestao, type SuggestionStatus } from '@estante/contracts/acquisitions';
import { type Endpoint, endpointUrl } from '@estante/contracts/kernel';
import { unitsEndpoints } from '@estante/contracts/parameters';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createLibraries, createPatron, createTitles, enableActivities, grantStaffRoles } from '../../../test/factories.js';
import { createSuggestion } from '../../../test/factories/acquisitions.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { runAdminCommand } from '../../admin/commands.js';
import { queryRows } from '../../db/client.js';
import { createMailer } from '../../lib/mail.js';

/**
 * Acquisition suggestions' life (issue 20): the footer form → the library takes it up, quotes,
 * orders, receives it (by command and by the staff API) → each step in Consulta de sugestões
 * and in an e-mail; statistics that agree with the rows; other patrons' suggestions invisible;
 * bad input refused without a change; the order's copies never over-delivered under a crowd.
 */
let t: TestApp;
let mail: TestMailSink;
const token: Record<string, string> = {};
const patron: Record<string, number> = {};
let central: { codBiblioteca: number; codCampus: number };
let branch: { codBiblioteca: number; codCampus: number };
let titleId = 0;

beforeAll(async () => {
  mail = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: 'https://catalogo.example.org' });
  const db = t.database.db;
  await createInstitution(db);
  await enableActivities(db, [12]);
  const [first, second] = await createLibraries(db, ['Central', 'Setorial']);
  [central, branch] = [first!, second!];
  for (const login of ['ana', 'bia', 'fernanda']) {
    patron[login] = (
      await createPatron(db, { login, nome: `${login[0]!.toUpperCase()}${login.slice(1)} Teste`, password: `senha-${login}`, email: `${login}@example.org` })
    ).codPessoa;
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  await grantStaffRoles(db, 'fernanda', ['aquisicao']);
  titleId = (await createTitles(db, [{ id: 'acq-1', title: 'Pedagogia da autonomia', author: 'Freire, Paulo' }]))['acq-1']!;
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A login's token. */
const as = (login: string) => token[login]!;
const staff = (verb: string, ...args: string[]) =>
  runAdminCommand(t.database.db, { command: `acquisitions.${verb}`, args }, undefined, createMailer(mail.url, 'Biblioteca <biblioteca@example.org>'));
const state = async () =>
  queryRows<{ id: number; situacao: string; total_entregue: number; cod_pedido: number | null; events: number }>(
    t.database.db,
    sql`select id, situacao, total_entregue, cod_pedido, (select count(*)::int from suggestion_events e where e.cod_sugestao = s.id) as events
        from acquisition_suggestions s order by id`,
  );
const mailsTo = async (address: string) => (await mail.messages()).filter((m) => m.to && JSON.stringify(m.to).includes(address));
const suggestionOf = async (who: string, id: number) => (await call(t.app, acquisitionsEndpoints.suggestion, { params: { id: String(id) } }, as(who))).body;

/** Stores a suggestion as the footer form would have, sent `daysAgo` days ago. */
const suggestionRow = (login: string, library: number, titulo: string, situacao: SuggestionStatus = 'pre_sugestao', daysAgo = 0) =>
  createSuggestion(t.database.db, { codPessoa: patron[login]!, codBiblioteca: library, titulo, situacao, daysAgo });

describe('a suggestion from the footer to the shelf', () => {
  let id = 0;

  it('starts as a pre-suggestion the patron sees with its first step', async () => {
    const sent = await call(
      t.app,
      unitsEndpoints.suggestion,
      {
        body: {
          titulo: 'Pedagogia da autonomia',
          autor: 'Paulo Freire',
          editor: 'Paz e Terra',
          campus: central.codCampus,
          biblioteca: central.codBiblioteca,
        },
      },
      as('ana'),
    );
    expect(sent.status).toBe(201);
    id = sent.body.codigo;
    const list = await call(t.app, acquisitionsEndpoints.suggestions, { query: {} }, as('ana'));
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      codigo: id,
      situacao: 'pre_sugestao',
      descricao_situacao: 'Pré-sugestão',
      titulo: 'Pedagogia da autonomia',
      solicitante: 'Ana Teste',
      quantidade: 1,
      total_entregue: 0,
      pedido: null,
      cod_acervo: null,
      obra_estrangeira: false,
    });
    expect(list.body[0]!.historico.map((h) => h.situacao)).toEqual(['pre_sugestao']);
  });

  it('is invisible to another patron: 404 alone, absent from their list', async () => {
    expect((await call(t.app, acquisitionsEndpoints.suggestion, { params: { id: String(id) } }, as('bia'))).status).toBe(404);
    expect((await call(t.app, acquisitionsEndpoints.suggestions, { query: {} }, as('bia'))).body).toEqual([]);
    expect((await call(t.app, acquisitionsEndpoints.orders, {}, as('bia'))).body).toEqual([]);
  });

  it('is quoted by command: three copies of a foreign work, dated today, and the patron is e-mailed', async () => {
    expect(await staff('quote', String(id), '3', 'foreign', 'Cotada', 'com', 'dois', 'fornecedores')).toContain('em_cotacao');
    const s = await suggestionOf('ana', id);
    expect(s).toMatchObject({ situacao: 'em_cotacao', quantidade: 3, obra_estrangeira: true, nota: 'Cotada com dois fornecedores' });
    expect(s.data_cotacao).toBe(new Date().toISOString().slice(0, 10));
    const mails = await mailsTo('ana@example.org');
    expect(mails.at(-1)!.subject).toBe(`Sua sugestão de aquisição nº ${id}: Em cotação`);
    expect(mails.at(-1)!.text).toContain('Nota da biblioteca: Cotada com dois fornecedores');
  });

  it('is ordered by command with an expected date; the order shows to its patron', async () => {
    const out = await staff('order', String(central.codBiblioteca), 'Livraria Cultura', String(id), '2027-01-15');
    expect(out).toMatch(/purchase order \d+/);
    const s = await suggestionOf('ana', id);
    expect(s).toMatchObject({ situacao: 'aguardando_entrega', previsao_entrega: '2027-01-15' });
    expect(s.pedido).toEqual(expect.any(Number));
    expect((await mailsTo('ana@example.org')).at(-1)!.text).toContain(`Incluída no pedido de compra nº ${s.pedido}, entrega prevista para 15/01/2027`);
    const orders = await call(t.app, acquisitionsEndpoints.orders, {}, as('ana'));
    expect(orders.body).toEqual([
      expect.objectContaining({
        codigo: s.pedido,
        fornecedor: 'Livraria Cultura',
        biblioteca: 'Central',
        encerrado: false,
        itens: [expect.objectContaining({ sugestao: id, quantidade: 3, total_entregue: 0 })],
      }),
    ]);
  });

  it('is delivered in part by command, refuses more copies than ordered, then in full through the staff API with its catalogue record', async () => {
    expect(await staff('deliver', String(id), '1')).toContain('parcialmente_atendida');
    expect((await suggestionOf('ana', id)).total_entregue).toBe(1);
    await expect(staff('deliver', String(id), '3')).rejects.toThrow('Foram pedidos 3 exemplares e 1 já chegaram');
    const delivered = await call(
      t.app,
      acquisitionsEndpoints.act,
      { params: { id: String(id) }, body: { acao: 'entregar', quantidade: 2, acervo: titleId, nota: 'Já no acervo' } },
      as('fernanda'),
    );
    expect(delivered.status).toBe(200);
    const s = await suggestionOf('ana', id);
    expect(s).toMatchObject({ situacao: 'atendida', total_entregue: 3, cod_acervo: titleId });
    expect(s.historico.map((h) => h.situacao)).toEqual(['pre_sugestao', 'em_cotacao', 'aguardando_entrega', 'parcialmente_atendida', 'atendida']);
    const last = (await mailsTo('ana@example.org')).at(-1)!;
    expect(last.subject).toBe(`Sua sugestão de aquisição nº ${id}: Atendida`);
    expect(last.text).toContain('Exemplares recebidos: 3 de 3.');
    expect(last.text).toContain(`No catálogo: https://catalogo.example.org/acervo/${titleId}`);
  });

  it('cannot move on once attended (409) and nothing changes', async () => {
    const before = await state();
    await expect(staff('quote', String(id))).rejects.toThrow('não é possível cotá-la agora');
    const refused = await call(
      t.app,
      acquisitionsEndpoints.act,
      { params: { id: String(id) }, body: { acao: 'recusar', situacao: 'cancelada' } },
      as('fernanda'),
    );
    expect(refused.status).toBe(409);
    expect(await state()).toEqual(before);
  });
});

describe('the staff API', () => {
  it('is for the desk staff only', async () => {
    expect((await call(t.app, acquisitionsEndpoints.queue, { query: {} }, as('ana'))).status).toBe(403);
    expect((await call(t.app, acquisitionsEndpoints.act, { params: { id: '1' }, body: { acao: 'aceitar' } }, as('ana'))).status).toBe(403);
  });

  it('takes up, refuses as already held (with the title), and words statuses in the language asked', async () => {
    const id = await suggestionRow('bia', central.codBiblioteca, 'Didática');
    const accepted = await call(t.app, acquisitionsEndpoints.act, { params: { id: String(id) }, body: { acao: 'aceitar' } }, as('fernanda'), '5');
    expect(accepted.body).toMatchObject({ situacao: 'sugestao_compra', descricao_situacao: 'Purchase suggestion' });
    const noTitle = await call(
      t.app,
      acquisitionsEndpoints.act,
      { params: { id: String(id) }, body: { acao: 'recusar', situacao: 'ja_existe' } },
      as('fernanda'),
    );
    expect(noTitle.status).toBe(422);
    const held = await call(
      t.app,
      acquisitionsEndpoints.act,
      { params: { id: String(id) }, body: { acao: 'recusar', situacao: 'ja_existe', acervo: titleId } },
      as('fernanda'),
    );
    expect(held.body).toMatchObject({ situacao: 'ja_existe', cod_acervo: titleId });
    const queue = await call(t.app, acquisitionsEndpoints.queue, { query: { situacao: 'ja_existe' } }, as('fernanda'));
    expect(queue.body.map((s) => s.codigo)).toEqual([id]);
  });

  it("groups a library's suggestions in an order only: another library's, or one not quoted, undoes it all", async () => {
    const a = await suggestionRow('bia', central.codBiblioteca, 'Cálculo I', 'em_cotacao');
    const b = await suggestionRow('bia', branch.codBiblioteca, 'Cálculo II', 'em_cotacao');
    const c = await suggestionRow('bia', central.codBiblioteca, 'Cálculo III');
    const before = await state();
    const orders = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from purchase_orders`))[0]!.n;
    const ordersBefore = await orders();
    const mixed = await call(
      t.app,
      acquisitionsEndpoints.order,
      { body: { fornecedor: 'X', biblioteca: central.codBiblioteca, sugestoes: [a, b] } },
      as('fernanda'),
    );
    expect(mixed.status).toBe(422);
    const early = await call(
      t.app,
      acquisitionsEndpoints.order,
      { body: { fornecedor: 'X', biblioteca: central.codBiblioteca, sugestoes: [a, c] } },
      as('fernanda'),
    );
    expect(early.status).toBe(409);
    const unknown = await call(t.app, acquisitionsEndpoints.order, { body: { fornecedor: 'X', biblioteca: 999_999, sugestoes: [a] } }, as('fernanda'));
    expect(unknown.status).toBe(422);
    expect(
      (await call(t.app, acquisitionsEndpoints.order, { body: { fornecedor: 'X', biblioteca: central.codBiblioteca, sugestoes: [] } }, as('fernanda'))).status,
    ).toBe(400);
    expect(await state()).toEqual(before);
    expect(await orders()).toBe(ordersBefore);
    const made = await call(
      t.app,
      acquisitionsEndpoints.order,
      { body: { fornecedor: 'Y', biblioteca: central.codBiblioteca, sugestoes: [a] } },
      as('fernanda'),
    );
    expect(made.status).toBe(201);
    expect(made.body.itens.map((i) => i.situacao)).toEqual(['aguardando_entrega']);
  });

  it('closes an order: the part-delivered finish incomplete, the undelivered are not attended', async () => {
    const a = await suggestionRow('bia', branch.codBiblioteca, 'Geometria', 'em_cotacao');
    const b = await suggestionRow('bia', branch.codBiblioteca, 'Topologia', 'em_cotacao');
    await t.database.db.execute(sql`update acquisition_suggestions set quantidade = 2 where id = ${a}`);
    const made = await call(
      t.app,
      acquisitionsEndpoints.order,
      { body: { fornecedor: 'Z', biblioteca: branch.codBiblioteca, sugestoes: [a, b] } },
      as('fernanda'),
    );
    await staff('deliver', String(a), '1');
    const closed = await call(t.app, acquisitionsEndpoints.closeOrder, { params: { id: String(made.body.codigo) } }, as('fernanda'));
    expect(closed.body.encerrado).toBe(true);
    expect(closed.body.itens.map((i) => [i.sugestao, i.situacao])).toEqual([
      [a, 'finalizada_incompleta'],
      [b, 'nao_atendida'],
    ]);
    expect((await call(t.app, acquisitionsEndpoints.closeOrder, { params: { id: String(made.body.codigo) } }, as('fernanda'))).status).toBe(409);
  });
});

describe('prices, the staff filters and the budgets (issue 54)', () => {
  it('quotes with a price and a supplier, filters by library, category and period, lists the orders, and counts a budget committed and spent', async () => {
    const [campus] = await createLibraries(t.database.db, ['Campus Norte']);
    const library = campus!.codBiblioteca;
    await t.database.db.execute(sql`insert into patron_categories (cod_categoria, descricao) values ('04', 'Professor') on conflict do nothing`);
    await t.database.db.execute(sql`update people set cod_categoria = '04' where cod_pessoa = ${patron.bia}`);
    const a = await suggestionRow('bia', library, 'Álgebra linear', 'sugestao_compra', 3);
    const b = await suggestionRow('ana', library, 'Equações diferenciais', 'sugestao_compra', 40);
    const quote = (id: number, body: object) =>
      call(t.app, acquisitionsEndpoints.act, { params: { id: String(id) }, body: { acao: 'cotar', ...body } as never }, as('fernanda'));
    expect((await quote(a, { quantidade: 2, preco: '12,50' })).status).toBe(400);
    expect((await quote(a, { quantidade: 2, preco: '-3' })).status).toBe(400);
    const quoted = await quote(a, { quantidade: 2, preco: '89.9', fornecedor: 'Livraria Sol' });
    expect(quoted.body).toMatchObject({ situacao: 'em_cotacao', quantidade: 2, preco: '89.90', fornecedor: 'Livraria Sol', categoria: 'Professor' });
    // The patron's own view shows neither the price nor the supplier.
    expect(Object.keys(await suggestionOf('bia', a))).not.toContain('preco');
    await quote(b, { preco: '150' });

    const queue = async (query: Record<string, string>) =>
      (await call(t.app, acquisitionsEndpoints.queue, { query: query as never }, as('fernanda'))).body.map((s) => s.codigo);
    expect(await queue({ biblioteca: String(library) })).toEqual([b, a]);
    expect(await queue({ biblioteca: String(library), categoria: '04' })).toEqual([a]);
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    expect(await queue({ biblioteca: String(library), dataIni: day(10), dataFim: day(0) })).toEqual([a]);
    expect((await call(t.app, acquisitionsEndpoints.queue, { query: { dataIni: day(0), dataFim: day(10) } as never }, as('fernanda'))).status).toBe(400);

    const year = new Date().getUTCFullYear();
    const budget = (valor: string, lib = library) =>
      call(t.app, acquisitionsEndpoints.setBudget, { params: { biblioteca: String(lib), ano: String(year) }, body: { valor } }, as('fernanda'));
    expect((await budget('abc')).status).toBe(400);
    expect((await budget('1000', 999_999)).status).toBe(422);
    expect((await budget('1000')).body).toEqual({
      cod_biblioteca: library,
      biblioteca: 'Campus Norte',
      ano: year,
      valor: '1000.00',
      comprometido: '0.00',
      gasto: '0.00',
      saldo: '1000.00',
      sem_preco: 0,
    });
    const order = await call(
      t.app,
      acquisitionsEndpoints.order,
      { body: { fornecedor: 'Livraria Sol', biblioteca: library, sugestoes: [a, b] } },
      as('fernanda'),
    );
    expect(order.status).toBe(201);
    await call(t.app, acquisitionsEndpoints.act, { params: { id: String(a) }, body: { acao: 'entregar', quantidade: 1 } }, as('fernanda'));
    const all = (await call(t.app, acquisitionsEndpoints.budgets, { query: { ano: String(year) } as never }, as('fernanda'))).body;
    // Committed: one copy of A awaited (89.90) and B (150.00); spent: one copy of A delivered.
    expect(all.find((x) => x.cod_biblioteca === library)).toMatchObject({ valor: '1000.00', comprometido: '239.90', gasto: '89.90', saldo: '670.20' });
    expect(all.map((x) => x.biblioteca)).toEqual(['Campus Norte', 'Central', 'Setorial']);
    expect(all.find((x) => x.biblioteca === 'Central')).toMatchObject({ valor: null, saldo: null });
    await call(t.app, acquisitionsEndpoints.closeOrder, { params: { id: String(order.body.codigo) } }, as('fernanda'));
    expect((await budget('1200')).body).toMatchObject({ comprometido: '0.00', gasto: '89.90', saldo: '1110.10' });

    const orders = (await call(t.app, acquisitionsEndpoints.staffOrders, { query: { biblioteca: String(library) } as never }, as('fernanda'))).body;
    expect(orders).toEqual([expect.objectContaining({ codigo: order.body.codigo, encerrado: true, fornecedor: 'Livraria Sol' })]);
    expect((await call(t.app, acquisitionsEndpoints.budgets, { query: { ano: String(year) } as never }, as('ana'))).status).toBe(403);
    const acts = await queryRows<{ detalhes: Record<string, unknown> }>(
      t.database.db,
      sql`select detalhes from staff_audit where acao = 'acquisitions.budget' order by id`,
    );
    expect(acts.map((x) => x.detalhes)).toEqual([
      { ano: year, antes: null, depois: '1000.00' },
      { ano: year, antes: '1000.00', depois: '1200.00' },
    ]);
  });
});

describe('statistics and filters', () => {
  it('count exactly the rows the list shows, by status, library and month, for any filter', async () => {
    await suggestionRow('bia', central.codBiblioteca, 'Antiga', 'nao_localizada', 70);
    await suggestionRow('bia', branch.codBiblioteca, 'Mais antiga', 'esgotada', 400);
    const today = new Date().toISOString().slice(0, 10);
    const filters: { dataIni?: string; dataFim?: string; biblioteca?: string }[] = [
      {},
      { dataIni: new Date(Date.now() - 100 * 864e5).toISOString().slice(0, 10), dataFim: today },
      { biblioteca: String(branch.codBiblioteca) },
    ];
    for (const filter of filters) {
      const stats = (await call(t.app, acquisitionsEndpoints.statistics, { query: filter }, as('bia'))).body;
      const library = filter.biblioteca ? branch.codBiblioteca : undefined;
      // The list takes the period only.
      const { biblioteca: _library, ...period } = filter;
      const rows = (await call(t.app, acquisitionsEndpoints.suggestions, { query: period }, as('bia'))).body.filter(
        (s) => library === undefined || s.cod_biblioteca === library,
      );
      expect(stats.total).toBe(rows.length);
      expect(stats.exemplares_sugeridos).toBe(rows.reduce((n, s) => n + s.quantidade, 0));
      expect(stats.exemplares_entregues).toBe(rows.reduce((n, s) => n + s.total_entregue, 0));
      const tally = (key: (s: Sugestao) => string | number) => rows.reduce<Record<string, number>>((m, s) => ({ ...m, [key(s)]: (m[key(s)] ?? 0) + 1 }), {});
      expect(Object.fromEntries(stats.por_situacao.map((s) => [s.situacao, s.total]))).toEqual(tally((s) => s.situacao));
      expect(Object.fromEntries(stats.por_biblioteca.map((s) => [s.cod_biblioteca, s.total]))).toEqual(tally((s) => s.cod_biblioteca));
      expect(Object.fromEntries(stats.por_mes.map((s) => [s.mes, s.total]))).toEqual(tally((s) => s.criado_em.slice(0, 7)));
    }
    const all = (await call(t.app, acquisitionsEndpoints.statistics, { query: {} }, as('bia'))).body;
    expect(all.total).toBeGreaterThanOrEqual(8);
    expect(all.por_mes.length).toBeGreaterThanOrEqual(3);
  });

  it('filter the list by status and period', async () => {
    const esgotadas = (await call(t.app, acquisitionsEndpoints.suggestions, { query: { situacao: 'esgotada' } }, as('bia'))).body;
    expect(esgotadas.map((s) => s.titulo)).toEqual(['Mais antiga']);
    const recent = (
      await call(t.app, acquisitionsEndpoints.suggestions, { query: { dataIni: new Date(Date.now() - 30 * 864e5).toISOString().slice(0, 10) } }, as('bia'))
    ).body;
    expect(recent.map((s) => s.titulo)).not.toContain('Antiga');
    expect(recent.length).toBeGreaterThan(0);
  });

  it('refuse bad input with a clear 4xx', async () => {
    const bad: [Endpoint, { params?: object; query?: object }, number][] = [
      [acquisitionsEndpoints.suggestions, { query: { situacao: 'perdida' } }, 400],
      [acquisitionsEndpoints.suggestions, { query: { dataIni: '2026-05-01', dataFim: '2026-04-01' } }, 400],
      [acquisitionsEndpoints.suggestions, { query: { dataIni: '2026-02-30' } }, 400],
      [acquisitionsEndpoints.statistics, { query: { biblioteca: '999999' } }, 422],
      [acquisitionsEndpoints.statistics, { query: { biblioteca: 'abc' } }, 400],
      [acquisitionsEndpoints.suggestion, { params: { id: 'abc' } }, 400],
    ];
    for (const [endpoint, input, status] of bad) {
      const url = endpointUrl(endpoint, input);
      const answer = await call(t.app, endpoint, input as never, as('bia'));
      expect(answer.status, url).toBe(status);
      expect(answer.body.message!.length, url).toBeGreaterThan(5);
    }
  });

  it('name the statuses of §4 in the language asked', async () => {
    const pt = (await call(t.app, acquisitionsEndpoints.statuses, {}, as('bia'))).body;
    const es = (await call(t.app, acquisitionsEndpoints.statuses, {}, as('bia'), '3')).body;
    expect(pt).toHaveLength(14);
    expect(pt.find((s) => s.codigo === 'em_negociacao')!.descricao).toBe('Em negociação');
    expect(es.find((s) => s.codigo === 'ja_existe')!.descricao).toBe('Ya existe en el acervo');
  });
});

describe('under a crowd', () => {
  it('twenty deliveries at once never receive more copies than were ordered', async () => {
    const id = await suggestionRow('bia', central.codBiblioteca, 'Concorrência', 'em_cotacao');
    await t.database.db.execute(sql`update acquisition_suggestions set quantidade = 3 where id = ${id}`);
    await call(t.app, acquisitionsEndpoints.order, { body: { fornecedor: 'W', biblioteca: central.codBiblioteca, sugestoes: [id] } }, as('fernanda'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, acquisitionsEndpoints.act, { params: { id: String(id) }, body: { acao: 'entregar', quantidade: 1 } }, as('fernanda')),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 || a.status === 422)).toBe(true);
    const row = (await state()).find((s) => s.id === id)!;
    expect(row).toMatchObject({ situacao: 'atendida', total_entregue: 3 });
  });

  it('two orders of the same suggestion at once: one wins', async () => {
    const id = await suggestionRow('bia', central.codBiblioteca, 'Disputada', 'em_cotacao');
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((f) =>
        call(t.app, acquisitionsEndpoints.order, { body: { fornecedor: f, biblioteca: central.codBiblioteca, sugestoes: [id] } }, as('fernanda')),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });
});
