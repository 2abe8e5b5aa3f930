import type { EmprestimoHistorico, EmprestimoPendente } from '@estante/contracts/circulation';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** Someone else waits in the queue of the loan's title at its library (compatible parts). */
const heldByAnother = sql`exists (select 1 from holds h where h.cod_acervo = c.cod_acervo and h.cod_biblioteca = c.cod_biblioteca
  and h.situacao = 'fila' and h.cod_pessoa <> l.cod_pessoa
  and (h.volume is null or h.volume = c.volume) and (h.tomo is null or h.tomo = c.tomo) and (h.parte is null or h.parte = c.parte))`;

const policy = sql`left join people p on p.cod_pessoa = l.cod_pessoa
  left join circulation_policies cp on cp.cod_tipo_emprestimo = c.cod_tipo_emprestimo and cp.cod_categoria = p.cod_categoria`;

/** The patron's open loans with what renewing them depends on; oldest due first. */
export async function openLoans(db: Db, codPessoa: number) {
  return queryRows<EmprestimoPendente>(
    db,
    sql`select l.cod_emprestimo, c.cod_acervo, t.title as titulo, c.tombo, b.desc_biblioteca, l.data_emprestimo::text as data_emprestimo,
               l.data_devolucao_prevista::text as data_devolucao_prevista, l.data_devolucao_prevista < current_date as atrasado,
               greatest(current_date - l.data_devolucao_prevista, 0)::int as dias_atraso, l.renovacoes::int as renovacoes,
               coalesce(cp.limite_renovacoes, 2)::int as limite_renovacoes, ${heldByAnother} as reservado
        from loans l join copies c on c.cod_exemplar = l.cod_exemplar join titles t on t.cod_acervo = c.cod_acervo
        join libraries b on b.cod_biblioteca = c.cod_biblioteca ${policy}
        where l.cod_pessoa = ${codPessoa} and l.data_devolucao is null
        order by l.data_devolucao_prevista, l.cod_emprestimo`,
  );
}

/** The patron's open loans among `ids`, locked for renewal (others' and closed ones are not there). */
export async function lockLoansForRenewal(db: Db, codPessoa: number, ids: number[]) {
  return queryRows<{
    cod_emprestimo: number;
    cod_exemplar: number;
    cod_biblioteca: number;
    titulo: string;
    data_devolucao_prevista: string;
    atrasado: boolean;
    renovacoes: number;
    limite_renovacoes: number;
    prazo_dias: number;
    reservado: boolean;
  }>(
    db,
    sql`select l.cod_emprestimo, l.cod_exemplar, c.cod_biblioteca, t.title as titulo, l.data_devolucao_prevista::text as data_devolucao_prevista,
               l.data_devolucao_prevista < current_date as atrasado, l.renovacoes::int as renovacoes,
               coalesce(cp.limite_renovacoes, 2)::int as limite_renovacoes, coalesce(cp.prazo_dias, 14)::int as prazo_dias, ${heldByAnother} as reservado
        from loans l join copies c on c.cod_exemplar = l.cod_exemplar join titles t on t.cod_acervo = c.cod_acervo ${policy}
        where l.cod_pessoa = ${codPessoa} and l.data_devolucao is null and l.cod_emprestimo in ${ids}
        order by l.cod_emprestimo
        for update of l`,
  );
}

export async function renewLoan(db: Db, loan: { cod_emprestimo: number; cod_exemplar: number; before: string; due: string; key: string }): Promise<void> {
  await db.execute(
    sql`update loans set data_devolucao_prevista = ${loan.due}::date, renovacoes = renovacoes + 1 where cod_emprestimo = ${loan.cod_emprestimo}`,
  );
  await db.execute(sql`update copies set data_devolucao_prevista = ${loan.due}::date where cod_exemplar = ${loan.cod_exemplar}`);
  await db.execute(
    sql`insert into loan_renewals (cod_emprestimo, devolucao_anterior, nova_devolucao, chave) values (${loan.cod_emprestimo}, ${loan.before}::date, ${loan.due}::date, ${loan.key})`,
  );
}

/** Returned loans made in a period (dates inclusive), with their late fine; newest first. */
export async function returnedLoans(db: Db, codPessoa: number, from: string, to: string, onlyFined: boolean) {
  return queryRows<EmprestimoHistorico>(
    db,
    sql`select l.cod_emprestimo, c.cod_acervo, t.title as titulo, c.tombo, b.desc_biblioteca, l.data_emprestimo::text as data_emprestimo,
               l.data_devolucao_prevista::text as data_devolucao_prevista, l.data_devolucao::text as data_devolucao, l.renovacoes::int as renovacoes,
               (select sum(d.valor)::text from debts d where d.cod_emprestimo = l.cod_emprestimo and d.tipo_servico = 'multa_atraso') as multa
        from loans l join copies c on c.cod_exemplar = l.cod_exemplar join titles t on t.cod_acervo = c.cod_acervo
        join libraries b on b.cod_biblioteca = c.cod_biblioteca
        where l.cod_pessoa = ${codPessoa} and l.data_devolucao is not null
          and l.data_emprestimo >= ${from}::date and l.data_emprestimo < ${to}::date + 1
          and (not ${onlyFined} or exists (select 1 from debts d where d.cod_emprestimo = l.cod_emprestimo and d.tipo_servico = 'multa_atraso'))
        order by l.data_emprestimo desc, l.cod_emprestimo desc`,
  );
}
