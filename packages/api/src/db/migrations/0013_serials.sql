CREATE TABLE "issue_articles" (
	"cod_artigo" serial PRIMARY KEY NOT NULL,
	"cod_fasciculo" integer NOT NULL,
	"seq" smallint NOT NULL,
	"titulo" text NOT NULL,
	"autores" text,
	"paginas" text,
	CONSTRAINT "issue_articles_seq" UNIQUE("cod_fasciculo","seq"),
	CONSTRAINT "issue_articles_titulo" CHECK (btrim("issue_articles"."titulo") <> '')
);
--> statement-breakpoint
CREATE TABLE "serial_issues" (
	"cod_fasciculo" serial PRIMARY KEY NOT NULL,
	"cod_acervo" integer NOT NULL,
	"cod_biblioteca" integer NOT NULL,
	"parte" text DEFAULT 'F' NOT NULL,
	"ano" smallint NOT NULL,
	"mes" smallint NOT NULL,
	"volume" text,
	"numero" text,
	"data_chegada" date,
	CONSTRAINT "serial_issues_one_per_slot" UNIQUE("cod_acervo","cod_biblioteca","parte","ano","mes","numero"),
	CONSTRAINT "serial_issues_mes" CHECK ("serial_issues"."mes" between 1 and 12),
	CONSTRAINT "serial_issues_ano" CHECK ("serial_issues"."ano" between 1500 and 2999),
	CONSTRAINT "serial_issues_parte" CHECK ("serial_issues"."parte" in ('F', 'S', 'I'))
);
--> statement-breakpoint
ALTER TABLE "issue_articles" ADD CONSTRAINT "issue_articles_cod_fasciculo_serial_issues_cod_fasciculo_fk" FOREIGN KEY ("cod_fasciculo") REFERENCES "public"."serial_issues"("cod_fasciculo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_issues" ADD CONSTRAINT "serial_issues_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_issues" ADD CONSTRAINT "serial_issues_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "serial_issues_acervo_idx" ON "serial_issues" USING btree ("cod_acervo","cod_biblioteca","ano");