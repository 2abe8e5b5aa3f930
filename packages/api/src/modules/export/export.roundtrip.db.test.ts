import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints } from '@estante/contracts/account';
import { titleEndpoints } from '@estante/contracts/catalog';
import { holdsEndpoints, loansEndpoints } from '@estante/contracts/circulation';
import { runAdminCommand } from '../../admin/commands.js';
import { queryRows } from '../../db/client.js';
import { seedCirculationPolicy } from '../../seed/circulation.js';
import { DEMO_PASSWORD, DEMO_PATRONS, DEMO_TWO_REGISTRATIONS, seedDemoIfEmpty, seedInstitution, seedReferenceData } from '../../seed/demo.js';
import { call, createTestApp, type TestApp } from '../../../test/app.js';

/**
 * Issue 57's round trip (item 4, decision 0056): the demo library — its catalogue with copies,
 * patrons, open loans, holds placed by its patrons, debts — exported with the staff commands and
 * imported with the import commands into an empty database (another test database, given only the
 * library's set-up: libraries, loan types, categories, circulation policy, the institution), gives
 * every demo account the same answers: sign-in, open loans, holds, debts, and every title's copies.
 *
 * Normalised, because they must differ: the numbers the database gives (cod_emprestimo,
 * cod_reserva, cod_debito, cod_exemplar; cod_acervo is compared as the title's control number)
 * and a hold's time of day (the holds file carries the day it was placed, as the import reads it).
 * Nothing else.
 */
let source: TestApp;
let target: TestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'estante-roundtrip-'));
const file = (name: string) => path.join(dir, name);
/** What each export command printed. */
const printed: Record<string, string> = {};

/** The library's own holdings map: a 949 per copy, every part in it, the status by name (the Brazilian systems' habit). */
const OWN_MAP = {
  items: ['949'],
  read: {
    barcode: ['949$a'],
    library: ['949$b'],
    callNumber: ['949$c'],
    loanType: ['949$t'],
    collection: ['949$k'],
    volume: ['949$v'],
    material: ['949$m'],
    acquired: ['949$d'],
    status: ['949$s'],
  },
  loanTypes: { NORMAL: 1 },
};

/** The library's set-up, which no export carries: what the new Estante is configured with before the files come. */
async function setUp(app: TestApp) {
  await seedReferenceData(app.database.db);
  await seedCirculationPolicy(app.database.db);
  await seedInstitution(app.database.db);
}

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  // The demo library with its real and special records only (no generated titles): every kind of copy, loan and patron, quickly.
  await seedDemoIfEmpty(source.database.db, { titles: 0 });
  await setUp(target);
  // Holds, which the demo has none of: two patrons queue for one title, a third for another.
  const held = await queryRows<{ cod_acervo: number; cod_biblioteca: number }>(
    source.database.db,
    sql`select c.cod_acervo, c.cod_biblioteca from copies c join loan_types lt on lt.cod_tipo_emprestimo = c.cod_tipo_emprestimo
        group by 1, 2
        having count(*) filter (where c.status = 'disponivel') = 0 and bool_or(lt.permite_reserva) and count(*) filter (where c.status = 'emprestado') > 0
           and bool_and(c.volume is null and c.tomo is null and c.parte is null and not c.acervo_fechado)
        order by 1, 2 limit 2`,
  );
  expect(held).toHaveLength(2);
  for (const [login, at] of [
    ['aluno', held[0]!],
    ['professor', held[0]!],
    ['mestrando', held[1]!],
  ] as const) {
    const placed = await call(
      source.app,
      holdsEndpoints.place,
      { body: { cod_acervo: at.cod_acervo, biblioteca: at.cod_biblioteca } },
      await signIn(source, login),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  }
  writeFileSync(file('mapa.json'), JSON.stringify(OWN_MAP));
  const run = (command: string, args: string[]) => runAdminCommand(source.database.db, { command, args });
  printed.catalogue = await run('catalog.export', [file('catalogo.xml'), '--holdings-map', file('mapa.json')]);
  for (const [verb, name] of [
    ['export-patrons', 'leitores'],
    ['export-loans', 'emprestimos'],
    ['export-holds', 'reservas'],
    ['export-debts', 'debitos'],
  ] as const)
    printed[name] = await run(`people.${verb}`, [file(`${name}.csv`)]);
}, 300_000);
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** A sign-in's access token, or the status it was refused with. */
async function signIn(app: TestApp, login: string): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/svc/oauth/token',
    payload: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: login, password: DEMO_PASSWORD },
  });
  return response.statusCode === 200 ? response.json<{ access_token: string }>().access_token : `refused ${response.statusCode}`;
}

/** The title numbers of a database by control number, both ways. */
async function titleNumbers(app: TestApp) {
  const rows = await queryRows<{ id: number; n: string }>(app.database.db, sql`select cod_acervo as id, control_number as n from titles`);
  return { byId: new Map(rows.map((r) => [r.id, r.n])), byNumber: new Map(rows.map((r) => [r.n, r.id])) };
}

/** An answer with the database's own numbers taken out: ids dropped, a title by its control number, a hold's day without its time. */
function normalised(value: unknown, titles: Map<number, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => normalised(v, titles));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (['cod_emprestimo', 'cod_reserva', 'cod_debito', 'cod_exemplar'].includes(key)) continue;
    if (key === 'cod_acervo' && typeof v === 'number') out[key] = titles.get(v) ?? `unknown title ${v}`;
    else if (key === 'data_reserva' && typeof v === 'string') out[key] = v.slice(0, 10);
    else out[key] = normalised(v, titles);
  }
  return out;
}

