import { sql } from 'drizzle-orm';
import { type Db, executeCount } from '../db/client.js';

/**
 * Gives every physical title that has no copies 1–3 copies spread over the libraries, in
 * every status and loan type (deterministic from the title's id). One SQL statement, so it
 * is as fast at a million titles as at a thousand. Online-only titles get none.
 * Loan type 4 (consulta local) never circulates, so its copies are never on loan.
 * `generatedOnly`: only generated titles (control number GEN…) get copies, never a library's
 * real titles imported beside them (`npm run generate` on a live catalogue, issue 52); the demo
 * seed, whose every title is a sample, gives copies to all.
 */
export async function insertCopiesForTitlesWithout(db: Db, { generatedOnly = false }: { generatedOnly?: boolean } = {}): Promise<number> {
  return executeCount(
    db,
    sql`
    insert into copies (cod_acervo, cod_biblioteca, cod_tipo_emprestimo, tombo, localizacao, colecao, status,
                        data_devolucao_prevista, volume, material)
    select t.cod_acervo,
           libs.ids[1 + ((t.cod_acervo + n) % array_length(libs.ids, 1))],
           lt.tipo,
           lpad(t.cod_acervo::text, 8, '0') || '-' || n,
           coalesce(t.call_number, 'Acervo geral'),
           case t.cod_tipo_obra when 2 then 'Periódicos' when 4 then 'Teses e dissertações'
                                when 7 then 'Multimeios' when 8 then 'Multimeios' when 9 then 'Multimeios'
                                when 6 then 'Mapoteca' else 'Acervo geral' end,
           st.status,
           case when st.status = 'emprestado' then current_date + (((t.cod_acervo * 31 + n) % 28) - 7) end,
           case when t.cod_acervo % 17 = 0 then 'v. ' || n end,
           case when t.cod_acervo % 23 = 0 then 'CD-ROM' end
    from titles t
    cross join (select array_agg(cod_biblioteca order by cod_biblioteca) as ids from libraries) libs
    cross join lateral generate_series(1, 1 + (t.cod_acervo % 3)) as n
    cross join lateral (select case when (t.cod_acervo * 13 + n * 7) % 10 = 9 then 4
                                    when (t.cod_acervo * 13 + n * 7) % 10 = 8 then 2
                                    when (t.cod_acervo * 13 + n * 7) % 10 = 7 then 3
                                    else 1 end as tipo) lt
    cross join lateral (select (t.cod_acervo * 7 + n * 13) % 20 as h) hash
    cross join lateral (select case
             when lt.tipo = 4 then case when hash.h < 16 then 'disponivel' else 'consulta_local' end
             when hash.h <= 10 then 'disponivel'
             when hash.h <= 14 then 'emprestado'
             when hash.h = 15 then 'reservado'
             when hash.h = 16 then 'em_transito'
             when hash.h = 17 then 'em_processamento'
             when hash.h = 18 then 'extraviado'
             else 'consulta_local' end as status) st
    where not t.acesso_remoto
      and (not ${generatedOnly} or t.control_number like 'GEN%')
      and not exists (select 1 from copies c where c.cod_acervo = t.cod_acervo)
      and array_length(libs.ids, 1) > 0
  `,
  );
}

/**
 * The central library (the first) keeps its copies of titles published before 1970 in closed
 * stacks: patrons ask for them to be fetched (acervo fechado). Idempotent.
 */
export async function markClosedStacks(db: Db): Promise<number> {
  return executeCount(
    db,
    sql`update copies c set acervo_fechado = true
        from titles t
        where t.cod_acervo = c.cod_acervo and t.ano_publicacao < 1970 and not c.acervo_fechado
          and c.cod_biblioteca = (select min(cod_biblioteca) from libraries)`,
  );
}
