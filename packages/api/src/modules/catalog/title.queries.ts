import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { MarcRecord } from '../../marc/record.js';

/** A title row with its work type, language and knowledge area names. */
export interface TitleDetailRow {
  cod_acervo: number;
  marc: MarcRecord;
  cod_tipo_obra: number;
  desc_tipo_obra: string;
  title: string;
  responsibility: string | null;
  author: string | null;
  added_authors: string[];
  subjects: string[];
  dados_adicionais: string[] | null;
  edition: string | null;
  place: string | null;
  publisher: string | null;
  ano_publicacao: number | null;
  idioma: string | null;
  nome_pt: string | null;
  nome_en: string | null;
  nome_es: string | null;
  physical_description: string | null;
  series: string | null;
  notes: string | null;
  call_number: string | null;
  isbn: string[];
  issn: string[];
  link_capa: string | null;
  acesso_remoto: boolean;
  possui_acessibilidade: boolean;
  cod_area_conhecimento: number | null;
  cod_tipo_area_conhec: number | null;
  desc_tipo_area_conhec: string | null;
  area_descricao: string | null;
  rota: string | null;
}

export async function titleById(db: Db, id: number): Promise<TitleDetailRow | undefined> {
  const [row] = await queryRows<TitleDetailRow>(
    db,
    sql`select t.cod_acervo, t.marc, t.cod_tipo_obra, w.desc_tipo_obra, t.title, t.responsibility, t.author, t.added_authors,
               t.subjects, t.dados_adicionais, t.edition, t.place, t.publisher, t.ano_publicacao, t.idioma, l.nome_pt, l.nome_en, l.nome_es,
               t.physical_description, t.series, t.notes, t.call_number, t.isbn, t.issn, t.link_capa, t.acesso_remoto,
               t.possui_acessibilidade, t.cod_area_conhecimento, k.cod_tipo_area_conhec, k.desc_tipo_area_conhec,
               k.descricao as area_descricao, k.rota
        from titles t
        join work_types w on w.cod_tipo_obra = t.cod_tipo_obra
        left join languages l on l.codigo = t.idioma
        left join knowledge_areas k on k.cod_area_conhecimento = t.cod_area_conhecimento
        where t.cod_acervo = ${id} and not t.suppressed`,
  );
  return row;
}

export interface CopyRow {
  cod_exemplar: number;
  tombo: string;
  cod_biblioteca: number;
  desc_biblioteca: string;
  localizacao: string;
  tipo_emprestimo: string;
  colecao: string | null;
  situacao: 'disponivel' | 'emprestado' | 'reservado' | 'em_transito' | 'em_processamento' | 'extraviado' | 'consulta_local';
  data_devolucao_prevista: string | null;
  volume: string | null;
  tomo: string | null;
  parte: string | null;
  numero: string | null;
  material: string | null;
}

/** A title's copies, optionally of one library, by library, then volume order, then accession number. */
export async function copiesOf(db: Db, id: number, library?: number): Promise<CopyRow[]> {
  const where: SQL = library === undefined ? sql`c.cod_acervo = ${id}` : sql`c.cod_acervo = ${id} and c.cod_biblioteca = ${library}`;
  return queryRows<CopyRow>(
    db,
    sql`select c.cod_exemplar, c.tombo, c.cod_biblioteca, l.desc_biblioteca, c.localizacao, lt.descricao as tipo_emprestimo,
               c.colecao, c.status as situacao, to_char(c.data_devolucao_prevista, 'YYYY-MM-DD') as data_devolucao_prevista,
               c.volume, c.tomo, c.parte, c.numero, c.material
        from copies c
        join libraries l on l.cod_biblioteca = c.cod_biblioteca
        join loan_types lt on lt.cod_tipo_emprestimo = c.cod_tipo_emprestimo
        where ${where}
        order by l.desc_biblioteca, c.volume nulls first, c.tomo nulls first, c.parte nulls first, c.tombo`,
  );
}

