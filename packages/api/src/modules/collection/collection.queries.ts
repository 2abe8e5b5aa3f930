import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** The professor a patron signs in as (professors.cod_pessoa), or null. */
export async function professorOf(db: Db, codPessoa: number): Promise<{ cod_professor: number; nome: string } | null> {
  const [row] = await queryRows<{ cod_professor: number; nome: string }>(
    db,
    sql`select cod_professor, nome_professor as nome from professors where cod_pessoa = ${codPessoa}`,
  );
  return row ?? null;
}

/** The patron's category (people.cod_categoria), or null for an unknown person. */
export async function categoryOf(db: Db, codPessoa: number): Promise<string | null> {
  const [row] = await queryRows<{ cod_categoria: string }>(db, sql`select cod_categoria from people where cod_pessoa = ${codPessoa}`);
  return row?.cod_categoria ?? null;
}

/** Every library, by name. */
export function libraryList(db: Db) {
  return queryRows<{ cod_biblioteca: number; desc_biblioteca: string }>(
    db,
    sql`select cod_biblioteca, desc_biblioteca from libraries order by estante_fold(desc_biblioteca), cod_biblioteca`,
  );
}

/** A library's name, or null when there is no such library. */
export async function libraryName(db: Db, codBiblioteca: number): Promise<string | null> {
  const [row] = await queryRows<{ nome: string }>(db, sql`select desc_biblioteca as nome from libraries where cod_biblioteca = ${codBiblioteca}`);
  return row?.nome ?? null;
}

/** Which of a professor's plans: each field given narrows them. */
export interface PlanFilter {
  codProfessor: number;
  departamento?: number;
  ano?: number;
  semestre?: number;
  periodo?: number;
  disciplina?: number;
}

/** The plans (alias p) a filter keeps. */
function plansWhere(f: PlanFilter): SQL {
  const parts: SQL[] = [sql`p.cod_professor = ${f.codProfessor}`];
  if (f.departamento !== undefined) parts.push(sql`p.cod_curso = ${f.departamento}`);
  if (f.ano !== undefined) parts.push(sql`p.ano = ${f.ano}`);
  if (f.semestre !== undefined) parts.push(sql`p.semestre = ${f.semestre}`);
  if (f.periodo !== undefined) parts.push(sql`p.periodo = ${f.periodo}`);
  if (f.disciplina !== undefined) parts.push(sql`p.cod_disciplina = ${f.disciplina}`);
  return sql.join(parts, sql` and `);
}

/** A teaching plan with its course and discipline. */
export interface PlanRow {
  cod_plano: number;
  cod_curso: number;
  nome_curso: string;
  cod_disciplina: number;
  sigla: string;
  nome_disciplina: string;
  ano: number;
  semestre: number;
  periodo: number | null;
  vagas: number | null;
}

/** A professor's plans a filter keeps: the latest semester first, then by discipline and course. */
export function plansOf(db: Db, filter: PlanFilter): Promise<PlanRow[]> {
  return queryRows<PlanRow>(
    db,
    sql`select p.cod_plano, p.cod_curso, c.nome_curso, p.cod_disciplina, d.codigo as sigla, d.nome_disciplina,
               p.ano::int as ano, p.semestre::int as semestre, p.periodo::int as periodo, p.vagas
        from teaching_plans p
        join courses c on c.cod_curso = p.cod_curso
        join disciplines d on d.cod_disciplina = p.cod_disciplina
        where ${plansWhere(filter)}
        order by p.ano desc, p.semestre desc, estante_fold(d.nome_disciplina), estante_fold(c.nome_curso), p.cod_plano`,
  );
}

/** A title of a plan's bibliography with its copies per library and its loans in the plan's semester. */
export interface PlanTitleRow {
  cod_plano: number;
  cod_acervo: number;
  titulo: string;
  autor: string | null;
  ano: string | null;
  tipo: 'basica' | 'complementar';
  por_biblioteca: { cod_biblioteca: number; biblioteca: string; exemplares: number; emprestados: number }[];
  emprestimos: number;
}

/**
 * The bibliography of the plans a filter keeps, basic titles first, each part by title. Copies
 * are counted at `biblioteca` when given (lost ones never), with those on an open loan; loans
 * are those of its copies (there) lent in the plan's semester: January–June of its year for
 * semester 1, July–December for 2.
 */
