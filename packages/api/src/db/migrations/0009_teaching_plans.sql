CREATE TABLE "courses" (
	"cod_curso" serial PRIMARY KEY NOT NULL,
	"nome_curso" text NOT NULL,
	"cod_campus" integer,
	CONSTRAINT "courses_nome_curso_unique" UNIQUE("nome_curso")
);
--> statement-breakpoint
CREATE TABLE "disciplines" (
	"cod_disciplina" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nome_disciplina" text NOT NULL,
	CONSTRAINT "disciplines_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "plan_titles" (
	"cod_plano" integer NOT NULL,
	"cod_acervo" integer NOT NULL,
	"tipo" text NOT NULL,
	CONSTRAINT "plan_titles_cod_plano_cod_acervo_pk" PRIMARY KEY("cod_plano","cod_acervo"),
	CONSTRAINT "plan_titles_tipo" CHECK ("plan_titles"."tipo" in ('basica', 'complementar'))
);
--> statement-breakpoint
CREATE TABLE "professors" (
	"cod_professor" serial PRIMARY KEY NOT NULL,
	"nome_professor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_plans" (
	"cod_plano" serial PRIMARY KEY NOT NULL,
	"cod_curso" integer NOT NULL,
	"cod_disciplina" integer NOT NULL,
	"cod_professor" integer,
	"ano" smallint NOT NULL,
	"semestre" smallint NOT NULL,
	"periodo" smallint,
	"vagas" integer,
	CONSTRAINT "teaching_plans_offer" UNIQUE("cod_curso","cod_disciplina","ano","semestre"),
	CONSTRAINT "teaching_plans_semestre" CHECK ("teaching_plans"."semestre" in (1, 2)),
	CONSTRAINT "teaching_plans_ano" CHECK ("teaching_plans"."ano" between 1900 and 2999),
	CONSTRAINT "teaching_plans_vagas" CHECK ("teaching_plans"."vagas" is null or "teaching_plans"."vagas" >= 0)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_cod_campus_campuses_cod_campus_fk" FOREIGN KEY ("cod_campus") REFERENCES "public"."campuses"("cod_campus") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_titles" ADD CONSTRAINT "plan_titles_cod_plano_teaching_plans_cod_plano_fk" FOREIGN KEY ("cod_plano") REFERENCES "public"."teaching_plans"("cod_plano") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_titles" ADD CONSTRAINT "plan_titles_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_plans" ADD CONSTRAINT "teaching_plans_cod_curso_courses_cod_curso_fk" FOREIGN KEY ("cod_curso") REFERENCES "public"."courses"("cod_curso") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_plans" ADD CONSTRAINT "teaching_plans_cod_disciplina_disciplines_cod_disciplina_fk" FOREIGN KEY ("cod_disciplina") REFERENCES "public"."disciplines"("cod_disciplina") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_plans" ADD CONSTRAINT "teaching_plans_cod_professor_professors_cod_professor_fk" FOREIGN KEY ("cod_professor") REFERENCES "public"."professors"("cod_professor") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_titles_acervo_idx" ON "plan_titles" USING btree ("cod_acervo");--> statement-breakpoint
CREATE INDEX "teaching_plans_disciplina_idx" ON "teaching_plans" USING btree ("cod_disciplina");--> statement-breakpoint
CREATE INDEX "teaching_plans_professor_idx" ON "teaching_plans" USING btree ("cod_professor");