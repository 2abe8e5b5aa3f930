CREATE TABLE "comments" (
	"cod_comentario" serial PRIMARY KEY NOT NULL,
	"cod_acervo" integer NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"cod_biblioteca" integer NOT NULL,
	"texto" text NOT NULL,
	"moderado" boolean DEFAULT false NOT NULL,
	"data_envio" timestamp with time zone DEFAULT now() NOT NULL,
	"data_aprovacao" timestamp with time zone,
	CONSTRAINT "comments_texto_not_blank" CHECK (btrim("comments"."texto") <> '' and length("comments"."texto") <= 2000),
	CONSTRAINT "comments_approved_when_moderated" CHECK ("comments"."moderado" = ("comments"."data_aprovacao" is not null))
);
--> statement-breakpoint
CREATE TABLE "link_accesses" (
	"cod_acesso" serial PRIMARY KEY NOT NULL,
	"cod_acervo" integer NOT NULL,
	"seq_paragrafo" smallint,
	"url" text NOT NULL,
	"cod_pessoa" integer,
	"browser" text,
	"device" text,
	"os" text,
	"acessado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_accesses" ADD CONSTRAINT "link_accesses_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_acervo_idx" ON "comments" USING btree ("cod_acervo");--> statement-breakpoint
CREATE INDEX "comments_pessoa_idx" ON "comments" USING btree ("cod_pessoa");--> statement-breakpoint
CREATE INDEX "link_accesses_acervo_idx" ON "link_accesses" USING btree ("cod_acervo");