import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsEndpoints, type ReservaBody } from '@estante/contracts/circulation';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createCopies, createLibraries, createPatron, createTitles } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';
import { circulationPolicies, debts, libraryClosedDays } from '../../db/schema/index.js';
import { runAdminCommand } from '../../admin/commands.js';

/**
 * "Dom Casmurro": both central copies lent, one north copy on the shelf. "Atlas": volumes 1
 * and 2, lent. "Obra rara": local use only. Ana, Bruno and Carla are patrons; Bruno holds the
 * Dom Casmurro copies (lent at the desk with the staff command).
 */
let t: TestApp;
let anonymous: string;
const token: Record<string, string> = {};
let central: number;
let norte: number;
const id: Record<string, number> = {};
const desk = (command: 'checkout' | 'checkin', ...args: string[]) => runAdminCommand(t.database.db, { command: `circ.${command}`, args });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  Object.assign(
    id,
    await createTitles(db, [
      { id: 'casmurro', title: 'Dom Casmurro', author: 'Assis, Machado de', year: 1899 },
      { id: 'atlas', title: 'Atlas geográfico', year: 2001 },
      { id: 'rara', title: 'Obra rara', year: 1750 },
      { id: 'aurelio', title: 'Dicionário Aurélio', year: 2010 },
    ]),
  );
  [central, norte] = (await createLibraries(db, ['Biblioteca Central', 'Biblioteca Norte'])).map((l) => l.codBiblioteca) as [number, number];
  await createCopies(db, [
    { codAcervo: id.casmurro!, codBiblioteca: central, tombo: 'C1', localizacao: '869.3 A848d' },
    { codAcervo: id.casmurro!, codBiblioteca: central, tombo: 'C2', localizacao: '869.3 A848d' },
    { codAcervo: id.casmurro!, codBiblioteca: norte, tombo: 'N1', localizacao: '869.3 A848d' },
    { codAcervo: id.atlas!, codBiblioteca: central, tombo: 'V1', localizacao: '912 A881', volume: '1' },
    { codAcervo: id.atlas!, codBiblioteca: central, tombo: 'V2', localizacao: '912 A881', volume: '2' },
    { codAcervo: id.rara!, codBiblioteca: central, codTipoEmprestimo: 2, tombo: 'R1', localizacao: 'Cofre' },
    { codAcervo: id.aurelio!, codBiblioteca: central, tombo: 'D1', localizacao: 'Referência' },
    { codAcervo: id.aurelio!, codBiblioteca: central, tombo: 'D2', localizacao: 'Acervo geral' },
  ]);
  for (const [login, nome] of [
    ['ana', 'Ana Souza'],
    ['bruno', 'Bruno Lima'],
    ['carla', 'Carla Dias'],
  ] as const) {
    await createPatron(db, { login, nome, password: `senha-${login}` });
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  await db
    .insert(circulationPolicies)
    .values({ codTipoEmprestimo: 1, codCategoria: '01', prazoDias: 7, limiteRenovacoes: 2, permiteReserva: true, multaDia: '0.75' });
  // Bruno borrows every copy (six: past the category's default limit of five, so the category allows more).
  await db.execute(sql`update patron_categories set limite_emprestimos = 10 where cod_categoria = '01'`);
  for (const tombo of ['C1', 'C2', 'V1', 'V2', 'D1', 'D2']) await desk('checkout', tombo, 'bruno');
  anonymous = await publicToken(t.app);
});
afterAll(() => t.close());

/** A login's token, or the anonymous one. */
const as = (who: string) => (who === 'anonymous' ? anonymous : token[who]!);
const hold = (who: string, body: ReservaBody) => call(t.app, holdsEndpoints.place, { body }, as(who));
const mine = async (who: string) => (await call(t.app, holdsEndpoints.mine, {}, as(who))).body;

