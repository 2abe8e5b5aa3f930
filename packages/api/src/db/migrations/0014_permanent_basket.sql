CREATE TABLE "permanent_basket" (
	"cod_pessoa" integer NOT NULL,
	"cod_acervo" integer NOT NULL,
	"adicionado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permanent_basket_cod_pessoa_cod_acervo_pk" PRIMARY KEY("cod_pessoa","cod_acervo")
);
--> statement-breakpoint
ALTER TABLE "permanent_basket" ADD CONSTRAINT "permanent_basket_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permanent_basket" ADD CONSTRAINT "permanent_basket_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permanent_basket_acervo_idx" ON "permanent_basket" USING btree ("cod_acervo");