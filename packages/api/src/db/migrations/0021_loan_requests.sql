CREATE TABLE "loan_requests" (
	"cod_solicitacao" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"cod_acervo" integer NOT NULL,
	"biblioteca_origem" integer NOT NULL,
	"biblioteca_recebimento" integer NOT NULL,
	"volume" text,
	"tomo" text,
	"parte" text,
	"material" text,
	"telefone" text NOT NULL,
	"email" text NOT NULL,
	"cod_local_recebimento" smallint NOT NULL,
	"pessoa_autorizada" text,
	"domicilio" text,
	"recebimento_textual" text,
	"situacao" text DEFAULT 'aguardando' NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizada_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_requests_situacao" CHECK ("loan_requests"."situacao" in ('aguardando', 'em_transito', 'disponivel', 'retirada', 'atendida', 'cancelada')),
	CONSTRAINT "loan_requests_local" CHECK ("loan_requests"."cod_local_recebimento" in (1, 2, 3)),
	CONSTRAINT "loan_requests_home_has_address" CHECK ("loan_requests"."cod_local_recebimento" <> 2 or coalesce(btrim("loan_requests"."domicilio"), '') <> ''),
	CONSTRAINT "loan_requests_phone" CHECK ("loan_requests"."telefone" ~ '^[0-9() -]{1,16}$')
);
--> statement-breakpoint
ALTER TABLE "loan_requests" ADD CONSTRAINT "loan_requests_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_requests" ADD CONSTRAINT "loan_requests_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_requests" ADD CONSTRAINT "loan_requests_biblioteca_origem_libraries_cod_biblioteca_fk" FOREIGN KEY ("biblioteca_origem") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_requests" ADD CONSTRAINT "loan_requests_biblioteca_recebimento_libraries_cod_biblioteca_fk" FOREIGN KEY ("biblioteca_recebimento") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_requests_pessoa_idx" ON "loan_requests" USING btree ("cod_pessoa");--> statement-breakpoint
CREATE INDEX "loan_requests_acervo_idx" ON "loan_requests" USING btree ("cod_acervo","biblioteca_origem");