describe('placing a hold (spec §4, §8)', () => {
  it('tells where the title can be held, with the queues and its volumes', async () => {
    const info = (await call(t.app, holdsEndpoints.start, { params: { id: String(id.casmurro) } }, as('anonymous'))).body;
    expect(info.bibliotecas).toEqual([
      { cod_biblioteca: central, desc_biblioteca: 'Biblioteca Central', exemplares: 2, disponiveis: 0, fila: 0 },
      { cod_biblioteca: norte, desc_biblioteca: 'Biblioteca Norte', exemplares: 1, disponiveis: 1, fila: 0 },
    ]);
    expect((await call(t.app, holdsEndpoints.start, { params: { id: String(id.atlas) } }, as('anonymous'))).body.volumes).toEqual(['1', '2']);
    expect((await call(t.app, holdsEndpoints.start, { params: { id: '999999' } }, as('anonymous'))).status).toBe(404);
  });

  it('queues patrons in order: validar-fila tells the place, the hold takes it', async () => {
    const body = { cod_acervo: id.casmurro!, biblioteca: central };
    expect((await call(t.app, holdsEndpoints.validate, { body }, as('ana'))).body).toEqual({ posicao: 1 });
    const first = await hold('ana', body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ posicao: 1, cod_reserva: expect.any(Number) });
    expect((await hold('carla', body)).body.posicao).toBe(2);
    expect(await mine('carla')).toEqual([
      expect.objectContaining({ titulo: 'Dom Casmurro', desc_biblioteca: 'Biblioteca Central', situacao: 'fila', posicao: 2, prazo_retirada: null }),
    ]);
  });

  it('refuses with the spec’s reasons, changing nothing', async () => {
    const cases: [object, number, string][] = [
      [{ cod_acervo: id.casmurro, biblioteca: norte }, 422, 'ReservaExemplarDisponivel'],
      [{ cod_acervo: id.rara, biblioteca: central }, 422, 'ReservaNaoPermitida'],
      [{ cod_acervo: id.rara, biblioteca: norte }, 422, 'ReservaSemExemplarBiblioteca'],
      [{ cod_acervo: id.atlas, biblioteca: central }, 422, 'ReservaSelecioneOpcoes'],
      [{ cod_acervo: id.atlas, biblioteca: central, volume: '9' }, 422, 'ReservaSelecioneOpcoes'],
      [{ cod_acervo: id.casmurro, biblioteca: central }, 422, 'ReservaDuplicada'],
      [{ cod_acervo: 999999, biblioteca: central }, 404, 'AcervoNaoEncontrado'],
      [{ cod_acervo: 'x', biblioteca: central }, 400, 'RequisicaoInvalida'],
    ];
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from holds`);
    for (const [body, status, key] of cases) {
      const response = await hold('ana', body as never);
      expect({ body, status: response.status, key: response.body.key }).toEqual({ body, status, key });
    }
    expect(await queryRows(t.database.db, sql`select count(*)::int as n from holds`)).toEqual(before);
    expect((await hold('anonymous', { cod_acervo: id.casmurro!, biblioteca: central })).status).toBe(403);
  });

  it('holds one volume of a title with volumes', async () => {
    const response = await hold('ana', { cod_acervo: id.atlas!, biblioteca: central, volume: '2' });
    expect(response.body.posicao).toBe(1);
  });

  it('holds the copies of one shelf location: its own queue, served only by a copy from there', async () => {
    const reference = { cod_acervo: id.aurelio!, biblioteca: central, localizacao: 'Referência' };
    expect((await hold('ana', { ...reference, localizacao: 'Mapoteca' })).body).toMatchObject({ key: 'ReservaSemExemplarBiblioteca' });
    expect((await hold('ana', reference)).body.posicao).toBe(1);
    expect((await hold('ana', reference)).body).toMatchObject({ key: 'ReservaDuplicada' });
    expect((await hold('carla', { cod_acervo: id.aurelio!, biblioteca: central })).body.posicao).toBe(1);
    const [anas] = (await mine('ana')).filter((h) => h.cod_acervo === id.aurelio);
    expect(anas).toMatchObject({ localizacao: 'Referência', posicao: 1 });
    // The general collection's copy comes back: it cannot serve Ana's hold, and goes to Carla.
    expect(await desk('checkin', 'D2')).toMatch(/^D2 returned; kept for hold \d+/);
    expect((await mine('carla')).find((h) => h.cod_acervo === id.aurelio)).toMatchObject({
      situacao: 'liberada',
      localizacao: null,
    });
    expect((await mine('ana')).find((h) => h.cod_acervo === id.aurelio)).toMatchObject({ situacao: 'fila' });
    expect(await desk('checkin', 'D1')).toMatch(/^D1 returned; kept for hold \d+/);
    expect((await mine('ana')).find((h) => h.cod_acervo === id.aurelio)).toMatchObject({
      situacao: 'liberada',
      observacao: 'D1',
    });
  });

  it('never queues a double click twice, nor two patrons in the same place', async () => {
    const body = { cod_acervo: id.atlas!, biblioteca: central, volume: '1' };
    const [a, b, c] = await Promise.all([hold('bruno', body), hold('bruno', body), hold('carla', body)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 422]);
    expect(c.status).toBe(200);
    const places = [a, b, c]
      .filter((r) => r.status === 200)
      .map((r) => r.body.posicao)
      .sort();
    expect(places).toEqual([1, 2]);
  });
});

describe('the desk releases holds and fines late returns', () => {
  it('a returned copy goes to the first in the queue, kept until a pick-up day the library is open', async () => {
    // The library is closed on the day the deadline would fall: it moves to the next open day.
    await t.database.db.insert(libraryClosedDays).values({ codBiblioteca: central, dia: sql`current_date + 3`, motivo: 'Feriado' });
    const answer = await desk('checkin', 'C1');
    expect(answer).toMatch(/^C1 returned; kept for hold \d+ until \d{4}-\d{2}-\d{2}$/);
    const [ana] = (await mine('ana')).filter((h) => h.cod_acervo === id.casmurro);
    expect(ana).toMatchObject({ situacao: 'liberada', posicao: null, observacao: 'C1' });
    const [expected] = await queryRows<{ d: string }>(t.database.db, sql`select (current_date + 4)::text as d`);
    expect(ana!.prazo_retirada).toBe(expected!.d);
    // Carla moves up; Ana's copy cannot be lent to anyone else, and goes to her.
    expect((await mine('carla')).find((h) => h.cod_acervo === id.casmurro)?.posicao).toBe(1);
    await expect(desk('checkout', 'C1', 'carla')).rejects.toThrow(/^O exemplar C1 está separado para a reserva de outra pessoa/);
    expect(await desk('checkout', 'C1', 'ana')).toMatch(/^C1 lent to Ana Souza until \d{4}-\d{2}-\d{2}/);
    const history = (await call(t.app, holdsEndpoints.history, { query: { dataIni: '2000-01-01', dataFim: '2999-12-31' } }, as('ana'))).body;
    expect(history.find((h) => h.cod_acervo === id.casmurro)?.situacao).toBe('atendida');
  });

  it('lends for the policy’s period and fines each late day at its rate', async () => {
    const [loan] = await queryRows<{ devolucao: string; esperado: string }>(
      t.database.db,
      sql`select l.data_devolucao_prevista::text as devolucao, (current_date + 7)::text as esperado from loans l join copies c using (cod_exemplar) where c.tombo = 'C1' and l.data_devolucao is null`,
    );
    expect(loan!.devolucao).toBe(loan!.esperado);
    // Four days late.
    await t.database.db.execute(
      sql`update loans set data_emprestimo = now() - interval '11 days', data_devolucao_prevista = current_date - 4 where cod_exemplar = (select cod_exemplar from copies where tombo = 'C2') and data_devolucao is null`,
    );
    await t.database.db.execute(sql`update copies set data_devolucao_prevista = current_date - 4 where tombo = 'C2'`);
    expect(await desk('checkin', 'C2')).toMatch(/^C2 returned; fine R\$ 3\.00; kept for hold \d+/);
    const fines = await t.database.db.select().from(debts);
    expect(fines.map((d) => [d.service, d.amount])).toEqual([['multa_atraso', '3.00']]);
  });

  it('refuses what the desk cannot do', async () => {
    await expect(desk('checkin', 'N1')).rejects.toThrow('O exemplar N1 não está emprestado.');
    await expect(desk('checkout', 'R1', 'ana')).rejects.toThrow('O exemplar R1 é de consulta local e não pode ser emprestado.');
    await expect(desk('checkout', 'XX', 'ana')).rejects.toThrow('Exemplar XX não encontrado.');
    await expect(desk('checkout', 'N1', 'ninguem')).rejects.toThrow('Nenhuma pessoa com o login ninguem.');
  });
});

describe('cancelling holds', () => {
  it('cancels several at once, all or none; another patron’s hold is not found', async () => {
    const carlas = await mine('carla');
    expect(carlas.length).toBeGreaterThanOrEqual(1);
    const anas = await mine('ana');
    const cancel = (reservas: string) => call(t.app, holdsEndpoints.cancel, { query: { reservas } }, as('carla'));
    const mixed = [...carlas.map((h) => h.cod_reserva), anas[0]!.cod_reserva].join(',');
    const foreign = await cancel(mixed);
    expect(foreign.status).toBe(404);
    expect(await mine('carla')).toHaveLength(carlas.length);
    const ok = await cancel(carlas.map((h) => h.cod_reserva).join(','));
    expect(ok.body).toEqual({ canceladas: carlas.length });
    expect(await mine('carla')).toEqual([]);
    const again = await cancel(String(carlas[0]!.cod_reserva));
    expect(again.status).toBe(422);
    expect(again.body.key).toBe('ErroCancelarReserva');
    expect((await cancel('abc')).status).toBe(400);
  });

  it('a cancelled released hold passes its copy back to the shelf when no one else waits', async () => {
    // C2 came back for Carla's hold, which she cancelled: with nobody else in the queue it is on the shelf again.
    const [c2] = await queryRows<{ status: string }>(t.database.db, sql`select status from copies where tombo = 'C2'`);
    expect(c2!.status).toBe('disponivel');
    const history = (await call(t.app, holdsEndpoints.history, { query: { dataIni: '2000-01-01', dataFim: '2999-12-31' } }, as('carla'))).body;
    expect(history.every((h) => h.situacao === 'cancelada' && h.data_cancelamento !== null)).toBe(true);
    expect((await call(t.app, holdsEndpoints.history, { query: { dataIni: '2030-01-02', dataFim: '2030-01-01' } }, as('carla'))).status).toBe(400);
  });
});
