import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** An unsettled debt: more owed than discounted and paid. */
const UNSETTLED = sql`d.valor - d.desconto - d.valor_pago > 0`;

/**
 * The next `limit` loans after number `after` the export writes: every open loan, and every
 * returned one that an unsettled debt arose from (the debt names its title through it).
 */
export function loansAfter(db: Db, after: number, limit: number) {
  return queryRows<{
    cod_emprestimo: number;
    cod_pessoa: number;
    tombo: string;
    emprestimo: string;
    devolucao: string;
    renovacoes: number;
    devolvido: string | null;
  }>(
    db,
    sql`select l.cod_emprestimo, l.cod_pessoa, c.tombo, l.data_emprestimo::date::text as emprestimo, l.data_devolucao_prevista::text as devolucao,
               l.renovacoes::int as renovacoes, l.data_devolucao::date::text as devolvido
        from loans l join copies c on c.cod_exemplar = l.cod_exemplar
        where l.cod_emprestimo > ${after}
          and (l.data_devolucao is null or exists (select 1 from debts d where d.cod_emprestimo = l.cod_emprestimo and ${UNSETTLED}))
        order by l.cod_emprestimo limit ${limit}`,
  );
}

/** The next `limit` active holds after number `after` (waiting or kept at the desk), in number order: each queue's order. */
export function holdsAfter(db: Db, after: number, limit: number) {
  return queryRows<{
    cod_reserva: number;
    cod_pessoa: number;
    numero_controle: string;
    sigla: string;
    dia: string;
    whole: boolean;
  }>(
    db,
    sql`select h.cod_reserva, h.cod_pessoa, t.control_number as numero_controle, b.sigla, h.criada_em::date::text as dia,
               (h.volume is null and h.tomo is null and h.parte is null and h.localizacao is null) as whole
        from holds h join titles t on t.cod_acervo = h.cod_acervo join libraries b on b.cod_biblioteca = h.cod_biblioteca
        where h.cod_reserva > ${after} and h.situacao in ('fila', 'liberada')
        order by h.cod_reserva limit ${limit}`,
  );
}

/** The next `limit` unsettled debts after number `after`, with the copy of the loan each arose from. */
export function debtsAfter(db: Db, after: number, limit: number) {
  return queryRows<{
    cod_debito: number;
    cod_pessoa: number;
    tipo: string;
    valor: string;
    dia: string;
    tombo: string | null;
    desconto: string;
    valor_pago: string;
    data_pagamento: string | null;
  }>(
    db,
    sql`select d.cod_debito, d.cod_pessoa, d.tipo_servico as tipo, d.valor::text as valor, d.created_at::date::text as dia, c.tombo,
               d.desconto::text as desconto, d.valor_pago::text as valor_pago, d.data_pagamento::text as data_pagamento
        from debts d left join loans l on l.cod_emprestimo = d.cod_emprestimo left join copies c on c.cod_exemplar = l.cod_exemplar
        where d.cod_debito > ${after} and ${UNSETTLED}
        order by d.cod_debito limit ${limit}`,
  );
}
