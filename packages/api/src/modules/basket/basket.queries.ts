import { sql } from 'drizzle-orm';
import { type Db, executeCount, queryRows } from '../../db/client.js';

/** Adds titles to a person's permanent basket (those already there stay as they were). */
export async function addToPermanent(db: Db, codPessoa: number, ids: number[]): Promise<number> {
  return executeCount(
    db,
    sql`insert into permanent_basket (cod_pessoa, cod_acervo)
        select ${codPessoa}, id from (values ${sql.join(
          ids.map((id) => sql`(${id}::int)`),
          sql`, `,
        )}) v(id)
        on conflict do nothing`,
  );
}

export async function permanentCount(db: Db, codPessoa: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from permanent_basket where cod_pessoa = ${codPessoa}`);
  return row!.n;
}

/** The permanent basket, newest first, optionally only what was added in [from, to]. */
export async function permanentItems(db: Db, codPessoa: number, from?: string, to?: string) {
  const period = from && to ? sql`and b.adicionado_em >= ${from}::date and b.adicionado_em < ${to}::date + 1` : sql``;
  return queryRows<{
    cod_acervo: number;
    titulo: string;
    autor: string | null;
    ano_publicacao: number | null;
    link_capa: string | null;
    adicionado_em: string;
  }>(
    db,
    sql`select t.cod_acervo, t.title as titulo, t.author as autor, t.ano_publicacao, t.link_capa,
               to_char(b.adicionado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as adicionado_em
        from permanent_basket b join titles t on t.cod_acervo = b.cod_acervo
        where b.cod_pessoa = ${codPessoa} ${period}
        order by b.adicionado_em desc, t.title_fold`,
  );
}

export async function removeFromPermanent(db: Db, codPessoa: number, codAcervo: number): Promise<boolean> {
  return (await executeCount(db, sql`delete from permanent_basket where cod_pessoa = ${codPessoa} and cod_acervo = ${codAcervo}`)) > 0;
}
