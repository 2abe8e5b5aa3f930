import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** The libraries a row may name, by number, abbreviation or name (as the patrons' import reads them). */
export function importLibraries(db: Db) {
  return queryRows<{ codigo: number; nome: string; sigla: string }>(db, sql`select cod_biblioteca as codigo, desc_biblioteca as nome, sigla from libraries`);
}

/** The open loan of a copy, with its patron's login (undefined: the copy is not lent). */
export async function openLoanOfCopy(tx: Db, codExemplar: number) {
  const [row] = await queryRows<{
    cod_emprestimo: number;
    cod_pessoa: number;
    login: string | null;
    emprestimo: string;
    devolucao: string;
    renovacoes: number;
  }>(
    tx,
    sql`select l.cod_emprestimo, l.cod_pessoa, (select min(g.login) from logins g where g.cod_pessoa = l.cod_pessoa) as login,
               l.data_emprestimo::date::text as emprestimo, l.data_devolucao_prevista::text as devolucao, l.renovacoes::int as renovacoes
        from loans l where l.cod_exemplar = ${codExemplar} and l.data_devolucao is null for update of l`,
  );
  return row;
}

/** A loan as the old system had it: lent on `loanedOn` (the day's start), due `due`, renewed `renewals` times, returned on `returnedOn` (null: open). */
export async function insertImportedLoan(
  tx: Db,
  loan: { codExemplar: number; codPessoa: number; loanedOn: string; due: string; renewals: number; returnedOn: string | null },
): Promise<number> {
  const [row] = await queryRows<{ cod_emprestimo: number }>(
    tx,
    sql`insert into loans (cod_exemplar, cod_pessoa, data_emprestimo, data_devolucao_prevista, renovacoes, data_devolucao)
        values (${loan.codExemplar}, ${loan.codPessoa}, ${loan.loanedOn}::date::timestamptz, ${loan.due}::date, ${loan.renewals},
                ${loan.returnedOn}::date::timestamptz) returning cod_emprestimo`,
  );
  return row!.cod_emprestimo;
}

/** Sets how many times an open loan was renewed. */
export async function setLoanRenewals(tx: Db, codEmprestimo: number, renewals: number): Promise<void> {
  await tx.execute(sql`update loans set renovacoes = ${renewals} where cod_emprestimo = ${codEmprestimo}`);
}

/** The patron's loan of a copy made on a day, open or returned (undefined: none). */
export async function loanOfDay(tx: Db, codPessoa: number, codExemplar: number, day: string) {
  const [row] = await queryRows<{ cod_emprestimo: number; devolucao: string; devolvido: string | null; renovacoes: number }>(
    tx,
    sql`select cod_emprestimo, data_devolucao_prevista::text as devolucao, data_devolucao::date::text as devolvido, renovacoes::int as renovacoes
        from loans where cod_pessoa = ${codPessoa} and cod_exemplar = ${codExemplar} and data_emprestimo::date = ${day}::date
        order by data_devolucao nulls first, cod_emprestimo limit 1 for update`,
  );
  return row;
}

/** Corrects a returned loan's due day, return day and renewals. */
export async function setReturnedLoan(tx: Db, codEmprestimo: number, loan: { due: string; returnedOn: string; renewals: number }): Promise<void> {
  await tx.execute(
    sql`update loans set data_devolucao_prevista = ${loan.due}::date, data_devolucao = ${loan.returnedOn}::date::timestamptz, renovacoes = ${loan.renewals}
        where cod_emprestimo = ${codEmprestimo}`,
  );
}

/** Moves an open loan's due date, and its copy's. */
export async function setLoanDue(tx: Db, codEmprestimo: number, codExemplar: number, due: string): Promise<void> {
  await tx.execute(sql`update loans set data_devolucao_prevista = ${due}::date where cod_emprestimo = ${codEmprestimo}`);
  await tx.execute(sql`update copies set data_devolucao_prevista = ${due}::date where cod_exemplar = ${codExemplar}`);
}

/** A title by Estante's number or by its control number (MARC 001). */
export async function titleBy(tx: Db, by: { codAcervo: number } | { controlNumber: string }) {
  const [row] = await queryRows<{ cod_acervo: number; control_number: string }>(
    tx,
    'codAcervo' in by
      ? sql`select cod_acervo, control_number from titles where cod_acervo = ${by.codAcervo}`
      : sql`select cod_acervo, control_number from titles where control_number = ${by.controlNumber}`,
  );
  return row;
}

/** How many of the title's copies a library has outside its closed stacks (where a hold can be served). */
export async function copiesAt(tx: Db, codAcervo: number, codBiblioteca: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from copies where cod_acervo = ${codAcervo} and cod_biblioteca = ${codBiblioteca} and not acervo_fechado`,
  );
  return row?.n ?? 0;
}

/** The person's active hold on a whole title at a library (no volume, tome, part or location), with the day it was placed. */
export async function activeHoldOn(tx: Db, codPessoa: number, codAcervo: number, codBiblioteca: number) {
  const [row] = await queryRows<{ cod_reserva: number; dia: string }>(
    tx,
    sql`select cod_reserva, criada_em::date::text as dia from holds
        where cod_pessoa = ${codPessoa} and cod_acervo = ${codAcervo} and cod_biblioteca = ${codBiblioteca} and situacao in ('fila', 'liberada')
          and volume is null and tomo is null and parte is null and localizacao is null`,
  );
  return row;
}

/** A hold in the queue as the old system had it, placed on `placedOn` (the day's start). */
export async function insertImportedHold(tx: Db, hold: { codAcervo: number; codBiblioteca: number; codPessoa: number; placedOn: string }): Promise<number> {
  const [row] = await queryRows<{ cod_reserva: number }>(
    tx,
    sql`insert into holds (cod_acervo, cod_biblioteca, cod_pessoa, criada_em)
        values (${hold.codAcervo}, ${hold.codBiblioteca}, ${hold.codPessoa}, ${hold.placedOn}::date::timestamptz) returning cod_reserva`,
  );
  return row!.cod_reserva;
}

/** The person's debts of this kind and amount that arose on this day, oldest first (what an imported row is matched with), with what of each is settled. */
export function debtsLike(tx: Db, debt: { codPessoa: number; tipo: string; valor: string; day: string }) {
  return queryRows<{ cod_debito: number; desconto: string; valor_pago: string; data_pagamento: string | null }>(
    tx,
    sql`select cod_debito, desconto::text as desconto, valor_pago::text as valor_pago, data_pagamento::text as data_pagamento from debts
        where cod_pessoa = ${debt.codPessoa} and tipo_servico = ${debt.tipo} and valor = ${debt.valor}::numeric and created_at::date = ${debt.day}::date
        order by cod_debito for update`,
  );
}

/** Sets what of a debt was discounted and paid, and when. */
export async function setDebtPayment(tx: Db, codDebito: number, p: { desconto: string; valorPago: string; paidOn: string | null }): Promise<void> {
  await tx.execute(
    sql`update debts set desconto = ${p.desconto}::numeric, valor_pago = ${p.valorPago}::numeric, data_pagamento = ${p.paidOn}::date where cod_debito = ${codDebito}`,
  );
}

/** The person's latest loan of a copy (open or returned), to name the debt's title. */
export async function latestLoanOf(tx: Db, codPessoa: number, codExemplar: number): Promise<number | undefined> {
  const [row] = await queryRows<{ cod_emprestimo: number }>(
    tx,
    sql`select cod_emprestimo from loans where cod_pessoa = ${codPessoa} and cod_exemplar = ${codExemplar} order by data_emprestimo desc limit 1`,
  );
  return row?.cod_emprestimo;
}

/** A debt as the old system had it, arisen on `day` (the day's start), with what of it was discounted and paid. */
export async function insertImportedDebt(
  tx: Db,
  debt: {
    codPessoa: number;
    codEmprestimo: number | null;
    tipo: string;
    valor: string;
    day: string;
    desconto: string;
    valorPago: string;
    paidOn: string | null;
  },
): Promise<number> {
  const [row] = await queryRows<{ cod_debito: number }>(
    tx,
    sql`insert into debts (cod_pessoa, cod_emprestimo, tipo_servico, valor, created_at, desconto, valor_pago, data_pagamento)
        values (${debt.codPessoa}, ${debt.codEmprestimo}, ${debt.tipo}, ${debt.valor}::numeric, ${debt.day}::date::timestamptz,
                ${debt.desconto}::numeric, ${debt.valorPago}::numeric, ${debt.paidOn}::date) returning cod_debito`,
  );
  return row!.cod_debito;
}
