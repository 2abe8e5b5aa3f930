CREATE TABLE "feed_keys" (
	"cod_pessoa" integer NOT NULL,
	"tipo" text NOT NULL,
	"chave_hash" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_keys_cod_pessoa_tipo_pk" PRIMARY KEY("cod_pessoa","tipo"),
	CONSTRAINT "feed_keys_tipo_valid" CHECK ("feed_keys"."tipo" in ('alertas', 'vencimentos'))
);
--> statement-breakpoint
ALTER TABLE "feed_keys" ADD CONSTRAINT "feed_keys_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_keys_hash" ON "feed_keys" USING btree ("chave_hash");