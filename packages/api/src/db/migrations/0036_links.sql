CREATE TABLE "account_area_bases" (
	"cod_pessoa" integer PRIMARY KEY NOT NULL,
	"base" text NOT NULL,
	"alterado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_area_bases_base" CHECK ("account_area_bases"."base" in ('interna', 'externa'))
);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"id" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"recurso" text,
	"cod_pessoa" integer NOT NULL,
	"destino" text,
	"emitido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	CONSTRAINT "handovers_tipo" CHECK ("handovers"."tipo" in ('provedor', 'sessao')),
	CONSTRAINT "handovers_recurso" CHECK (("handovers"."tipo" = 'provedor') = ("handovers"."recurso" is not null)),
	CONSTRAINT "handovers_validade" CHECK ("handovers"."expira_em" > "handovers"."emitido_em")
);
--> statement-breakpoint
ALTER TABLE "account_area_bases" ADD CONSTRAINT "account_area_bases_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handovers_expira_idx" ON "handovers" USING btree ("expira_em");--> statement-breakpoint
CREATE INDEX "handovers_pessoa_idx" ON "handovers" USING btree ("cod_pessoa");