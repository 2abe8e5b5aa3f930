import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

export interface DeskCopy {
  cod_exemplar: number;
  cod_acervo: number;
  cod_biblioteca: number;
  cod_tipo_emprestimo: number;
  tombo: string;
  status: string;
  volume: string | null;
  tomo: string | null;
  parte: string | null;
  permite_emprestimo: boolean;
}

/** A copy by its accession number (tombo), locked for the desk's transaction. */
export async function lockCopy(db: Db, tombo: string): Promise<DeskCopy | undefined> {
  const [row] = await queryRows<DeskCopy>(
    db,
    sql`select c.cod_exemplar, c.cod_acervo, c.cod_biblioteca, c.cod_tipo_emprestimo, c.tombo, c.status, c.volume, c.tomo, c.parte, lt.permite_emprestimo
        from copies c join loan_types lt on lt.cod_tipo_emprestimo = c.cod_tipo_emprestimo
        where c.tombo = ${tombo} for update of c`,
  );
  return row;
}

/** The person behind a login, with their category and block flag. */
export async function personByLogin(db: Db, login: string) {
  const [row] = await queryRows<{ cod_pessoa: number; nome_pessoa: string; cod_categoria: string; bloqueio: boolean }>(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa, p.cod_categoria, p.bloqueio from logins l join people p on p.cod_pessoa = l.cod_pessoa where l.login = ${login.trim().toLowerCase()}`,
  );
  return row;
}

/** The policy for a loan type and category; without a row, the library's defaults (14 days, 2 renewals, R$ 1,00 a day). */
export async function policyFor(db: Db, codTipoEmprestimo: number, codCategoria: string) {
  const [row] = await queryRows<{ prazo_dias: number; limite_renovacoes: number; multa_dia: string }>(
    db,
    sql`select prazo_dias, limite_renovacoes, multa_dia::text from circulation_policies
        where cod_tipo_emprestimo = ${codTipoEmprestimo} and cod_categoria = ${codCategoria}`,
  );
  return row ?? { prazo_dias: 14, limite_renovacoes: 2, multa_dia: '1.00' };
}

/** The hold released to `codPessoa` that keeps this copy, if any. */
export async function keptFor(db: Db, codExemplar: number) {
  const [row] = await queryRows<{ cod_reserva: number; cod_pessoa: number }>(
    db,
    sql`select cod_reserva, cod_pessoa from holds where cod_exemplar = ${codExemplar} and situacao = 'liberada' for update`,
  );
  return row;
}

export async function insertLoan(db: Db, codExemplar: number, codPessoa: number, due: string): Promise<number> {
  const [row] = await queryRows<{ cod_emprestimo: number }>(
    db,
    sql`insert into loans (cod_exemplar, cod_pessoa, data_devolucao_prevista) values (${codExemplar}, ${codPessoa}, ${due}::date) returning cod_emprestimo`,
  );
  return row!.cod_emprestimo;
}

export async function setCopyStatus(db: Db, codExemplar: number, status: 'disponivel' | 'emprestado' | 'reservado', due: string | null = null): Promise<void> {
  await db.execute(sql`update copies set status = ${status}, data_devolucao_prevista = ${due}::date where cod_exemplar = ${codExemplar}`);
}

/** Closes the copy's open loan; answers it with how many days late it came back. */
export async function closeLoan(db: Db, codExemplar: number) {
  const [row] = await queryRows<{ cod_emprestimo: number; cod_pessoa: number; dias_atraso: number }>(
    db,
    sql`update loans set data_devolucao = now() where cod_exemplar = ${codExemplar} and data_devolucao is null
        returning cod_emprestimo, cod_pessoa, greatest(current_date - data_devolucao_prevista, 0)::int as dias_atraso`,
  );
  return row;
}

export async function insertFine(db: Db, codPessoa: number, codEmprestimo: number, amount: string): Promise<void> {
  await db.execute(
    sql`insert into debts (cod_pessoa, cod_emprestimo, tipo_servico, valor) values (${codPessoa}, ${codEmprestimo}, 'multa_atraso', ${amount}::numeric)`,
  );
}

/** Released holds whose pick-up deadline has passed, locked. */
export async function lapsedHolds(db: Db) {
  return queryRows<{ cod_reserva: number; cod_exemplar: number }>(
    db,
    sql`select cod_reserva, cod_exemplar from holds where situacao = 'liberada' and prazo_retirada < current_date order by cod_reserva for update skip locked`,
  );
}
