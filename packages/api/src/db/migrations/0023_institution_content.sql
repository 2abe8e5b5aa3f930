CREATE TABLE "acquisition_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"cod_campus" integer,
	"cod_biblioteca" integer NOT NULL,
	"autor" text,
	"titulo" text NOT NULL,
	"edicao" text,
	"editor" text NOT NULL,
	"isbn_issn" text,
	"periodico" boolean DEFAULT false NOT NULL,
	"outras_inf" text,
	"situacao" text DEFAULT 'pre_sugestao' NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acquisition_suggestions_required" CHECK (btrim("acquisition_suggestions"."titulo") <> '' and btrim("acquisition_suggestions"."editor") <> '')
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"idioma" text NOT NULL,
	"ordem" smallint NOT NULL,
	"pergunta" text NOT NULL,
	"resposta" text NOT NULL,
	CONSTRAINT "faq_entries_idioma" CHECK ("faq_entries"."idioma" in ('pt', 'en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "general_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"cod_biblioteca" integer NOT NULL,
	"texto" text NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "general_comments_texto" CHECK (btrim("general_comments"."texto") <> '' and length("general_comments"."texto") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "institution_content" (
	"chave" text NOT NULL,
	"idioma" text NOT NULL,
	"titulo" text NOT NULL,
	"html" text NOT NULL,
	CONSTRAINT "institution_content_chave_idioma_pk" PRIMARY KEY("chave","idioma"),
	CONSTRAINT "institution_content_idioma" CHECK ("institution_content"."idioma" in ('pt', 'en', 'es')),
	CONSTRAINT "institution_content_chave" CHECK ("institution_content"."chave" ~ '^(secao_1|secao_2|informacoes_gerais|atividade:[0-9]+)$')
);
--> statement-breakpoint
CREATE TABLE "institution_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"origem" text NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"local" text,
	"cod_campus" integer,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"link" text,
	CONSTRAINT "institution_events_origem" CHECK ("institution_events"."origem" in ('institucional', 'eventum')),
	CONSTRAINT "institution_events_period" CHECK ("institution_events"."inicio" <= "institution_events"."fim")
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"cod_biblioteca" integer NOT NULL,
	"dia_semana" smallint NOT NULL,
	"abre" time,
	"fecha" time,
	CONSTRAINT "opening_hours_cod_biblioteca_dia_semana_pk" PRIMARY KEY("cod_biblioteca","dia_semana"),
	CONSTRAINT "opening_hours_dia" CHECK ("opening_hours"."dia_semana" between 1 and 7),
	CONSTRAINT "opening_hours_times" CHECK (("opening_hours"."abre" is null) = ("opening_hours"."fecha" is null) and ("opening_hours"."abre" is null or "opening_hours"."abre" < "opening_hours"."fecha"))
);
--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD CONSTRAINT "acquisition_suggestions_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD CONSTRAINT "acquisition_suggestions_cod_campus_campuses_cod_campus_fk" FOREIGN KEY ("cod_campus") REFERENCES "public"."campuses"("cod_campus") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD CONSTRAINT "acquisition_suggestions_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_comments" ADD CONSTRAINT "general_comments_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_comments" ADD CONSTRAINT "general_comments_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_events" ADD CONSTRAINT "institution_events_cod_campus_campuses_cod_campus_fk" FOREIGN KEY ("cod_campus") REFERENCES "public"."campuses"("cod_campus") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acquisition_suggestions_pessoa_idx" ON "acquisition_suggestions" USING btree ("cod_pessoa");--> statement-breakpoint
CREATE INDEX "faq_entries_idioma_idx" ON "faq_entries" USING btree ("idioma","ordem");--> statement-breakpoint
CREATE INDEX "institution_events_fim_idx" ON "institution_events" USING btree ("origem","fim");