describe('the demo library exported and imported into an empty database', () => {
  it('is written by the export commands, each saying how it is read back', () => {
    expect(printed.catalogue).toMatch(/^.*catalogo\.xml: \d+ titles with \d+ copies \(holdings map mapa\.json\) and \d+ authority records, MARCXML/);
    expect(printed.catalogue).toContain(`read it back with: npm run import -- --holdings-map ${file('mapa.json')} --map-loan-type 2=2`);
    expect(printed.catalogue).toContain('--map-status emprestado=disponivel');
    expect(printed.leitores).toContain(`read it back with: npm run staff -- people import ${file('leitores.csv')}`);
    expect(printed.reservas).toMatch(/reservas\.csv: 3 rows/);
  });

  it('is imported by the import commands with nothing rejected', async () => {
    const line = printed.catalogue!.split('\n').find((l) => l.startsWith('read it back with: npm run import -- '))!;
    const args = line.replace('read it back with: npm run import -- ', '').split(' ');
    const imported = JSON.parse(await runAdminCommand(target.database.db, { command: 'catalog.import', args })) as { lines: string[]; rejected: number };
    expect(imported.rejected, imported.lines.join('\n')).toBe(0);
    for (const [verb, name] of [
      ['import', 'leitores'],
      ['import-loans', 'emprestimos'],
      ['import-holds', 'reservas'],
      ['import-debts', 'debitos'],
    ]) {
      const report = await runAdminCommand(target.database.db, { command: `people.${verb}`, args: [file(`${name}.csv`)] });
      expect(report.split('\n')[0], report).toMatch(/, 0 rejected$/);
      expect(report).not.toMatch(/ 0 created/);
    }
    const count = async (app: TestApp, table: string) =>
      (await queryRows<{ n: number }>(app.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
    for (const table of ['titles', 'copies', 'authorities', 'people', 'loans where data_devolucao is null', 'holds', 'debts where valor_pago < valor'])
      expect(await count(target, table), table).toBe(await count(source, table));
    // A person without a login (the demo's background population, Helena's second registration) gets `pessoa.<n>`, which nobody signs in with.
    const without = await count(source, 'people p where not exists (select 1 from logins l where l.cod_pessoa = p.cod_pessoa)');
    expect(without).toBeGreaterThan(300);
    expect(await count(target, 'logins')).toBe((await count(source, 'logins')) + without);
    expect(await count(target, "logins where login like 'pessoa.%'")).toBe(without);
  });

  it('gives every demo account the same sign-in, loans, holds and debts', async () => {
    const [before, after] = await Promise.all([titleNumbers(source), titleNumbers(target)]);
    const logins = [...DEMO_PATRONS.map((p) => p.login), DEMO_TWO_REGISTRATIONS.login, '2024001234'];
    let compared = 0;
    for (const login of logins) {
      const [a, b] = await Promise.all([signIn(source, login), signIn(target, login)]);
      if (a.startsWith('refused')) {
        expect(b, login).toBe(a);
        continue;
      }
      expect(b, login).not.toMatch(/^refused/);
      for (const [what, endpoint, input] of [
        ['loans', loansEndpoints.pending, { query: {} }],
        ['holds', holdsEndpoints.mine, {}],
        ['debts', accountEndpoints.debts, {}],
      ] as const) {
        const [x, y] = await Promise.all([call(source.app, endpoint, input as never, a), call(target.app, endpoint, input as never, b)]);
        expect(x.status, `${login} ${what}`).toBe(200);
        expect(normalised(y.body, after.byId), `${login} ${what}`).toEqual(normalised(x.body, before.byId));
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(3 * 15);
  });

  it('has what the demo accounts set out to show', async () => {
    const token = await signIn(target, 'devedor');
    const debts = (await call(target.app, accountEndpoints.debts, {}, token)).body;
    expect(debts.itens.map((d) => [d.tipo_servico, d.valor, d.valor_pago, d.saldo, d.titulo !== null])).toEqual([
      ['multa_atraso', '12.50', '0.00', '12.50', true],
      ['perda_material', '89.90', '30.00', '59.90', true],
    ]);
    const loans = (await call(target.app, loansEndpoints.pending, { query: {} }, await signIn(target, 'aluno'))).body;
    expect(loans.map((l) => [l.atrasado, l.renovacoes])).toEqual(
      expect.arrayContaining([
        [true, 0],
        [false, 1],
      ]),
    );
    expect(loans).toHaveLength(3);
    const holds = (await call(target.app, holdsEndpoints.mine, {}, await signIn(target, 'professor'))).body;
    expect(holds.map((h) => [h.situacao, h.posicao])).toEqual([['fila', 2]]);
    expect(await signIn(target, 'bloqueado')).toBe('refused 430');
  });

  it('gives every title the same copies, in every status, on loan until the same day', async () => {
    const [before, after] = await Promise.all([titleNumbers(source), titleNumbers(target)]);
    const token = await signIn(source, 'aluno');
    const other = await signIn(target, 'aluno');
    const statuses = new Set<string>();
    for (const [id, number] of before.byId) {
      const there = after.byNumber.get(number);
      expect(there, number).toBeDefined();
      const [x, y] = await Promise.all([
        call(source.app, titleEndpoints.copies, { params: { id: String(id) }, query: {} }, token),
        call(target.app, titleEndpoints.copies, { params: { id: String(there) }, query: {} }, other),
      ]);
      expect(normalised(y.body, after.byId), number).toEqual(normalised(x.body, before.byId));
      for (const copy of x.body.exemplares) statuses.add(copy.situacao);
    }
    expect([...statuses].sort()).toEqual(['consulta_local', 'disponivel', 'em_processamento', 'em_transito', 'emprestado', 'extraviado', 'reservado']);
  });
});
