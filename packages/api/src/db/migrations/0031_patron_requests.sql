CREATE TABLE "patron_requests" (
	"cod_solicitacao" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"tipo" text NOT NULL,
	"subtipo" text,
	"cod_biblioteca" integer NOT NULL,
	"resumo" text NOT NULL,
	"dados" jsonb NOT NULL,
	"situacao" text DEFAULT 'aguardando' NOT NULL,
	"nota" text,
	"classificacao" text,
	"cutter" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patron_requests_tipo_valid" CHECK ("patron_requests"."tipo" in ('comutacao-bibliografica', 'levantamento-bibliografico', 'ficha-catalografica', 'pesquisa-especializada', 'emprestimo-inter-bibliotecas')),
	CONSTRAINT "patron_requests_subtipo_valid" CHECK (("patron_requests"."tipo" = 'comutacao-bibliografica') = coalesce("patron_requests"."subtipo" in ('artigo', 'parte', 'tese'), false)),
	CONSTRAINT "patron_requests_situacao_valid" CHECK ("patron_requests"."situacao" in ('aguardando', 'em_transito', 'disponivel', 'retirada', 'atendida', 'cancelada'))
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"cod_evento" serial PRIMARY KEY NOT NULL,
	"cod_solicitacao" integer NOT NULL,
	"situacao" text NOT NULL,
	"nota" text,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patron_requests" ADD CONSTRAINT "patron_requests_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patron_requests" ADD CONSTRAINT "patron_requests_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_cod_solicitacao_patron_requests_cod_solicitacao_fk" FOREIGN KEY ("cod_solicitacao") REFERENCES "public"."patron_requests"("cod_solicitacao") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patron_requests_person_idx" ON "patron_requests" USING btree ("cod_pessoa","tipo","criado_em");--> statement-breakpoint
CREATE INDEX "patron_requests_queue_idx" ON "patron_requests" USING btree ("situacao","tipo");--> statement-breakpoint
CREATE INDEX "request_events_request_idx" ON "request_events" USING btree ("cod_solicitacao");