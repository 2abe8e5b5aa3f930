import { DEFAULT_PLAN_TARGETS } from '@estante/contracts/collection';
import { sql } from 'drizzle-orm';
import { type Db, executeCount, queryRows } from '../db/client.js';
import { courses, disciplines, planTitles, professors, teachingPlans } from '../db/schema/index.js';
import { seedEResources } from './e-resources.js';

/** The demo's courses (on campuses 1–3), disciplines with the subject their bibliography is on, and professors. */
const COURSES = [
  { codCurso: 1, nome: 'Pedagogia', codCampus: 1 },
  { codCurso: 2, nome: 'Direito', codCampus: 1 },
  { codCurso: 3, nome: 'Matemática', codCampus: 2 },
  { codCurso: 4, nome: 'Engenharia Civil', codCampus: 3 },
];
const DISCIPLINES = [
  { codDisciplina: 1, codigo: 'EDU101', nome: 'Fundamentos da Educação', subject: 'Educação' },
  { codDisciplina: 2, codigo: 'PSI110', nome: 'Psicologia da Educação', subject: 'Psicologia' },
  { codDisciplina: 3, codigo: 'DIR201', nome: 'Direito Constitucional I', subject: 'Direito constitucional' },
  { codDisciplina: 4, codigo: 'DIR305', nome: 'Direito Penal II', subject: 'Direito penal' },
  { codDisciplina: 5, codigo: 'MAT101', nome: 'Cálculo I', subject: 'Matemática' },
  { codDisciplina: 6, codigo: 'MAT120', nome: 'Álgebra Linear', subject: 'Álgebra linear' },
  { codDisciplina: 7, codigo: 'ECV210', nome: 'Estatística Aplicada à Engenharia', subject: 'Estatística' },
];
const PROFESSORS = [
  { codProfessor: 1, nome: 'Carlos Eduardo Pereira' },
  { codProfessor: 2, nome: 'Helena Duarte Campos' },
  { codProfessor: 3, nome: 'Rafael Mendes Araújo' },
];
/** [course, discipline, professor, year, semester, period, vacancies] */
const PLANS: [number, number, number, number, number, number, number][] = [
  [1, 1, 1, 2026, 1, 1, 45],
  [1, 2, 2, 2026, 1, 2, 45],
  [1, 1, 1, 2025, 2, 1, 40],
  [2, 3, 3, 2026, 1, 3, 60],
  [2, 4, 3, 2025, 2, 5, 60],
  [3, 5, 2, 2026, 1, 1, 50],
  [3, 6, 2, 2026, 1, 2, 50],
  [4, 7, 1, 2026, 1, 4, 40],
];

/**
 * Courses, disciplines, professors and teaching plans for the demo, each plan's bibliography
 * taken from the catalogue's titles on its discipline's subject (5 basic, 3 complementary;
 * another slice of them for each year). Carlos (login `professor`) is professor 1, so Meu
 * Pergamum shows him his plans; the first two basic titles of each plan get the copies the
 * default target asks for, the others stay below it. Then the databases (e-resources).
 * Idempotent.
 */
export async function seedTeachingPlans(db: Db): Promise<number> {
  await db.insert(courses).values(COURSES).onConflictDoNothing();
  await db
    .insert(disciplines)
    .values(DISCIPLINES.map(({ subject: _s, ...d }) => d))
    .onConflictDoNothing();
  await db.insert(professors).values(PROFESSORS).onConflictDoNothing();
  // The rows above carry their codes; new rows made later get codes after them.
  for (const [table, column] of [
    ['courses', 'cod_curso'],
    ['disciplines', 'cod_disciplina'],
    ['professors', 'cod_professor'],
  ]) {
    await db.execute(sql`select setval(pg_get_serial_sequence(${table}, ${column}), 100)`);
  }
  let planned = 0;
  for (const [codCurso, codDisciplina, codProfessor, ano, semestre, periodo, vagas] of PLANS) {
    const [plan] = await db
      .insert(teachingPlans)
      .values({ codCurso, codDisciplina, codProfessor, ano, semestre, periodo, vagas })
      .onConflictDoNothing()
      .returning({ codPlano: teachingPlans.codPlano });
    if (!plan) continue;
    const subject = DISCIPLINES.find((d) => d.codDisciplina === codDisciplina)!.subject;
    const titles = await queryRows<{ cod_acervo: number }>(
      db,
      sql`select cod_acervo from titles
          where exists (select 1 from unnest(subjects) s where estante_fold(s) = estante_fold(${subject}))
          order by cod_acervo offset ${(ano % 2) * 8} limit 8`,
    );
    if (titles.length) {
      await db
        .insert(planTitles)
        .values(titles.map((t, i) => ({ codPlano: plan.codPlano, codAcervo: t.cod_acervo, tipo: i < 5 ? ('basica' as const) : ('complementar' as const) })))
        .onConflictDoNothing();
    }
    planned++;
  }
  // The teaching seed runs after the patrons: Carlos signs in as professor 1.
  await db.execute(
    sql`update professors set cod_pessoa = (select cod_pessoa from logins where login = 'professor')
        where cod_professor = 1 and cod_pessoa is null`,
  );
  await seedPlanCopies(db);
  await seedEResources(db);
  return planned;
}

/**
 * Enough copies of the first two printed basic titles of each plan (by title number) to meet the
 * default target of vacancies per copy for the largest plan they are in; bought a month before
 * the plan's semester, at the libraries in turn, tombo <title>-P<n>. Copies counted are those
 * not lost; the -P ones are not counted when deciding how many to add, so a second run adds none.
 */
async function seedPlanCopies(db: Db): Promise<number> {
  return executeCount(
    db,
    sql`with firsts as (
          select pt.cod_acervo, p.vagas, p.ano, p.semestre,
                 row_number() over (partition by pt.cod_plano order by pt.cod_acervo) as k
          from plan_titles pt join teaching_plans p on p.cod_plano = pt.cod_plano join titles t on t.cod_acervo = pt.cod_acervo
          where pt.tipo = 'basica' and p.vagas > 0 and not t.acesso_remoto),
        wanted as (
          select f.cod_acervo, max(ceil(f.vagas::numeric / ${DEFAULT_PLAN_TARGETS.vagas_por_exemplar}))::int as total,
                 min(make_date(f.ano, case when f.semestre = 1 then 2 else 7 end, 1) - 30) as comprado
          from firsts f where f.k <= 2 group by f.cod_acervo),
        missing as (
          select w.cod_acervo, w.comprado,
                 w.total - (select count(*) from copies c
                            where c.cod_acervo = w.cod_acervo and c.status <> 'extraviado' and c.tombo not like '%-P%')::int as n
          from wanted w)
        insert into copies (cod_acervo, cod_biblioteca, cod_tipo_emprestimo, tombo, localizacao, colecao, data_aquisicao)
        select m.cod_acervo, libs.ids[1 + ((m.cod_acervo + i) % array_length(libs.ids, 1))], 1,
               lpad(m.cod_acervo::text, 8, '0') || '-P' || i, coalesce(t.call_number, 'Acervo geral'), 'Bibliografia básica',
               least(current_date, m.comprado)
        from missing m
        join titles t on t.cod_acervo = m.cod_acervo
        cross join (select array_agg(cod_biblioteca order by cod_biblioteca) as ids from libraries) libs
        cross join lateral generate_series(1, m.n) as i
        where m.n > 0 and array_length(libs.ids, 1) > 0
        on conflict (tombo) do nothing`,
  );
}
