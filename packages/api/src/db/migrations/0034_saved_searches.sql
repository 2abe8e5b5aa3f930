CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"nome" text NOT NULL,
	"consulta" text NOT NULL,
	"guia" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_nome_length" CHECK (char_length("saved_searches"."nome") between 1 and 100),
	CONSTRAINT "saved_searches_consulta_length" CHECK (char_length("saved_searches"."consulta") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_pessoa_idx" ON "saved_searches" USING btree ("cod_pessoa","criado_em");