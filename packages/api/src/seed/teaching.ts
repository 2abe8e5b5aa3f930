import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { courses, disciplines, planTitles, professors, teachingPlans } from '../db/schema/index.js';

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
 * another slice of them for each year). Idempotent.
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
  return planned;
}
