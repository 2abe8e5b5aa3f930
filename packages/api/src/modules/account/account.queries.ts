import type { Debitos } from '@estante/contracts/account';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

type DebtRow = Debitos['itens'][number];

/** The patron's debts with something left to pay (all, or those among `ids`), oldest first. */
export async function openDebts(db: Db, codPessoa: number, ids?: number[]) {
  return queryRows<DebtRow>(
    db,
    sql`select d.cod_debito, d.tipo_servico, t.title as titulo, l.data_devolucao_prevista::text as data_devolucao_prevista,
               l.data_devolucao::date::text as data_devolucao, d.valor::text as valor, d.desconto::text as desconto, d.valor_pago::text as valor_pago,
               d.data_pagamento::text as data_pagamento, (d.valor - d.desconto - d.valor_pago)::numeric(10, 2)::text as saldo
        from debts d left join loans l on l.cod_emprestimo = d.cod_emprestimo left join copies c on c.cod_exemplar = l.cod_exemplar
        left join titles t on t.cod_acervo = c.cod_acervo
        where d.cod_pessoa = ${codPessoa} and d.valor - d.desconto - d.valor_pago > 0 ${ids ? sql`and d.cod_debito in ${ids}` : sql``}
        order by d.created_at, d.cod_debito`,
  );
}

export async function openLoanCount(db: Db, codPessoa: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from loans where cod_pessoa = ${codPessoa} and data_devolucao is null`);
  return row?.n ?? 0;
}

/** Locks the person's row: issuing the declaration and a loan at the desk never cross. */
export async function lockPerson(db: Db, codPessoa: number): Promise<void> {
  await db.execute(sql`select cod_pessoa from people where cod_pessoa = ${codPessoa} for no key update`);
}

export async function deviationsOf(db: Db, codPessoa: number) {
  return queryRows<{ cod_afastamento: number; motivo: string; desc_biblioteca: string | null; inicio: string; fim: string | null }>(
    db,
    sql`select a.cod_afastamento, a.motivo, b.desc_biblioteca, a.inicio::text as inicio, a.fim::text as fim
        from deviations a left join libraries b on b.cod_biblioteca = a.cod_biblioteca
        where a.cod_pessoa = ${codPessoa} order by a.inicio desc, a.cod_afastamento desc`,
  );
}

export async function insertDeviation(db: Db, codPessoa: number, motivo: string): Promise<number> {
  const [row] = await queryRows<{ cod_afastamento: number }>(
    db,
    sql`insert into deviations (cod_pessoa, motivo, inicio) values (${codPessoa}, ${motivo}, current_date) returning cod_afastamento`,
  );
  return row!.cod_afastamento;
}

export async function insertDeclaration(db: Db, codPessoa: number, codigo: string, codAfastamento: number) {
  const [row] = await queryRows<{ codigo: string; emitida_em: string }>(
    db,
    sql`insert into no_debt_declarations (cod_pessoa, codigo, cod_afastamento) values (${codPessoa}, ${codigo}, ${codAfastamento})
        returning codigo, emitida_em::text as emitida_em`,
  );
  return row!;
}

/** The person's latest declaration, or the one with `codigo`. */
export async function declarationOf(db: Db, codPessoa: number, codigo?: string) {
  const [row] = await queryRows<{ codigo: string; emitida_em: string }>(
    db,
    sql`select codigo, emitida_em::text as emitida_em from no_debt_declarations
        where cod_pessoa = ${codPessoa} ${codigo ? sql`and codigo = ${codigo}` : sql``} order by emitida_em desc limit 1`,
  );
  return row;
}

export async function currentLoanToken(db: Db, codPessoa: number) {
  const [row] = await queryRows<{ valor: string; valido_ate: string }>(
    db,
    sql`select valor, valido_ate::text as valido_ate from loan_tokens where cod_pessoa = ${codPessoa} and valido_ate > now()`,
  );
  return row ?? null;
}

export async function saveLoanToken(db: Db, codPessoa: number, valor: string, minutes: number) {
  const [row] = await queryRows<{ valor: string; valido_ate: string }>(
    db,
    sql`insert into loan_tokens (cod_pessoa, valor, valido_ate) values (${codPessoa}, ${valor}, now() + make_interval(mins => ${minutes}))
        on conflict (cod_pessoa) do update set valor = excluded.valor, valido_ate = excluded.valido_ate
        returning valor, valido_ate::text as valido_ate`,
  );
  return row!;
}

/** The person's patron category (people.cod_categoria); null for an unknown person. */
export async function categoryOf(db: Db, codPessoa: number): Promise<string | null> {
  const [row] = await queryRows<{ cod_categoria: string }>(db, sql`select cod_categoria from people where cod_pessoa = ${codPessoa}`);
  return row?.cod_categoria ?? null;
}

/** The reason of a deviation in force today (a suspension, or the link ended by a no-debts declaration). */
export async function deviationInForce(db: Db, codPessoa: number): Promise<string | null> {
  const [row] = await queryRows<{ motivo: string }>(
    db,
    sql`select motivo from deviations where cod_pessoa = ${codPessoa} and inicio <= current_date and (fim is null or fim >= current_date) order by inicio desc limit 1`,
  );
  return row?.motivo ?? null;
}

/** A library's name, or undefined when there is no such library. */
export async function libraryName(db: Db, codBiblioteca: number): Promise<string | undefined> {
  const [row] = await queryRows<{ nome: string }>(db, sql`select desc_biblioteca as nome from libraries where cod_biblioteca = ${codBiblioteca}`);
  return row?.nome;
}
