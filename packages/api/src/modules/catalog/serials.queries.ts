import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

export interface IssueRow {
  seq: number;
  ano: number;
  mes: number;
  volume: string | null;
  numero: string | null;
  recebido: boolean;
  data_chegada: string | null;
  artigos: number;
  desc_biblioteca: string;
}

const ISSUE_COLUMNS = sql`f.cod_fasciculo as seq, f.ano, f.mes, f.volume, f.numero, f.data_chegada is not null as recebido,
  to_char(f.data_chegada, 'YYYY-MM-DD') as data_chegada, l.desc_biblioteca,
  (select count(*)::int from issue_articles a where a.cod_fasciculo = f.cod_fasciculo) as artigos`;

/** Libraries, years and parts of a serial's issues (the Kardex form's choices). */
export async function kardexChoices(db: Db, codAcervo: number) {
  const libraries = await queryRows<{ cod_biblioteca: number; desc_biblioteca: string }>(
    db,
    sql`select distinct f.cod_biblioteca, l.desc_biblioteca from serial_issues f join libraries l on l.cod_biblioteca = f.cod_biblioteca
        where f.cod_acervo = ${codAcervo} order by l.desc_biblioteca`,
  );
  const years = await queryRows<{ ano: number }>(db, sql`select distinct ano from serial_issues where cod_acervo = ${codAcervo} order by ano desc`);
  const parts = await queryRows<{ parte: 'F' | 'S' | 'I' }>(db, sql`select distinct parte from serial_issues where cod_acervo = ${codAcervo} order by parte`);
  const [perYear] = await queryRows<{ n: number | null }>(
    db,
    sql`select max(n)::int as n from (select count(*) as n from serial_issues where cod_acervo = ${codAcervo} and parte = 'F' group by cod_biblioteca, ano) c`,
  );
  return { libraries, years: years.map((y) => y.ano), parts: parts.map((p) => p.parte), issuesPerYear: perYear?.n ?? 0 };
}

/** One year of a library's issues of a serial, of one part, in month order. */
export async function issuesOfYear(db: Db, codAcervo: number, library: number, year: number, part: string): Promise<IssueRow[]> {
  return queryRows<IssueRow>(
    db,
    sql`select ${ISSUE_COLUMNS} from serial_issues f join libraries l on l.cod_biblioteca = f.cod_biblioteca
        where f.cod_acervo = ${codAcervo} and f.cod_biblioteca = ${library} and f.ano = ${year} and f.parte = ${part}
        order by f.mes, f.numero`,
  );
}

/** One issue of the serial (of that part), or undefined. */
export async function issueBySeq(db: Db, codAcervo: number, seq: number, part: string): Promise<IssueRow | undefined> {
  const [row] = await queryRows<IssueRow>(
    db,
    sql`select ${ISSUE_COLUMNS} from serial_issues f join libraries l on l.cod_biblioteca = f.cod_biblioteca
        where f.cod_acervo = ${codAcervo} and f.cod_fasciculo = ${seq} and f.parte = ${part}`,
  );
  return row;
}

/** The articles of issues, in page order (optionally only article `only`). */
export async function articlesOf(db: Db, issues: number[], only?: number) {
  if (issues.length === 0) return [];
  const where: SQL = only === undefined ? sql`` : sql`and seq = ${only}`;
  return queryRows<{ cod_fasciculo: number; seq: number; titulo: string; autores: string | null; paginas: string | null }>(
    db,
    sql`select cod_fasciculo, seq, titulo, autores, paginas from issue_articles where cod_fasciculo in ${issues} ${where} order by cod_fasciculo, seq`,
  );
}

/** The most recent issues that have a table of contents. */
export async function issuesWithContents(db: Db, codAcervo: number, limit: number): Promise<IssueRow[]> {
  return queryRows<IssueRow>(
    db,
    sql`select ${ISSUE_COLUMNS} from serial_issues f join libraries l on l.cod_biblioteca = f.cod_biblioteca
        where f.cod_acervo = ${codAcervo} and exists (select 1 from issue_articles a where a.cod_fasciculo = f.cod_fasciculo)
        order by f.ano desc, f.mes desc, f.cod_fasciculo desc limit ${limit}`,
  );
}

/** Whether a serial has issues, and whether any has a table of contents (the Kardex and contents tabs). */
export async function serialPresence(db: Db, codAcervo: number) {
  const [row] = await queryRows<{ issues: boolean; contents: boolean }>(
    db,
    sql`select exists (select 1 from serial_issues where cod_acervo = ${codAcervo}) as issues,
               exists (select 1 from serial_issues f join issue_articles a on a.cod_fasciculo = f.cod_fasciculo where f.cod_acervo = ${codAcervo}) as contents`,
  );
  return row!;
}

/** Of the given titles, those with indexed articles: how many articles, in how many issues. */
export async function indexedArticleCounts(db: Db, codAcervos: number[]) {
  if (codAcervos.length === 0) return [];
  return queryRows<{ cod_acervo: number; artigos: number; fasciculos: number }>(
    db,
    sql`select f.cod_acervo, count(*)::int as artigos, count(distinct f.cod_fasciculo)::int as fasciculos
        from serial_issues f join issue_articles a on a.cod_fasciculo = f.cod_fasciculo
        where f.cod_acervo in ${codAcervos}
        group by f.cod_acervo order by f.cod_acervo`,
  );
}
