import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { titles } from './catalog.js';
import { campuses } from './institution.js';
import { people } from './people.js';

/** Courses (cursos) the institution teaches, each on a campus. */
export const courses = pgTable('courses', {
  codCurso: serial('cod_curso').primaryKey(),
  nome: text('nome_curso').notNull().unique(),
  codCampus: integer('cod_campus').references(() => campuses.codCampus, { onDelete: 'restrict' }),
});

/** Disciplines (disciplinas, subjects taught), with the institution's own code. */
export const disciplines = pgTable('disciplines', {
  codDisciplina: serial('cod_disciplina').primaryKey(),
  codigo: text('codigo').notNull().unique(),
  nome: text('nome_disciplina').notNull(),
});

/** Professors who own teaching plans; `cod_pessoa` is the patron who signs in as them. */
export const professors = pgTable('professors', {
  codProfessor: serial('cod_professor').primaryKey(),
  nome: text('nome_professor').notNull(),
  codPessoa: integer('cod_pessoa')
    .unique()
    .references(() => people.codPessoa, { onDelete: 'set null' }),
});

/**
 * Teaching plans (planos de ensino, spec §3): a discipline of a course in a year and semester,
 * with its professor, period and vacancies; its bibliography is plan_titles.
 */
export const teachingPlans = pgTable(
  'teaching_plans',
  {
    codPlano: serial('cod_plano').primaryKey(),
    codCurso: integer('cod_curso')
      .notNull()
      .references(() => courses.codCurso, { onDelete: 'cascade' }),
    codDisciplina: integer('cod_disciplina')
      .notNull()
      .references(() => disciplines.codDisciplina, { onDelete: 'cascade' }),
    codProfessor: integer('cod_professor').references(() => professors.codProfessor, { onDelete: 'set null' }),
    ano: smallint('ano').notNull(),
    semestre: smallint('semestre').notNull(),
    periodo: smallint('periodo'),
    vagas: integer('vagas'),
  },
  (t) => [
    unique('teaching_plans_offer').on(t.codCurso, t.codDisciplina, t.ano, t.semestre),
    index('teaching_plans_disciplina_idx').on(t.codDisciplina),
    index('teaching_plans_professor_idx').on(t.codProfessor),
    check('teaching_plans_semestre', sql`${t.semestre} in (1, 2)`),
    check('teaching_plans_ano', sql`${t.ano} between 1900 and 2999`),
    check('teaching_plans_vagas', sql`${t.vagas} is null or ${t.vagas} >= 0`),
  ],
);

/** A plan's bibliography: titles of the catalogue, basic or complementary. */
export const planTitles = pgTable(
  'plan_titles',
  {
    codPlano: integer('cod_plano')
      .notNull()
      .references(() => teachingPlans.codPlano, { onDelete: 'cascade' }),
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ['basica', 'complementar'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.codPlano, t.codAcervo] }),
    index('plan_titles_acervo_idx').on(t.codAcervo),
    check('plan_titles_tipo', sql`${t.tipo} in ('basica', 'complementar')`),
  ],
);