export function planTitlesOf(db: Db, filter: PlanFilter, biblioteca?: number): Promise<PlanTitleRow[]> {
  const at = biblioteca === undefined ? sql`true` : sql`c.cod_biblioteca = ${biblioteca}`;
  return queryRows<PlanTitleRow>(
    db,
    sql`select pt.cod_plano, t.cod_acervo, t.title as titulo, t.author as autor, t.ano_publicacao::text as ano, pt.tipo,
               coalesce((
                 select json_agg(json_build_object('cod_biblioteca', b.cod_biblioteca, 'biblioteca', b.desc_biblioteca,
                                                   'exemplares', k.n, 'emprestados', k.fora) order by estante_fold(b.desc_biblioteca), b.cod_biblioteca)
                 from (select c.cod_biblioteca, count(*)::int as n,
                              count(*) filter (where exists (select 1 from loans l where l.cod_exemplar = c.cod_exemplar and l.data_devolucao is null))::int as fora
                       from copies c
                       where c.cod_acervo = t.cod_acervo and c.status <> 'extraviado' and ${at}
                       group by c.cod_biblioteca) k
                 join libraries b on b.cod_biblioteca = k.cod_biblioteca), '[]'::json) as por_biblioteca,
               (select count(*)::int from loans l join copies c on c.cod_exemplar = l.cod_exemplar
                 where c.cod_acervo = t.cod_acervo and ${at}
                   and l.data_emprestimo >= s.inicio and l.data_emprestimo < s.inicio + interval '6 months') as emprestimos
        from teaching_plans p
        cross join lateral (select make_date(p.ano, case when p.semestre = 1 then 1 else 7 end, 1)::timestamp as inicio) s
        join plan_titles pt on pt.cod_plano = p.cod_plano
        join titles t on t.cod_acervo = pt.cod_acervo
        where ${plansWhere(filter)}
        order by pt.cod_plano, pt.tipo = 'complementar', coalesce(t.title_fold, lower(t.title)), t.cod_acervo`,
  );
}

/** A database or e-resource. */
export interface EResourceRow {
  cod_base: number;
  nome: string;
  descricao: string | null;
  area: string | null;
  url: string;
  acesso_remoto: boolean;
}

/** The e-resources for every category (categorias null) or listing `categoria`, by name. */
export function eResourcesFor(db: Db, categoria: string | null): Promise<EResourceRow[]> {
  return queryRows<EResourceRow>(
    db,
    sql`select cod_base, nome, descricao, area, url, acesso_remoto from e_resources
        where categorias is null or ${categoria}::text = any(categorias)
        order by estante_fold(nome), nome`,
  );
}

/** A line of the collection's totals. */
export interface TotalRow {
  codigo: string | null;
  descricao: string | null;
  titulos: number;
  exemplares: number;
}

/** Copies acquired in the period (dates inclusive), at one library when given, with their title, work type, library and area. */
function acquired(period: { dataIni: string; dataFim: string }, biblioteca?: number): SQL {
  const at = biblioteca === undefined ? sql`` : sql`and c.cod_biblioteca = ${biblioteca}`;
  return sql`from copies c
             join titles t on t.cod_acervo = c.cod_acervo
             join work_types w on w.cod_tipo_obra = t.cod_tipo_obra
             join libraries b on b.cod_biblioteca = c.cod_biblioteca
             left join knowledge_areas a on a.cod_area_conhecimento = t.cod_area_conhecimento
             where c.data_aquisicao between ${period.dataIni}::date and ${period.dataFim}::date ${at}`;
}

const COUNTS = sql`count(distinct c.cod_acervo)::int as titulos, count(*)::int as exemplares`;

/**
 * The copies acquired in a period counted in all, by work type, by library and by knowledge
 * area (the titles without one in a row of their own: codigo and descricao null, last); the
 * rows by name, accents and case aside.
 */
export async function acquiredTotals(db: Db, period: { dataIni: string; dataFim: string }, biblioteca?: number) {
  const from = acquired(period, biblioteca);
  const [all] = await queryRows<{ titulos: number; exemplares: number }>(db, sql`select ${COUNTS} ${from}`);
  const porTipo = await queryRows<TotalRow>(
    db,
    sql`select t.cod_tipo_obra::text as codigo, w.desc_tipo_obra as descricao, ${COUNTS} ${from}
        group by t.cod_tipo_obra, w.desc_tipo_obra order by estante_fold(w.desc_tipo_obra)`,
  );
  const porBiblioteca = await queryRows<TotalRow>(
    db,
    sql`select c.cod_biblioteca::text as codigo, b.desc_biblioteca as descricao, ${COUNTS} ${from}
        group by c.cod_biblioteca, b.desc_biblioteca order by estante_fold(b.desc_biblioteca)`,
  );
  const porArea = await queryRows<TotalRow>(
    db,
    sql`select a.cod_area_conhecimento::text as codigo, a.descricao, ${COUNTS} ${from}
        group by a.cod_area_conhecimento, a.descricao order by estante_fold(a.descricao) nulls last`,
  );
  return { titulos: all?.titulos ?? 0, exemplares: all?.exemplares ?? 0, porTipo, porBiblioteca, porArea };
}
