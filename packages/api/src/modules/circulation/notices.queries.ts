import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

export type NoticeKind = 'lembrete' | 'atraso';

/** One loan a notice is about, with what the e-mail says of it. */
export interface NoticeLoan {
  cod_emprestimo: number;
  cod_pessoa: number;
  nome: string;
  email: string;
  titulo: string;
  tombo: string;
  devolucao: string;
  /** The language the patron last signed in with (null: never signed in). */
  idioma: 'pt' | 'en' | 'es' | null;
}

/** Which loans a notice of `kind` is about: open, due within `days` days (a reminder) or past due (the overdue notice). */
function dueFor(kind: NoticeKind, days: number) {
  return kind === 'lembrete'
    ? sql`l.data_devolucao_prevista between current_date and current_date + ${days}::int`
    : sql`l.data_devolucao_prevista < current_date`;
}

/**
 * The next `limit` patrons (by number, after `after`; from the first when null) with an e-mail
 * address and an open loan that has not had this notice: the notices job takes patrons a batch
 * at a time, so a library's first run after bringing in its open loans (hundreds of thousands)
 * never holds them all in the server at once.
 */
export async function patronsNeedingNotice(db: Db, kind: NoticeKind, days: number, after: number | null, limit: number): Promise<number[]> {
  const rows = await queryRows<{ cod_pessoa: number }>(
    db,
    sql`select distinct l.cod_pessoa from loans l join people p on p.cod_pessoa = l.cod_pessoa
        where l.data_devolucao is null and p.email is not null and ${dueFor(kind, days)}
          and ${after === null ? sql`true` : sql`l.cod_pessoa > ${after}`}
          and not exists (select 1 from loan_notices n where n.cod_emprestimo = l.cod_emprestimo and n.tipo = ${kind})
        order by l.cod_pessoa limit ${limit}`,
  );
  return rows.map((r) => r.cod_pessoa);
}

/** The loans of `patrons` (patronsNeedingNotice) that need this notice, each patron's by due date. */
export function loansNeedingNotice(db: Db, kind: NoticeKind, days: number, patrons: number[]) {
  if (patrons.length === 0) return Promise.resolve([] as NoticeLoan[]);
  return queryRows<NoticeLoan>(
    db,
    sql`select l.cod_emprestimo, p.cod_pessoa, p.nome_pessoa as nome, p.email, t.title as titulo, c.tombo, l.data_devolucao_prevista::text as devolucao, p.idioma
        from loans l join people p on p.cod_pessoa = l.cod_pessoa join copies c on c.cod_exemplar = l.cod_exemplar join titles t on t.cod_acervo = c.cod_acervo
        where l.cod_pessoa = any(${`{${patrons.join(',')}}`}::int[]) and l.data_devolucao is null and p.email is not null and ${dueFor(kind, days)}
          and not exists (select 1 from loan_notices n where n.cod_emprestimo = l.cod_emprestimo and n.tipo = ${kind})
        order by p.cod_pessoa, l.data_devolucao_prevista, l.cod_emprestimo`,
  );
}

/** Claims the notice for these loans: answers the ones this call claimed (another run may have claimed the rest). */
export async function claimNotices(db: Db, kind: NoticeKind, loans: number[]): Promise<number[]> {
  if (loans.length === 0) return [];
  const rows = await queryRows<{ cod_emprestimo: number }>(
    db,
    sql`insert into loan_notices (cod_emprestimo, tipo) select unnest(${`{${loans.join(',')}}`}::int[]), ${kind}
        on conflict do nothing returning cod_emprestimo`,
  );
  return rows.map((r) => r.cod_emprestimo);
}

/** Gives back claims whose e-mail could not be sent: the next run sends them. */
export async function releaseNotices(db: Db, kind: NoticeKind, loans: number[]): Promise<void> {
  if (loans.length === 0) return;
  await db.execute(sql`delete from loan_notices where tipo = ${kind} and cod_emprestimo = any(${`{${loans.join(',')}}`}::int[])`);
}
