import { sql } from 'drizzle-orm';
import { type Db, executeCount } from '../db/client.js';

/**
 * The Kardex of the demo's periodicals: three years of issues at the first library holding the
 * title, monthly, bimonthly or quarterly (by the title's number), numbered within the volume
 * (one volume a year), with a December supplement for some. Issues arrive about 20 days after
 * their month; a few never came and the last two months' are still on their way. Every received
 * issue has a table of contents of three articles. Skipped when any issue exists.
 */
export async function seedSerialIssues(db: Db): Promise<{ issues: number; articles: number }> {
  const issues = await executeCount(
    db,
    sql`
    insert into serial_issues (cod_acervo, cod_biblioteca, parte, ano, mes, volume, numero, data_chegada)
    select s.cod_acervo, s.lib, p.parte, y.ano, m.mes, (y.ano - 1990)::text,
           case when p.parte = 'S' then 'supl.' else (row_number() over (partition by s.cod_acervo, p.parte, y.ano order by m.mes))::text end,
           case when make_date(y.ano, m.mes, 1) > current_date - 60 then null
                when (s.cod_acervo + m.mes + y.ano) % 11 = 0 then null
                else make_date(y.ano, m.mes, 1) + 20 end
    from (select t.cod_acervo, min(c.cod_biblioteca) as lib
          from titles t join copies c on c.cod_acervo = t.cod_acervo
          where t.cod_tipo_obra = 2 group by t.cod_acervo) s
    cross join lateral (select (extract(year from current_date)::int - k) as ano from generate_series(0, 2) k) y
    cross join lateral (select 'F' as parte union all select 'S' where s.cod_acervo % 5 = 0) p
    cross join lateral generate_series(case when p.parte = 'S' then 12 else 1 end, 12,
                                       case when p.parte = 'S' then 1 when s.cod_acervo % 3 = 0 then 1 when s.cod_acervo % 3 = 1 then 3 else 2 end) as m(mes)
    where make_date(y.ano, m.mes, 1) <= current_date
      and not exists (select 1 from serial_issues)
    `,
  );
  const articles = await executeCount(
    db,
    sql`
    insert into issue_articles (cod_fasciculo, seq, titulo, autores, paginas)
    select f.cod_fasciculo, a.seq,
           (array['Perspectivas recentes em', 'Uma revisão sobre', 'Desafios e práticas de', 'Notas metodológicas sobre', 'Estudo de caso em'])[1 + (f.cod_fasciculo + a.seq) % 5]
             || ' ' || lower(coalesce(split_part(t.subjects[1], ' -- ', 1), 'pesquisa aplicada')),
           (array['Almeida, R.', 'Barbosa, L.', 'Cardoso, M.', 'Duarte, P.', 'Esteves, C.', 'Ferraz, A.', 'Gomes, T.'])[1 + (f.cod_fasciculo * 3 + a.seq) % 7]
             || case when (f.cod_fasciculo + a.seq) % 2 = 0 then '; ' || (array['Henriques, J.', 'Ibarra, S.', 'Jardim, F.'])[1 + a.seq % 3] else '' end,
           ((a.seq - 1) * 16 + 1)::text || '-' || (a.seq * 16)::text
    from serial_issues f join titles t on t.cod_acervo = f.cod_acervo
    cross join generate_series(1, 3) as a(seq)
    where f.data_chegada is not null and f.parte = 'F'
      and not exists (select 1 from issue_articles)
    `,
  );
  return { issues, articles };
}
