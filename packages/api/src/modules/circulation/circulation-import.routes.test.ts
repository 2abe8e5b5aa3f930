import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints } from '@estante/contracts/account';
import { holdsEndpoints, loansEndpoints } from '@estante/contracts/circulation';
import { runAdminCommand } from '../../admin/commands.js';
import { queryRows } from '../../db/client.js';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createCopies, createLibraries, createLoan, createPatron, createTitles } from '../../../test/factories.js';

/**
 * `npm run staff -- people import-loans|import-holds|import-debts <file.csv>` (issue 57 item 2,
 * decision 0055), judged by what the patrons see: their open loans, holds and debts as the old
 * system had them; the copies lent are out of anyone else's reach; bad rows are reported with
 * their line and reason and the rest imported; the same file twice changes nothing.
 */

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, number> = {};
let central: number;
let setorial: number;
const dir = mkdtempSync(path.join(tmpdir(), 'estante-circulation-'));
let files = 0;

/** A day `offset` days from today, as the old system would write it (DD/MM/YYYY) or ISO. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const br = (iso: string) => iso.split('-').reverse().join('/');

beforeAll(async () => {
  t = await createTestApp({}, {});
  const db = t.database.db;
  Object.assign(
    id,
    await createTitles(
      db,
      ['Iracema', 'O guarani', 'Senhora', 'Lucíola', 'Ubirajara', 'Diva'].map((title, i) => ({ id: `b${i + 1}`, title, year: 1865 + i })),
    ),
  );
  [central, setorial] = (await createLibraries(db, ['Biblioteca Central', 'Biblioteca Setorial'])).map((l) => l.codBiblioteca) as [number, number];
  await createCopies(db, [
    ...[1, 2, 3, 4, 5].map((n) => ({ codAcervo: id[`b${n}`]!, codBiblioteca: central, tombo: `L${n}` })),
    { codAcervo: id.b6!, codBiblioteca: central, tombo: 'L6', status: 'extraviado' as const },
    { codAcervo: id.b1!, codBiblioteca: central, tombo: 'L7' },
    { codAcervo: id.b2!, codBiblioteca: setorial, tombo: 'S1' },
  ]);
  for (const login of ['ana', 'bruno', 'carla']) {
    const person = await createPatron(db, { login, nome: `${login} Teste`, password: `senha-${login}` });
    token[login] = await patronToken(t.app, login, `senha-${login}`);
    if (login === 'carla') await createLoan(db, { tombo: 'L5', codPessoa: person.codPessoa, dueInDays: 5, lentDaysAgo: 2 });
  }
});
afterAll(() => t.close());

/** Writes `lines` as a CSV file and runs the staff command on it, as `npm run staff` does. */
function importFile(kind: 'loans' | 'holds' | 'debts', lines: string[], ...flags: string[]) {
  const file = path.join(dir, `${kind}-${++files}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return runAdminCommand(t.database.db, { command: `people.import-${kind}`, args: [file, ...flags] });
}

const loansOf = async (login: string) => (await call(t.app, loansEndpoints.pending, { query: {} }, token[login]!)).body;
const holdsOf = async (login: string) => (await call(t.app, holdsEndpoints.mine, {}, token[login]!)).body;
const debtsOf = async (login: string) => (await call(t.app, accountEndpoints.debts, {}, token[login]!)).body;
const count = async (table: 'loans' | 'holds' | 'debts') =>
  (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

const LOANS = [
  'matricula,tombo,data_emprestimo,data_devolucao_prevista',
  `ana,L1,${br(day(-20))},${br(day(-6))}`,
  `ANA,L2,${day(-3)},${day(11)}`,
  `bruno,L3,${day(-1)},${day(13)}`,
];

describe('importing open loans', () => {
  it('lends the copies as the old system had them: the patrons see their loans, the overdue one late', async () => {
    expect(await importFile('loans', LOANS)).toBe('3 loans: 3 created, 0 updated, 0 unchanged, 0 rejected');
    const ana = await loansOf('ana');
    expect(ana.map((l) => [l.tombo, l.titulo, l.data_emprestimo.slice(0, 10), l.data_devolucao_prevista, l.atrasado])).toEqual([
      ['L1', 'Iracema', day(-20), day(-6), true],
      ['L2', 'O guarani', day(-3), day(11), false],
    ]);
    expect(ana[0]!.dias_atraso).toBe(6);
    expect((await loansOf('bruno')).map((l) => l.tombo)).toEqual(['L3']);
    // The copy is out: the desk cannot lend it to anyone else.
    await expect(runAdminCommand(t.database.db, { command: 'circ.checkout', args: ['L1', 'carla'] })).rejects.toThrow(/L1/);
    const [copy] = await queryRows<{ status: string; due: string }>(
      t.database.db,
      sql`select status, data_devolucao_prevista::text as due from copies where tombo = 'L1'`,
    );
    expect(copy).toEqual({ status: 'emprestado', due: day(-6) });
  });

  it('changes nothing when the same file is imported again, and moves a due date the file changed', async () => {
    const loans = await count('loans');
    expect(await importFile('loans', LOANS)).toBe('3 loans: 0 created, 0 updated, 3 unchanged, 0 rejected');
    expect(await count('loans')).toBe(loans);
    const changed = [...LOANS];
    changed[3] = `bruno,L3,${day(-1)},${day(20)}`;
    expect(await importFile('loans', changed)).toBe(
      '3 loans: 0 created, 1 updated, 2 unchanged, 0 rejected\nline 4: bruno tombo L3 updated: data_devolucao_prevista',
    );
    expect((await loansOf('bruno')).map((l) => l.data_devolucao_prevista)).toEqual([day(20)]);
    expect(await count('loans')).toBe(loans);
  });

  it('rejects, with line and reason, a copy lent to another patron, missing or off the shelf, an unknown patron, bad dates, a copy twice', async () => {
    const output = await importFile('loans', [
      'matricula,tombo,data_emprestimo,data_devolucao_prevista',
      `bruno,L1,${day(-2)},${day(5)}`,
      `ana,L5,${day(-2)},${day(5)}`,
      `ana,L99,${day(-2)},${day(5)}`,
      `ana,L6,${day(-2)},${day(5)}`,
      `davi,L4,${day(-2)},${day(5)}`,
      `ana,L4,${day(2)},${day(5)}`,
      `ana,L4,${day(-2)},${day(-5)}`,
      `ana,L4,31/02/2025,${day(5)}`,
      `bruno,L7,${day(-2)},${day(5)}`,
      `ana,L7,${day(-2)},${day(5)}`,
      `ana,L2,${day(-4)},${day(11)}`,
    ]);
    expect(output.split('\n')).toEqual([
      '11 loans: 1 created, 0 updated, 0 unchanged, 10 rejected',
      `line 2: rejected (bruno): tombo L1 is lent to ana since ${day(-20)}`,
      `line 3: rejected (ana): tombo L5 is lent to carla since ${day(-2)}`,
      "line 4: rejected (ana): tombo: no copy 'L99'",
      'line 5: rejected (ana): tombo L6 is not on the shelf (extraviado) and has no open loan',
      "line 6: rejected (davi): matricula: no patron 'davi' (import the patrons first: people import)",
      'line 7: rejected (ana): data_emprestimo: a day after today',
      'line 8: rejected (ana): data_devolucao_prevista: before data_emprestimo',
      'line 9: rejected (ana): data_emprestimo: a day is YYYY-MM-DD or DD/MM/YYYY',
      'line 11: rejected (ana): tombo L7 is on line 10 too',
      `line 12: rejected (ana): tombo L2 is lent to ana since ${day(-3)}, not ${day(-4)}`,
    ]);
    expect((await loansOf('ana')).map((l) => l.tombo)).toEqual(['L1', 'L2']);
    expect((await loansOf('bruno')).map((l) => l.tombo).sort()).toEqual(['L3', 'L7']);
  });

  it('never half-writes a row: a loan whose copy cannot be marked lent leaves nothing, and the next row is imported', async () => {
    // The copies' table refuses L4 (as a constraint or a lost connection might midway): after its loan was inserted.
    await t.database.db.execute(
      sql.raw(`create function refuse_l4() returns trigger language plpgsql as $$
               begin if new.tombo = 'L4' then raise exception 'refused midway'; end if; return new; end $$`),
    );
    await t.database.db.execute(sql.raw('create trigger refuse_l4 before update on copies for each row execute function refuse_l4()'));
    const loans = await count('loans');
    const output = await importFile('loans', [
      'matricula,tombo,data_emprestimo,data_devolucao_prevista',
      `carla,L4,${day(-1)},${day(9)}`,
      `carla,S1,${day(-1)},${day(9)}`,
    ]);
    expect(output).toBe('2 loans: 1 created, 0 updated, 0 unchanged, 1 rejected\nline 2: rejected (carla): not written: refused midway');
    expect(await count('loans')).toBe(loans + 1);
    expect((await loansOf('carla')).map((l) => l.tombo).sort()).toEqual(['L5', 'S1']);
    expect(await queryRows(t.database.db, sql`select 1 from staff_audit where alvo = 'exemplar:L4'`)).toEqual([]);
    await t.database.db.execute(sql.raw('drop trigger refuse_l4 on copies'));
    await t.database.db.execute(sql.raw('drop function refuse_l4()'));
  });

  it('with --dry-run reports what it would do and writes nothing', async () => {
    const loans = await count('loans');
    const output = await importFile('loans', ['matricula,tombo,data_emprestimo,data_devolucao_prevista', `carla,L4,${day(-1)},${day(9)}`], '--dry-run');
    expect(output).toBe('dry run, nothing written: 1 loans: 1 created, 0 updated, 0 unchanged, 0 rejected');
    expect(await count('loans')).toBe(loans);
    expect((await loansOf('carla')).map((l) => l.tombo).sort()).toEqual(['L5', 'S1']);
  });

  it('refuses a file with wrong columns whole, naming them', async () => {
    await expect(importFile('loans', ['matricula,tombo,data_emprestimo', `ana,L4,${day(-1)}`])).rejects.toThrow(
      /wrong header \(missing columns: data_devolucao_prevista\).*nothing was imported/,
    );
  });
});

const DEBTS = [
  'matricula;tipo;valor;data;tombo;descricao',
  `ana;multa_atraso;12,50;${br(day(-30))};L1;atraso de 25 dias`,
  `ana;reprografia;0.40;${day(-10)};;cópias`,
  `ana;reprografia;0.40;${day(-10)};;cópias`,
  `bruno;perda_material;150;${day(-5)};;`,
];

describe('importing debts', () => {
  it('charges each debt as the old system had it: the patrons see what they owe, a fine with its title', async () => {
    expect(await importFile('debts', DEBTS)).toBe('4 debts: 4 created, 0 updated, 0 unchanged, 0 rejected');
    const ana = await debtsOf('ana');
    expect(ana.total).toBe('13.30');
    expect(ana.itens.map((d) => [d.tipo_servico, d.valor, d.saldo, d.titulo])).toEqual([
      ['multa_atraso', '12.50', '12.50', 'Iracema'],
      ['reprografia', '0.40', '0.40', null],
      ['reprografia', '0.40', '0.40', null],
    ]);
    expect((await debtsOf('bruno')).total).toBe('150.00');
  });

  it('changes nothing when the same file is imported again', async () => {
    const debts = await count('debts');
    expect(await importFile('debts', DEBTS)).toBe('4 debts: 0 created, 0 updated, 4 unchanged, 0 rejected');
    expect(await count('debts')).toBe(debts);
    expect((await debtsOf('ana')).total).toBe('13.30');
  });

  it('rejects, with line and reason, an unknown kind, an amount not positive or too large, an unknown patron or copy', async () => {
    const output = await importFile('debts', [
      'matricula,tipo,valor,data',
      `carla,multa,2.00,${day(-1)}`,
      `carla,multa_atraso,0,${day(-1)}`,
      `carla,multa_atraso,-3.00,${day(-1)}`,
      `carla,multa_atraso,100000000.00,${day(-1)}`,
      `carla,multa_atraso,1.999,${day(-1)}`,
      `davi,multa_atraso,2.00,${day(-1)}`,
      `carla,comutacao,7.00,${day(-1)}`,
    ]);
    expect(output.split('\n')).toEqual([
      '7 debts: 1 created, 0 updated, 0 unchanged, 6 rejected',
      'line 2: rejected (carla): tipo: one of multa_atraso, perda_material, comutacao, reprografia',
      'line 3: rejected (carla): valor: an amount more than zero',
      'line 4: rejected (carla): valor: an amount in reais: digits, then cents after a point or comma (at most 99999999,99)',
      'line 5: rejected (carla): valor: an amount in reais: digits, then cents after a point or comma (at most 99999999,99)',
      'line 6: rejected (carla): valor: an amount in reais: digits, then cents after a point or comma (at most 99999999,99)',
      "line 7: rejected (davi): matricula: no patron 'davi' (import the patrons first: people import)",
    ]);
    const unknownCopy = await importFile('debts', ['matricula,tipo,valor,data,tombo', `carla,perda_material,80.00,${day(-1)},L99`]);
    expect(unknownCopy).toContain("line 2: rejected (carla): tombo: no copy 'L99'");
    expect((await debtsOf('carla')).itens.map((d) => [d.tipo_servico, d.valor])).toEqual([['comutacao', '7.00']]);
  });
});

const HOLDS = [
  'matricula,cod_acervo,biblioteca,data',
  // Carla's hold is older than Ana's: she is first in the queue, whatever the file's order.
  `ana,{b4},Biblioteca Central,${day(-2)}`,
  `carla,{b4},BIB0,${br(day(-9))}`,
  // O guarani's copy at the Setorial is on the shelf: the old system's hold is kept all the same.
  `bruno,{b2},Biblioteca Setorial,${day(-4)}`,
];
const holdsFile = (lines: string[]) => lines.map((l) => l.replace(/\{(b\d)\}/g, (_, b: string) => String(id[b])));

describe('importing holds', () => {
  it('queues the holds in the old system’s order: the patrons see them, with their place', async () => {
    expect(await importFile('holds', holdsFile(HOLDS))).toBe('3 holds: 3 created, 0 updated, 0 unchanged, 0 rejected');
    expect((await holdsOf('carla')).map((h) => [h.titulo, h.desc_biblioteca, h.situacao, h.posicao, h.data_reserva.slice(0, 10)])).toEqual([
      ['Lucíola', 'Biblioteca Central', 'fila', 1, day(-9)],
    ]);
    expect((await holdsOf('ana')).map((h) => [h.titulo, h.posicao])).toEqual([['Lucíola', 2]]);
    expect((await holdsOf('bruno')).map((h) => [h.titulo, h.desc_biblioteca, h.posicao])).toEqual([['O guarani', 'Biblioteca Setorial', 1]]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const holds = await count('holds');
    expect(await importFile('holds', holdsFile(HOLDS))).toBe('3 holds: 0 created, 0 updated, 3 unchanged, 0 rejected');
    expect(await count('holds')).toBe(holds);
  });

  it('rejects, with line and reason, an unknown title or library, a library without the title, a duplicate', async () => {
    const anaHold = (await holdsOf('ana'))[0]!.cod_reserva;
    const output = await importFile(
      'holds',
      holdsFile([
        'matricula,numero_controle,biblioteca,data',
        `bruno,b9,Biblioteca Central,${day(-1)}`,
        `bruno,b1,Biblioteca Lunar,${day(-1)}`,
        `bruno,b1,Biblioteca Setorial,${day(-1)}`,
        `ana,b4,Biblioteca Central,${day(-1)}`,
        `bruno,b5,Biblioteca Central,${day(-1)}`,
        `bruno,b5,BIB0,${day(-1)}`,
      ]),
    );
    expect(output.split('\n')).toEqual([
      '6 holds: 1 created, 0 updated, 0 unchanged, 5 rejected',
      "line 2: rejected (bruno): numero_controle: no title 'b9'",
      "line 3: rejected (bruno): biblioteca: no library 'Biblioteca Lunar' (by number, abbreviation or name)",
      `line 4: rejected (bruno): biblioteca: library ${setorial} has no copy of title ${id.b1} to serve the hold`,
      `line 5: rejected (ana): ana already holds title ${id.b4} at library ${central}, since ${day(-2)} (hold ${anaHold})`,
      `line 7: rejected (bruno): the hold of bruno on title b5 at library ${central} is on line 6 too`,
    ]);
    expect((await holdsOf('bruno')).map((h) => h.titulo).sort()).toEqual(['O guarani', 'Ubirajara']);
  });
});
