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

/** What applies without a rule of a category and loan type: 14 days, 2 renewals, R$ 1,00 a day. */
export const DEFAULT_POLICY = { prazo_dias: 14, limite_renovacoes: 2, multa_dia: '1.00' } as const;

/** The policy for a loan type and category; without a row, the library's defaults (DEFAULT_POLICY). */
export async function policyFor(db: Db, codTipoEmprestimo: number, codCategoria: string) {
  const [row] = await queryRows<{ prazo_dias: number; limite_renovacoes: number; multa_dia: string }>(
    db,
    sql`select prazo_dias, limite_renovacoes, multa_dia::text from circulation_policies
        where cod_tipo_emprestimo = ${codTipoEmprestimo} and cod_categoria = ${codCategoria}`,
  );
  return row ?? { ...DEFAULT_POLICY };
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

/** The patron the desk opens: who, their category and its loan limit, their block. */
export async function deskPerson(db: Db, codPessoa: number) {
  const [row] = await queryRows<{
    cod_pessoa: number;
    nome: string;
    email: string | null;
    validade: string | null;
    bloqueio: boolean;
    motivo_bloqueio: string | null;
    categoria: string;
    limite_emprestimos: number;
    logins: string[];
    idioma: 'pt' | 'en' | 'es' | null;
  }>(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa as nome, p.email, p.validade::text as validade, p.bloqueio, p.motivo_bloqueio, p.idioma,
               coalesce(c.descricao, p.cod_categoria, '') as categoria, coalesce(c.limite_emprestimos, 5)::int as limite_emprestimos,
               coalesce((select array_agg(l.login order by l.login) from logins l where l.cod_pessoa = p.cod_pessoa and l.ativo), '{}') as logins
        from people p left join patron_categories c on c.cod_categoria = p.cod_categoria where p.cod_pessoa = ${codPessoa}`,
  );
  return row;
}

/** A copy as the desk's input reads it: its title, status, and who has it. */
export async function copyAtDesk(db: Db, tombo: string) {
  const [row] = await queryRows<{ tombo: string; titulo: string; status: string; cod_pessoa: number | null; nome: string | null }>(
    db,
    sql`select c.tombo, t.title as titulo, c.status, p.cod_pessoa, p.nome_pessoa as nome
        from copies c join titles t on t.cod_acervo = c.cod_acervo
        left join loans l on l.cod_exemplar = c.cod_exemplar and l.data_devolucao is null left join people p on p.cod_pessoa = l.cod_pessoa
        where c.tombo = ${tombo}`,
  );
  return row;
}

/** The title of a copy. */
export async function titleOfCopy(db: Db, codExemplar: number): Promise<string> {
  const [row] = await queryRows<{ titulo: string }>(
    db,
    sql`select t.title as titulo from copies c join titles t on t.cod_acervo = c.cod_acervo where c.cod_exemplar = ${codExemplar}`,
  );
  return row?.titulo ?? '';
}

/** What is left to pay of a person's debts, in total. */
export async function debtsLeft(db: Db, codPessoa: number): Promise<string> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(valor - desconto - valor_pago), 0)::numeric(10, 2)::text as total from debts where cod_pessoa = ${codPessoa}`,
  );
  return row?.total ?? '0.00';
}

/** Whether others wait in the queue for this copy's title at its library (a copy on the shelf they may be given). */
export async function othersWaiting(db: Db, copy: DeskCopy, codPessoa: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from holds where cod_acervo = ${copy.cod_acervo} and cod_biblioteca = ${copy.cod_biblioteca}
        and situacao = 'fila' and cod_pessoa <> ${codPessoa}`,
  );
  return (row?.n ?? 0) > 0;
}

/** A debt to settle, locked, with what is left of it. */
export async function lockDebt(db: Db, codDebito: number) {
  const [row] = await queryRows<{ cod_pessoa: number; saldo: string }>(
    db,
    sql`select cod_pessoa, (valor - desconto - valor_pago)::numeric(10, 2)::text as saldo from debts where cod_debito = ${codDebito} for update`,
  );
  return row;
}

/** Settles what is left of a debt: paid today, or waived (a discount). */
export async function settleDebt(db: Db, codDebito: number, how: 'pagamento' | 'abono'): Promise<void> {
  await db.execute(
    how === 'pagamento'
      ? sql`update debts set valor_pago = valor - desconto, data_pagamento = current_date where cod_debito = ${codDebito}`
      : sql`update debts set desconto = valor - valor_pago where cod_debito = ${codDebito}`,
  );
}

/** Sets a copy in transit (returned at a library not its own). */
export async function setInTransit(db: Db, codExemplar: number): Promise<void> {
  await db.execute(sql`update copies set status = 'em_transito', data_devolucao_prevista = null where cod_exemplar = ${codExemplar}`);
}

export async function libraryName(db: Db, codBiblioteca: number): Promise<string> {
  const [row] = await queryRows<{ nome: string }>(db, sql`select desc_biblioteca as nome from libraries where cod_biblioteca = ${codBiblioteca}`);
  return row?.nome ?? '';
}

/** The holds shelf: released holds with their kept copy, lapsed ones first, then by deadline. */
export async function heldCopies(db: Db) {
  return queryRows<{
    cod_reserva: number;
    tombo: string;
    titulo: string;
    biblioteca: string;
    cod_pessoa: number;
    nome: string;
    prazo: string;
    vencida: boolean;
  }>(
    db,
    sql`select h.cod_reserva, c.tombo, t.title as titulo, b.desc_biblioteca as biblioteca, p.cod_pessoa, p.nome_pessoa as nome,
               h.prazo_retirada::text as prazo, h.prazo_retirada < current_date as vencida
        from holds h join copies c on c.cod_exemplar = h.cod_exemplar join titles t on t.cod_acervo = h.cod_acervo
        join libraries b on b.cod_biblioteca = h.cod_biblioteca join people p on p.cod_pessoa = h.cod_pessoa
        where h.situacao = 'liberada' order by h.prazo_retirada < current_date desc, h.prazo_retirada, h.cod_reserva`,
  );
}

/** The person and e-mail a released hold is for, and where it is picked up. */
export async function holdHolder(db: Db, codReserva: number) {
  const [row] = await queryRows<{ nome: string; email: string | null; titulo: string; biblioteca: string; cod_biblioteca: number }>(
    db,
    sql`select p.nome_pessoa as nome, p.email, t.title as titulo, b.desc_biblioteca as biblioteca, b.cod_biblioteca
        from holds h join people p on p.cod_pessoa = h.cod_pessoa join titles t on t.cod_acervo = h.cod_acervo
        join libraries b on b.cod_biblioteca = h.cod_biblioteca where h.cod_reserva = ${codReserva}`,
  );
  return row;
}

/** The loan's patron (for a renewal at the desk). */
export async function loanPatron(db: Db, codEmprestimo: number) {
  const [row] = await queryRows<{ cod_pessoa: number; nome: string }>(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa as nome from loans l join people p on p.cod_pessoa = l.cod_pessoa where l.cod_emprestimo = ${codEmprestimo} and l.data_devolucao is null`,
  );
  return row;
}