/** What decides the title page's hold, loan-request and closed-stacks tabs: copies that allow them. */
export async function circulationCounts(db: Db, id: number) {
  const [row] = await queryRows<{ total: number; holdable: number; loanable: number; closed: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where c.acervo_fechado)::int as closed,
               count(*) filter (where lt.permite_reserva and c.status not in ('extraviado', 'em_processamento'))::int as holdable,
               count(*) filter (where lt.permite_emprestimo and c.status not in ('extraviado', 'em_processamento'))::int as loanable
        from copies c join loan_types lt on lt.cod_tipo_emprestimo = c.cod_tipo_emprestimo
        where c.cod_acervo = ${id}`,
  );
  return row!;
}

/** Courses whose teaching plans cite the title, with their campus. */
export async function coursesCiting(db: Db, id: number) {
  return queryRows<{ cod_curso: number; nome_curso: string; nome_campus: string | null }>(
    db,
    sql`select distinct c.cod_curso, c.nome_curso, ca.nome_campus
        from plan_titles pt
        join teaching_plans p on p.cod_plano = pt.cod_plano
        join courses c on c.cod_curso = p.cod_curso
        left join campuses ca on ca.cod_campus = c.cod_campus
        where pt.cod_acervo = ${id}
        order by c.nome_curso`,
  );
}

/** Authority records whose heading is one of `headings`, compared folded (case, accents, punctuation). */
export async function authoritiesForHeadings(db: Db, headings: string[]) {
  if (headings.length === 0) return [];
  return queryRows<{ cod_autoridade: number; tipo: string; heading: string }>(
    db,
    sql`select cod_autoridade, tipo, heading from authorities
        where estante_key(heading) in (select estante_key(v.h) from (values ${sql.join(
          headings.map((h) => sql`(${h})`),
          sql`, `,
        )}) v(h))
        order by heading`,
  );
}

/** Years in which the title's copies were lent, newest first. */
export async function loanYears(db: Db, id: number): Promise<number[]> {
  const rows = await queryRows<{ ano: number }>(
    db,
    sql`select distinct extract(year from l.data_emprestimo)::int as ano
        from loans l join copies c on c.cod_exemplar = l.cod_exemplar
        where c.cod_acervo = ${id} order by 1 desc`,
  );
  return rows.map((r) => r.ano);
}

/** Loans of the title's copies per month of one year. */
export async function loansPerMonth(db: Db, id: number, year: number) {
  return queryRows<{ mes: number; emprestimos: number }>(
    db,
    sql`select extract(month from l.data_emprestimo)::int as mes, count(*)::int as emprestimos
        from loans l join copies c on c.cod_exemplar = l.cod_exemplar
        where c.cod_acervo = ${id}
          and l.data_emprestimo >= make_date(${year}, 1, 1) and l.data_emprestimo < make_date(${year} + 1, 1, 1)
        group by 1 order by 1`,
  );
}

export async function titleExists(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from titles where cod_acervo = ${id} and not suppressed`);
  return rows.length > 0;
}

export async function insertLinkAccess(
  db: Db,
  access: { codAcervo: number; seqParagrafo?: number; url: string; codPessoa?: number; browser?: string; device?: string; os?: string },
): Promise<void> {
  await db.execute(
    sql`insert into link_accesses (cod_acervo, seq_paragrafo, url, cod_pessoa, browser, device, os)
        select ${access.codAcervo}, ${access.seqParagrafo ?? null}, ${access.url}, ${access.codPessoa ?? null},
               ${access.browser ?? null}, ${access.device ?? null}, ${access.os ?? null}
        where exists (select 1 from titles where cod_acervo = ${access.codAcervo})`,
  );
}

/** Loans and renewals of the title's copies lent in [from, to], per library. */
export async function circulationTotals(db: Db, id: number, from: string, to: string, library?: number) {
  const where = library === undefined ? sql`` : sql`and c.cod_biblioteca = ${library}`;
  return queryRows<{ cod_biblioteca: number; desc_biblioteca: string; emprestimos: number; renovacoes: number }>(
    db,
    sql`select c.cod_biblioteca, b.desc_biblioteca, count(*)::int as emprestimos, coalesce(sum(l.renovacoes), 0)::int as renovacoes
        from loans l join copies c on c.cod_exemplar = l.cod_exemplar join libraries b on b.cod_biblioteca = c.cod_biblioteca
        where c.cod_acervo = ${id} and l.data_emprestimo >= ${from}::date and l.data_emprestimo < ${to}::date + 1 ${where}
        group by c.cod_biblioteca, b.desc_biblioteca order by b.desc_biblioteca`,
  );
}

/** How many different people borrowed the title in [from, to]. */
export async function distinctReaders(db: Db, id: number, from: string, to: string, library?: number): Promise<number> {
  const where = library === undefined ? sql`` : sql`and c.cod_biblioteca = ${library}`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct l.cod_pessoa)::int as n
        from loans l join copies c on c.cod_exemplar = l.cod_exemplar
        where c.cod_acervo = ${id} and l.data_emprestimo >= ${from}::date and l.data_emprestimo < ${to}::date + 1 ${where}`,
  );
  return row!.n;
}

/** What a reference or a basket export needs of each title (its MARC record first), in the order asked. */
export async function exportRows(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<{
    cod_acervo: number;
    cod_tipo_obra: number;
    desc_tipo_obra: string;
    ano_publicacao: number | null;
    acesso_remoto: boolean;
    marc: MarcRecord;
    title: string;
    author: string | null;
    edition: string | null;
    place: string | null;
    publisher: string | null;
    isbn: string[];
    issn: string[];
    subjects: string[];
    call_number: string | null;
  }>(
    db,
    sql`select t.cod_acervo, t.cod_tipo_obra, w.desc_tipo_obra, t.ano_publicacao, t.acesso_remoto, t.marc, t.title, t.author, t.edition,
               t.place, t.publisher, t.isbn, t.issn, t.subjects, t.call_number
        from titles t join work_types w on w.cod_tipo_obra = t.cod_tipo_obra
        where t.cod_acervo in ${ids}
        order by array_position(${sql.raw(`array[${ids.join(',')}]::int[]`)}, t.cod_acervo)`,
  );
}
